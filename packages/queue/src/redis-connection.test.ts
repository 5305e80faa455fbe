import { Cluster, Redis } from 'ioredis';
import { isCluster, openRedis } from './redis-connection';

describe('openRedis', () => {
  it('opens one plain connection unless told the URL names a cluster node', () => {
    const redis = openRedis('redis://127.0.0.1:6390', { lazyConnect: true, maxRetriesPerRequest: 1 });
    expect(redis).toBeInstanceOf(Redis);
    expect(isCluster(redis)).toBe(false);
    redis.disconnect();
  });

  it('seeds a cluster client from the URL: its credentials and TLS go to every node, the options per node', () => {
    const retryStrategy = () => 100;
    const cluster = openRedis(
      'rediss://user:p%40ss@cache.internal:7000',
      { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: null, connectionName: 'x', retryStrategy },
      { cluster: true },
    );
    expect(cluster).toBeInstanceOf(Cluster);
    if (!isCluster(cluster)) throw new Error('not a cluster');
    expect(cluster.options).toMatchObject({ enableOfflineQueue: false, lazyConnect: true, clusterRetryStrategy: retryStrategy });
    expect(cluster.options.redisOptions).toMatchObject({
      username: 'user',
      password: 'p@ss',
      tls: {},
      maxRetriesPerRequest: null,
      connectionName: 'x',
    });
    expect((cluster as unknown as { startupNodes: unknown }).startupNodes).toEqual([{ host: 'cache.internal', port: 7000 }]);
    cluster.disconnect();
  });
});
