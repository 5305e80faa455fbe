import { Cluster, type ClusterOptions, Redis, type RedisOptions } from 'ioredis';

export type ConnectionRole = 'producer' | 'worker';

/**
 * What the service talks to: one Redis, or a Redis Cluster (REDIS_CLUSTER). Every key the
 * service writes starts with the braced queue prefix (bullPrefix), so a deployment's keys
 * share one hash slot and every multi-key command and script stays on one node.
 */
export type RedisClient = Redis | Cluster;

export interface RedisTopology {
  /** `url` names one node of a Redis Cluster; the client finds the others from it. */
  cluster?: boolean;
}

export const isCluster = (redis: RedisClient): redis is Cluster => redis instanceof Cluster;

const retryStrategy = (attempt: number) => Math.min(attempt * 200, 2000);

/**
 * A client of `url` with `options`; with `cluster`, a Redis Cluster client seeded by `url`
 * (its credentials and TLS apply to every node) with the same options per node.
 */
export function openRedis(url: string, options: RedisOptions, topology: RedisTopology = {}): RedisClient {
  if (!topology.cluster) return new Redis(url, options);
  const { retryStrategy: clusterRetryStrategy, enableOfflineQueue, lazyConnect, ...nodeOptions } = options;
  const seed = new URL(url);
  const clusterOptions: ClusterOptions = {
    clusterRetryStrategy,
    enableOfflineQueue,
    lazyConnect,
    redisOptions: {
      ...nodeOptions,
      username: seed.username ? decodeURIComponent(seed.username) : undefined,
      password: seed.password ? decodeURIComponent(seed.password) : undefined,
      tls: seed.protocol === 'rediss:' ? {} : undefined,
    },
  };
  return new Cluster([{ host: seed.hostname, port: Number(seed.port || 6379) }], clusterOptions);
}

/**
 * Workers block on Redis and must wait out outages (BullMQ requires
 * `maxRetriesPerRequest: null`). Producers sit behind HTTP requests and must fail fast so the
 * API can answer 503 instead of hanging, hence no offline queue for them.
 */
export function createRedisConnection(url: string, role: ConnectionRole): Redis;
export function createRedisConnection(url: string, role: ConnectionRole, topology: RedisTopology): RedisClient;
export function createRedisConnection(url: string, role: ConnectionRole, topology: RedisTopology = {}): RedisClient {
  const options: RedisOptions =
    role === 'worker'
      ? { maxRetriesPerRequest: null, enableReadyCheck: true }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 };
  const redis = openRedis(url, { ...options, retryStrategy, lazyConnect: false }, topology);
  // ioredis reports every failed reconnect as an 'error' event; without a listener Node
  // treats it as unhandled. Reachability is reported by /readyz and by failing commands.
  redis.on('error', () => undefined);
  return redis;
}

export async function waitUntilConnected(redis: RedisClient, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`no connection within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}
