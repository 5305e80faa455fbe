import { noJobEvents } from '@enrich/jobs';
import { createLogger } from '@enrich/logger';
import { createMetrics } from '@enrich/metrics';
import { Reconciler } from '@enrich/pipeline';
import { bullJobId, bullPrefix, createRedisConnection, QueueName } from '@enrich/queue';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { REDIS_URL, startTestStack, type TestStack } from '../support/test-stack';

// The reconciler on its own: what it does with each kind of job Postgres says is processing.
let stack: TestStack;
let connection: Redis;
let key: string;
const reconcilers: Reconciler[] = [];

function reconciler(metrics = createMetrics('worker-scrape')): Reconciler {
  const r = new Reconciler({
    db: stack.database.db,
    events: noJobEvents,
    connection,
    queuePrefix: stack.queuePrefix,
    retry: { attempts: 2, backoffMs: 10 },
    intervalMs: 60_000, // passes are run by hand below
    graceMs: 0,
    logger: createLogger('silent'),
    metrics,
  });
  reconcilers.push(r);
  return r;
}

beforeAll(async () => {
  stack = await startTestStack({ label: 'reconciler', workers: false });
  connection = createRedisConnection(REDIS_URL, 'worker');
  key = await stack.key();
});
afterAll(async () => {
  await Promise.all(reconcilers.map((r) => r.close()));
  connection.disconnect();
  await stack.stop();
});

const lockKey = () => `${bullPrefix(stack.queuePrefix)}:reconciler-lock`;

it('queues again a job whose flow Redis lost, and leaves queued jobs alone', async () => {
  const prefix = bullPrefix(stack.queuePrefix);
  const start = new Queue(QueueName.start, { connection, prefix });
  const finalize = new Queue(QueueName.finalize, { connection, prefix });
  const scrape = new Queue(QueueName.scrape, { connection, prefix });
  try {
    const lost = await stack.submit(key, 'lost.com');
    const kept = await stack.submit(key, 'kept.com');
    await stack.runStartJobs();
    // Admitted, its start job not run yet: its flow is on its way, not lost.
    const starting = await stack.submit(key, 'starting.com');
    // Redis "forgets" one flow, and one start job before it ran.
    await (await scrape.getJob(bullJobId('scrape', lost)))!.remove();
    await (await finalize.getJob(bullJobId('finalize', lost)))!.remove();
    const neverStarted = await stack.submit(key, 'never-started.com');
    const startJobs = await start.getJobs(['waiting']);
    const holding = (jobId: string) =>
      startJobs.filter((job) => (job.data as { jobs: { jobId: string }[] }).jobs.some((j) => j.jobId === jobId));
    expect(holding(starting)).toHaveLength(1);
    for (const job of holding(neverStarted)) await job.remove();
    await connection.del(lockKey());

    const metrics = createMetrics('worker-scrape');
    const report = await reconciler(metrics).runOnce();
    expect(report).toEqual({ checked: 4, requeued: 2, failed: 0, deliveriesRequeued: 0 });
    // enrich_reconciler_requeues_total{kind="job"} counts them.
    const requeues = (await metrics.reconcilerRequeues.get()).values;
    expect(requeues.map((v) => [v.labels.kind, v.value])).toEqual([['job', 2]]);
    for (const jobId of [lost, neverStarted]) {
      expect(await finalize.getJob(bullJobId('finalize', jobId))).toBeDefined();
      expect(await scrape.getJob(bullJobId('scrape', jobId))).toBeDefined();
    }
    expect(await finalize.getJob(bullJobId('finalize', starting))).toBeUndefined();
    const rows = await stack.database.db.enrichmentJob.findMany({ where: { id: { in: [lost, kept, starting, neverStarted] } } });
    expect(Object.fromEntries(rows.map((r) => [r.domain, r.requeues]))).toEqual({
      'lost.com': 1,
      'kept.com': 0,
      'starting.com': 0,
      'never-started.com': 1,
    });
  } finally {
    await Promise.all([start.close(), finalize.close(), scrape.close()]);
  }
});

it('records the failure of a job whose finalize failed while nobody told Postgres', async () => {
  const jobId = await stack.submit(key, 'orphan-failure.com');
  await stack.runStartJobs();
  const prefix = bullPrefix(stack.queuePrefix);
  // Workers with no failure recorder: as if the process died before reporting.
  const workerConnection = createRedisConnection(REDIS_URL, 'worker');
  const scrapeWorker = new Worker(QueueName.scrape, async () => 'scraped', { connection: workerConnection, prefix });
  const aiWorker = new Worker(QueueName.ai, async () => 'skipped', { connection: workerConnection, prefix });
  const finalizeWorker = new Worker(
    QueueName.finalize,
    async () => {
      throw new UnrecoverableError('merge gave up');
    },
    { connection: workerConnection, prefix },
  );
  const finalize = new Queue(QueueName.finalize, { connection, prefix });
  try {
    const deadline = Date.now() + 10_000;
    while ((await (await finalize.getJob(bullJobId('finalize', jobId)))?.getState()) !== 'failed') {
      if (Date.now() > deadline) throw new Error('finalize never failed');
      await new Promise((r) => setTimeout(r, 50));
    }
    await connection.del(lockKey());
    const report = await reconciler().runOnce();
    expect(report.failed).toBeGreaterThanOrEqual(1);
    const job = await stack.database.db.enrichmentJob.findUniqueOrThrow({ where: { id: jobId } });
    expect(job).toMatchObject({ status: 'failed', errorCode: 'ENRICHMENT_FAILED', errorMessage: 'merge gave up' });
  } finally {
    await scrapeWorker.close();
    await aiWorker.close();
    await finalizeWorker.close();
    workerConnection.disconnect();
    await finalize.close();
  }
});

it('runs one pass per interval across all workers', async () => {
  await stack.submit(key, 'pending.com');
  await connection.del(lockKey());
  const [a, b] = await Promise.all([reconciler().runOnce(), reconciler().runOnce()]);
  expect([a.checked > 0, b.checked > 0].sort()).toEqual([false, true]);
});
