import { newId } from '@enrich/db';
import { noJobEvents } from '@enrich/jobs';
import { createLogger } from '@enrich/logger';
import { createMetrics } from '@enrich/metrics';
import { Reconciler } from '@enrich/pipeline';
import { bullJobId, QueueName } from '@enrich/queue';
import { sleep } from '@enrich/testkit';
import { UnrecoverableError } from 'bullmq';
import { metricTotal } from '../support/metric-total';
import { startTestStack, type TestStack } from '../support/test-stack';

// The reconciler on its own: what it does with each kind of job Postgres says is processing,
// on whichever queue store the run uses.
let stack: TestStack;
let key: string;
// Passes are run by hand below; the lease a pass takes lasts 100 ms (most of this interval).
const INTERVAL_MS = 120;
const leaseExpired = () => sleep(INTERVAL_MS + 30);
const reconcilers: Reconciler[] = [];

function reconciler(metrics = createMetrics('worker-scrape')): Reconciler {
  const r = new Reconciler({
    db: stack.database.db,
    events: noJobEvents,
    queues: stack.context.queues,
    retry: { attempts: 2, backoffMs: 10 },
    intervalMs: INTERVAL_MS,
    graceMs: 0,
    logger: createLogger('silent'),
    metrics,
  });
  reconcilers.push(r);
  return r;
}

beforeAll(async () => {
  stack = await startTestStack({ label: 'reconciler', workers: false });
  key = await stack.key();
});
afterAll(async () => {
  await Promise.all(reconcilers.map((r) => r.close()));
  await stack.stop();
});

it('queues again a job whose flow the queue store lost, and leaves queued jobs alone', async () => {
  const queues = stack.context.queues;
  const [start, finalize, scrape] = [queues.queue(QueueName.start), queues.queue(QueueName.finalize), queues.queue(QueueName.scrape)];
  {
    const lost = await stack.submit(key, 'lost.com');
    const kept = await stack.submit(key, 'kept.com');
    await stack.runStartJobs();
    // Admitted, its start job not run yet: its flow is on its way, not lost.
    const starting = await stack.submit(key, 'starting.com');
    // The store "forgets" one flow, and one start job before it ran.
    await (await scrape.getJob(bullJobId('scrape', lost)))!.remove();
    await (await finalize.getJob(bullJobId('finalize', lost)))!.remove();
    const neverStarted = await stack.submit(key, 'never-started.com');
    const startJobs = await start.getJobs(['waiting']);
    const holding = (jobId: string) =>
      startJobs.filter((job) => (job.data as { jobs: { jobId: string }[] }).jobs.some((j) => j.jobId === jobId));
    expect(holding(starting)).toHaveLength(1);
    for (const job of holding(neverStarted)) await job.remove();
    await leaseExpired();

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
  }
});

/**
 * Runs the job's flow on workers that record nothing, its finalize failing for good: as if the
 * process died before reporting, or BullMQ failed the job itself (stalled too often).
 */
async function failFinalizeUnrecorded(jobId: string): Promise<void> {
  await stack.runStartJobs();
  const queues = await stack.workerQueues();
  const scrapeWorker = queues.worker(QueueName.scrape, async () => 'scraped', {});
  const aiWorker = queues.worker(QueueName.ai, async () => 'skipped', {});
  const finalizeWorker = queues.worker(
    QueueName.finalize,
    async () => {
      throw new UnrecoverableError('merge gave up');
    },
    {},
  );
  const finalize = queues.queue(QueueName.finalize);
  try {
    const deadline = Date.now() + 10_000;
    while ((await (await finalize.getJob(bullJobId('finalize', jobId)))?.getState()) !== 'failed') {
      if (Date.now() > deadline) throw new Error('finalize never failed');
      await sleep(50);
    }
  } finally {
    await scrapeWorker.close();
    await aiWorker.close();
    await finalizeWorker.close();
  }
}

it('records the failure of a job whose finalize failed while nobody told Postgres', async () => {
  const jobId = await stack.submit(key, 'orphan-failure.com');
  await failFinalizeUnrecorded(jobId);
  await leaseExpired();
  const report = await reconciler().runOnce();
  expect(report.failed).toBeGreaterThanOrEqual(1);
  const job = await stack.database.db.enrichmentJob.findUniqueOrThrow({ where: { id: jobId } });
  expect(job).toMatchObject({ status: 'failed', errorCode: 'ENRICHMENT_FAILED', errorMessage: 'merge gave up' });
});

it('ends the check of the monitor whose job the reconciler failed: failing, with the error', async () => {
  const { db } = stack.database;
  const jobId = await stack.submit(key, 'orphan-check.com');
  const { teamId } = await db.enrichmentJob.findUniqueOrThrow({ where: { id: jobId } });
  // The monitor whose check this job is (as the sweep leaves it), last checked a day ago.
  const dayAgo = new Date(Date.now() - 86_400_000);
  const monitor = await db.monitor.create({
    data: {
      id: newId('mon'),
      teamId,
      domain: 'orphan-check.com',
      interval: 'daily',
      phase: 0.5,
      checkJobId: jobId,
      lastCheckedAt: dayAgo,
      nextCheckAt: new Date(Date.now() + 86_400_000),
    },
  });
  await failFinalizeUnrecorded(jobId);
  await leaseExpired();
  const metrics = createMetrics('worker-scrape');
  await reconciler(metrics).runOnce();
  const ended = await db.monitor.findUniqueOrThrow({ where: { id: monitor.id } });
  expect(ended).toMatchObject({ state: 'failing', lastErrorCode: 'ENRICHMENT_FAILED', lastErrorMessage: 'merge gave up' });
  expect(ended.lastCheckedAt!.getTime()).toBeGreaterThan(dayAgo.getTime());
  expect(await metricTotal(metrics, 'enrich_monitor_checks_total', { outcome: 'failing' })).toBe(1);
});

it('runs one pass per interval across all workers', async () => {
  await stack.submit(key, 'pending.com');
  await leaseExpired();
  const [a, b] = await Promise.all([reconciler().runOnce(), reconciler().runOnce()]);
  expect([a.checked > 0, b.checked > 0].sort()).toEqual([false, true]);
});
