import { AppError, ErrorCode } from '@enrich/errors';
import { checkPublicUrl, type PublicUrlOptions } from '@enrich/net-guard';
import { z } from 'zod';

export const MAX_WEBHOOK_URL = 2000;

/** A webhook URL as a request gives it: its shape here, its address by checkWebhookUrl. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, 'the webhook URL is empty')
  .max(MAX_WEBHOOK_URL, `the webhook URL is longer than ${MAX_WEBHOOK_URL} characters`)
  .meta({ description: 'https:// (or http://) URL on a public address', example: 'https://hooks.acme.com/enrichment' });

/**
 * The URL, normalised, when deliveries may go there; otherwise 400 INVALID_WEBHOOK_URL with
 * `details.reason` (invalid_url, unsupported_scheme, credentials, private_address,
 * unresolvable). The address guard of the scraper decides: no private, loopback, link-local
 * or metadata address, literal or resolved. Deliveries are checked again on every attempt.
 */
export async function checkWebhookUrl(text: string, options: PublicUrlOptions): Promise<string> {
  const checked = await checkPublicUrl(text, options);
  if (!checked.ok) {
    throw new AppError(ErrorCode.INVALID_WEBHOOK_URL, `webhook URL refused: ${checked.message}`, { details: { reason: checked.reason } });
  }
  return checked.url.href;
}
