import type { Db } from '@enrich/db';
import type { Logger } from '@enrich/logger';
import type { Metrics } from '@enrich/metrics';
import type { JobName, RedisClient } from '@enrich/queue';
import { startHeartbeat } from './heartbeat';
import { createStepWorker, type Step, type StepWorkerOptions } from './step-worker';

export interface StepProcessOptions {
  connection: RedisClient;
  db: Db;
  logger: Logger;
  metrics: Metrics;
  queuePrefix: string;
  concurrency: number;
  lockDurationMs: number;
  /** WORKER_HEARTBEAT_FILE, when set. */
  heartbeatFile: string | undefined;
  /** BullMQ's spans when traces are on (StepWorkerOptions.telemetry). */
  telemetry?: StepWorkerOptions['telemetry'];
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
  const { connection, db, logger } = options;
  const worker = createStepWorker(name, step, {
    connection,
    queuePrefix: options.queuePrefix,
    concurrency: options.concurrency,
    lockDurationMs: options.lockDurationMs,
    logger,
    metrics: options.metrics,
    onGiveUpError: (error, stepName) => logger.error('could not record a step failure', { step: stepName, error }),
    telemetry: options.telemetry,
  });
  worker.on('error', (error) => logger.warn('worker error', { queue: worker.name, error: error.message }));
  await worker.waitUntilReady();
  const stopHeartbeat = options.heartbeatFile
    ? startHeartbeat(options.heartbeatFile, {
        redis: connection,
        db,
        queuePrefix: options.queuePrefix,
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
