import { aiEnv } from '@enrich/ai';
import { databaseEnv, envInt, logEnv, pipelineEnv, redisEnv } from '@enrich/config';
import { z } from 'zod';

export const aiWorkerEnv = z
  .object({
    // AI steps taken from the queue at once; calls to the model are further capped by AI_CONCURRENCY.
    AI_STEP_CONCURRENCY: envInt(8, 1, 500),
    WORKER_LOCK_DURATION_MS: envInt(30_000, 1000, 600_000),
    // When set, rewritten every 10 s while the worker is healthy (for container health checks).
    WORKER_HEARTBEAT_FILE: z.string().trim().optional(),
  })
  .extend(aiEnv.shape)
  .extend(databaseEnv.shape)
  .extend(redisEnv.shape)
  .extend(pipelineEnv.shape)
  .extend(logEnv.shape);
export type AiWorkerConfig = z.infer<typeof aiWorkerEnv>;
