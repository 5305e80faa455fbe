import { type AiSource, createAiSource } from '@enrich/ai';
import { createPrismaClient, sqlPool } from '@enrich/db';
import type { Logger } from '@enrich/logger';
import type { Metrics } from '@enrich/metrics';
import { aiStep } from '@enrich/pipeline/ai-step';
import { openQueueStore } from '@enrich/queue';
import { runStepProcess } from '@enrich/worker-runtime';
import type { Telemetry } from 'bullmq';
import type { AiWorkerConfig } from './worker-config';

export interface RunningAiWorker {
  ai: AiSource;
  close(): Promise<void>;
}

/** One worker-ai process: the AI step of every job, on its own queue, scaled on its own. */
export async function startAiWorker(
  config: AiWorkerConfig,
  logger: Logger,
  metrics: Metrics,
  options: { baseURL?: string; telemetry?: Telemetry } = {},
): Promise<RunningAiWorker> {
  const db = createPrismaClient(config.DATABASE_URL, { maxConnections: Math.min(20, config.AI_STEP_CONCURRENCY + 2) });
  const { telemetry, ...aiOptions } = options;
  const queues = await openQueueStore(config, { role: 'worker', telemetry, sharedPool: sqlPool(db) });
  const ai = createAiSource(config, { logger, ...aiOptions });
  const sharedRun = { pollMs: config.SHARED_RUN_POLL_MS, maxWaitMs: config.SHARED_RUN_MAX_WAIT_MS };
  const prices = { inputUsdPerMTok: config.LLM_PRICE_INPUT_USD_PER_MTOK, outputUsdPerMTok: config.LLM_PRICE_OUTPUT_USD_PER_MTOK };
  const worker = await runStepProcess('ai', aiStep({ db, ai, sharedRun, metrics, prices }), {
    queues,
    db,
    logger,
    metrics,
    concurrency: config.AI_STEP_CONCURRENCY,
    lockDurationMs: config.WORKER_LOCK_DURATION_MS,
    heartbeatFile: config.WORKER_HEARTBEAT_FILE,
  });
  return {
    ai,
    async close() {
      await worker.close();
      await queues.close();
      await db.$disconnect();
    },
  };
}
