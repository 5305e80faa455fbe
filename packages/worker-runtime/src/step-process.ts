import type { Db } from '@enrich/db';
import type { Logger } from '@enrich/logger';
import type { Metrics } from '@enrich/metrics';
import type { JobName, QueueStore } from '@enrich/queue';
import { startHeartbeat } from './heartbeat';
import { createStepWorker, type Step } from './step-worker';

export interface StepProcessOptions {
  queues: QueueStore;
  db: Db;
  logger: Logger;
  metrics: Metrics;
  concurrency: number;
  lockDurationMs: number;
  /** WORKER_HEARTBEAT_FILE, when set. */
  heartbeatFile: string | undefined;
}

/**
 * A worker process that runs one step (worker-ai, worker-webhooks): its queue worker, errors
 * logged rather than crashing on them, ready once connected, and the heartbeat file kept while
 * it runs. `close` stops both; the caller closes its connections after.
 */
export async function runStepProcess<N extends JobName>(
  name: N,
  step: Step<N>,
  options: StepProcessOptions,
): Promise<{ close(): Promise<void> }> {
  const { queues, db, logger } = options;
  const worker = createStepWorker(name, step, {
    queues,
    concurrency: options.concurrency,
    lockDurationMs: options.lockDurationMs,
    logger,
    metrics: options.metrics,
    onGiveUpError: (error, stepName) => logger.error('could not record a step failure', { step: stepName, error }),
  });
  worker.on('error', (error) => logger.warn('worker error', { queue: worker.name, error: error.message }));
  await worker.waitUntilReady();
  const stopHeartbeat = options.heartbeatFile
    ? startHeartbeat(options.heartbeatFile, {
        queues,
        db,
        isRunning: () => worker.isRunning(),
      })
    : () => undefined;
  return {
    async close() {
      stopHeartbeat();
      await worker.close();
    },
  };
}
