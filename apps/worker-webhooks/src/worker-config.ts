import { workerBaseEnv } from '@enrich/config';
import { webhookEnv } from '@enrich/webhooks';

export const webhookWorkerEnv = webhookEnv.extend(workerBaseEnv.shape);
export type WebhookWorkerConfig = ReturnType<typeof webhookWorkerEnv.parse>;
