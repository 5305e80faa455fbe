import { type AiSource, createAiSource } from '@enrich/ai';
import { createPrismaClient } from '@enrich/db';
import type { Logger } from '@enrich/logger';
import { aiStep, startHeartbeat } from '@enrich/pipeline';
import { createRedisConnection, createStepWorker } from '@enrich/queue';
import type { AiWorkerConfig } from './worker-config';

export interface RunningAiWorker {
  ai: AiSource;
  close(): Promise<void>;
}

/** One worker-ai process: the AI step of every job, on its own queue, scaled on its own. */
export async function startAiWorker(config: AiWorkerConfig, logger: Logger, options: { baseURL?: string } = {}): Promise<RunningAiWorker> {
  const db = createPrismaClient(config.DATABASE_URL, { maxConnections: Math.min(20, config.AI_STEP_CONCURRENCY + 2) });
  const connection = createRedisConnection(config.REDIS_URL, 'worker');
  const ai = createAiSource(config, { logger, ...options });
  const sharedRun = { pollMs: config.SHARED_RUN_POLL_MS, maxWaitMs: config.SHARED_RUN_MAX_WAIT_MS };
  const worker = createStepWorker('ai', aiStep({ db, ai, sharedRun, logger }), {
    connection,
    queuePrefix: config.QUEUE_PREFIX,
    concurrency: config.AI_STEP_CONCURRENCY,
    lockDurationMs: config.WORKER_LOCK_DURATION_MS,
    onGiveUpError: (error, step) => logger.error('could not record a step failure', { step, error }),
  });
  worker.on('error', (error) => logger.warn('worker error', { queue: worker.name, error: error.message }));
  await worker.waitUntilReady();
  const stopHeartbeat = config.WORKER_HEARTBEAT_FILE
    ? startHeartbeat(config.WORKER_HEARTBEAT_FILE, { redis: connection, db, isRunning: () => worker.isRunning() })
    : () => undefined;
  return {
    ai,
    async close() {
      stopHeartbeat();
      await worker.close();
      connection.disconnect();
      await db.$disconnect();
    },
  };
}
