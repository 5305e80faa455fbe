import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRedisConnection, RedisQueueStore } from '@enrich/queue';
import { eventually, sleep } from '@enrich/testkit';
import { startHeartbeat } from '@enrich/worker-runtime';
import { startTestStack, type TestStack } from '../support/test-stack';

// The heartbeat file container health checks read: written while the worker runs and reaches
// Redis and Postgres, not written when it cannot.
let stack: TestStack;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'heartbeat-'));
  stack = await startTestStack({ label: 'heartbeat', workers: false, env: { WORKER_HEARTBEAT_FILE: path.join(dir, 'beat') } });
});
afterAll(async () => {
  await stack.stop();
  await rm(dir, { recursive: true, force: true });
});

it('a running worker writes its heartbeat file', async () => {
  const file = path.join(dir, 'beat');
  await stack.startWorkers();
  await eventually(() => existsSync(file), 3000);
  expect(Date.now() - Date.parse(await readFile(file, 'utf8'))).toBeLessThan(5000);
});

it('no heartbeat while the queue store cannot be reached', async () => {
  const file = path.join(dir, 'no-redis');
  const queues = new RedisQueueStore(createRedisConnection('redis://127.0.0.1:1', 'producer'), 'unreachable');
  const stop = startHeartbeat(file, { queues, db: stack.database.db, isRunning: () => true });
  await sleep(500);
  stop();
  await queues.close();
  expect(existsSync(file)).toBe(false);
});
