import type { OneOffWebhook } from '@enrich/jobs';
import { checkWebhookUrl, newWebhookSecret } from '@enrich/webhooks';
import type { AppContext } from '../app-context';

/**
 * A submission's one-off `webhookUrl`, checked by the address guard like a registered
 * endpoint's (400 INVALID_WEBHOOK_URL otherwise), with a new signing secret that the 202
 * answer shows once. Checked after the rate limiter, like every other part of a submission.
 */
export async function oneOffWebhook(ctx: AppContext, url: string | undefined): Promise<OneOffWebhook | null> {
  if (url === undefined) return null;
  return { url: await checkWebhookUrl(url, { hostMap: ctx.config.WEBHOOK_HOST_MAP }), secret: newWebhookSecret() };
}
