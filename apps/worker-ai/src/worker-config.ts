import { aiEnv } from '@enrich/ai';
import { envInt, workerBaseEnv } from '@enrich/config';
import { metricsEnv } from '@enrich/metrics';
import { z } from 'zod';

export const aiWorkerEnv = z
  .object({
    // AI steps taken from the queue at once; calls to the model are further capped by AI_CONCURRENCY.
    AI_STEP_CONCURRENCY: envInt(8, 1, 500),
  })
  .extend(workerBaseEnv.shape)
  .extend(aiEnv.shape)
  // GET /metrics on its own port (9466 by default).
  .extend(metricsEnv(9466).shape);
export type AiWorkerConfig = z.infer<typeof aiWorkerEnv>;
