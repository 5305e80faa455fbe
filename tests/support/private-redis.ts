import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '@enrich/testkit';
import { Redis } from 'ioredis';

/**
 * A Redis server of the test's own, so that the test can flush it (as a restarted,
 * memory-only Redis would be) without touching the queues of other tests.
 */
export async function startPrivateRedis(): Promise<{ url: string; flushAll(): Promise<void>; stop(): Promise<void> }> {
  const port = await freePort();
  const binary = process.env.REDIS_SERVER_BIN ?? 'redis-server';
  const child: ChildProcess = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: () => 50 });
  client.on('error', () => undefined);
  await client.ping();
  return {
    url,
    async flushAll() {
      await client.flushall();
    },
    async stop() {
      client.disconnect();
      child.kill('SIGKILL');
    },
  };
}
