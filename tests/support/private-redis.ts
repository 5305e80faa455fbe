import { startRedisServer } from '@enrich/testkit';
import { Redis } from 'ioredis';

/**
 * A Redis server of the test's own, so that the test can flush it (as a restarted,
 * memory-only Redis would be) without touching the queues of other tests.
 */
export async function startPrivateRedis(): Promise<{ url: string; flushAll(): Promise<void>; stop(): Promise<void> }> {
  const server = await startRedisServer();
  const client = new Redis(server.url, { maxRetriesPerRequest: null, retryStrategy: () => 50 });
  client.on('error', () => undefined);
  await client.ping();
  return {
    url: server.url,
    async flushAll() {
      await client.flushall();
    },
    async stop() {
      client.disconnect();
      server.stop();
    },
  };
}
