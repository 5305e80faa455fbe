import { workerBaseEnv } from '@enrich/config';
import { metricsEnv } from '@enrich/metrics';
import { webhookEnv } from '@enrich/webhooks';
import type { z } from 'zod';

// GET /metrics on its own port (9467 by default).
export const webhookWorkerEnv = webhookEnv.extend(workerBaseEnv.shape).extend(metricsEnv(9467).shape);
export type WebhookWorkerConfig = z.infer<typeof webhookWorkerEnv>;
