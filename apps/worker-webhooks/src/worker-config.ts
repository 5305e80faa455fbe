import { workerBaseEnv } from '@enrich/config';
import { webhookEnv } from '@enrich/webhooks';
import type { z } from 'zod';

export const webhookWorkerEnv = webhookEnv.extend(workerBaseEnv.shape);
export type WebhookWorkerConfig = z.infer<typeof webhookWorkerEnv>;
