import { createPrismaClient } from '@enrich/db';
import type { Logger } from '@enrich/logger';
import { finalizeStep, Reconciler, recordFinalFailures, settleBatchById } from '@enrich/pipeline';
import { createRedisConnection, createStepWorker } from '@enrich/queue';
import { startHeartbeat } from './heartbeat';
import { scrapeStep } from './scrape-step';
import type { WorkerConfig } from './worker-config';

export interface RunningWorkers {
  close(): Promise<void>;
}

/**
 * Everything one worker-scrape process runs: the scrape step, the finalize step, the batch
 * step and the reconciler. Holds no state between jobs, so any number of replicas can run side by side.
 */
export async function startWorkers(config: WorkerConfig, logger: Logger): Promise<RunningWorkers> {
  const db = createPrismaClient(config.DATABASE_URL, { maxConnections: Math.min(20, config.SCRAPE_CONCURRENCY + 5) });
  const connection = createRedisConnection(config.REDIS_URL, 'worker');
  const retry = { attempts: config.JOB_ATTEMPTS, backoffMs: config.JOB_BACKOFF_MS };
  const common = { connection, queuePrefix: config.QUEUE_PREFIX, lockDurationMs: config.WORKER_LOCK_DURATION_MS };
  const settings = {
    hostMap: config.SCRAPER_HOST_MAP,
    timeoutMs: config.SCRAPER_TIMEOUT_MS,
    maxBytes: config.SCRAPER_MAX_BYTES,
    maxRedirects: config.SCRAPER_MAX_REDIRECTS,
    userAgent: config.SCRAPER_USER_AGENT,
  };

  const scrape = createStepWorker(
    'scrape',
    (payload, job) => scrapeStep({ db, settings, logger }, payload, job.attemptsMade + 1 >= (job.opts.attempts ?? 1)),
    { ...common, concurrency: config.SCRAPE_CONCURRENCY },
  );
  const finalize = createStepWorker(
    'finalize',
    (payload, job) => finalizeStep(db, payload, async () => Object.values(await job.getIgnoredChildrenFailures())),
    { ...common, concurrency: config.FINALIZE_CONCURRENCY },
  );
  const batch = createStepWorker('batch', (payload) => settleBatchById(db, payload.batchId), { ...common, concurrency: 5 });
  // Jobs end in finalize, also when a step before it gave up; finalize's own final failure
  // is recorded here.
  recordFinalFailures(finalize, db, logger);
  for (const worker of [scrape, finalize, batch]) {
    // Connection blips are retried by ioredis and BullMQ; log them, never crash on them.
    worker.on('error', (error) => logger.warn('worker error', { queue: worker.name, error: error.message }));
  }

  const reconciler = new Reconciler({
    db,
    connection,
    queuePrefix: config.QUEUE_PREFIX,
    retry,
    intervalMs: config.RECONCILE_INTERVAL_MS,
    graceMs: config.RECONCILE_GRACE_MS,
    logger,
  });
  reconciler.start();
  await Promise.all([scrape.waitUntilReady(), finalize.waitUntilReady(), batch.waitUntilReady()]);
  const stopHeartbeat = config.WORKER_HEARTBEAT_FILE
    ? startHeartbeat(config.WORKER_HEARTBEAT_FILE, {
        redis: connection,
        db,
        isRunning: () => scrape.isRunning() && finalize.isRunning() && batch.isRunning(),
      })
    : () => undefined;

  return {
    async close() {
      stopHeartbeat();
      await reconciler.close();
      await Promise.all([scrape.close(), finalize.close(), batch.close()]);
      connection.disconnect();
      await db.$disconnect();
    },
  };
}
