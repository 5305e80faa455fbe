import { Redis, type RedisOptions } from 'ioredis';

export type ConnectionRole = 'producer' | 'worker';

/**
 * Workers block on Redis and must wait out outages (BullMQ requires
 * `maxRetriesPerRequest: null`). Producers sit behind HTTP requests and must fail fast so the
 * API can answer 503 instead of hanging, hence no offline queue for them.
 */
export function createRedisConnection(url: string, role: ConnectionRole): Redis {
  const options: RedisOptions =
    role === 'worker'
      ? { maxRetriesPerRequest: null, enableReadyCheck: true }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 };
  const redis = new Redis(url, {
    ...options,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    lazyConnect: false,
  });
  // ioredis reports every failed reconnect as an 'error' event; without a listener Node
  // treats it as unhandled. Reachability is reported by /readyz and by failing commands.
  redis.on('error', () => undefined);
  return redis;
}

export async function waitUntilConnected(redis: Redis, timeoutMs: number): Promise<void> {
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
