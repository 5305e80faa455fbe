import { writeFile } from 'node:fs/promises';
import type { Db } from '@enrich/db';
import type { Logger } from '@enrich/logger';
import type { Metrics } from '@enrich/metrics';
import { createStepWorker, type JobName, pingDeployment, type RedisClient, type Step, type StepWorkerOptions } from '@enrich/queue';

export const HEARTBEAT_INTERVAL_MS = 10_000;

/**
 * A worker has no HTTP port, so container health checks look at a file instead: it is
 * rewritten while the worker can reach Redis and PostgreSQL, and goes stale when it cannot
 * or when the process hangs.
 */
export function startHeartbeat(
  file: string,
  // queuePrefix: on a Redis Cluster the beat needs the master of the deployment's slot, not any node.
  deps: { redis: RedisClient; db: Db; isRunning: () => boolean; queuePrefix?: string },
): () => void {
  const beat = async () => {
    try {
      if (!deps.isRunning()) return;
      const redis = deps.queuePrefix === undefined ? deps.redis.ping() : pingDeployment(deps.redis, deps.queuePrefix);
      await Promise.all([redis, deps.db.$queryRaw`SELECT 1`]);
      await writeFile(file, new Date().toISOString());
    } catch {
      // A missed beat is the signal; the next one may succeed.
    }
  };
  void beat();
  const timer = setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);
  return () => clearInterval(timer);
}

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
