import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

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
