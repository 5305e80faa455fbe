import { envDecimal, envInt, envString } from '@enrich/config';
import { hostMapSetting } from '@enrich/net-guard';
import { z } from 'zod';
import { parseRetrySchedule } from './retry-schedule';

// Webhook settings, read by the API (registration checks, rotation) and by worker-webhooks
// (delivery). Parsed at start-up: a bad value stops the process naming the variable.
export const webhookEnv = z.object({
  // Test and staging receivers: `hooks.example.test=127.0.0.1:4300` sends deliveries for that name
  // (and its subdomains) over plain HTTP to that address, and lets it be registered. Literal
  // private addresses and names resolving to them stay refused.
  WEBHOOK_HOST_MAP: hostMapSetting('WEBHOOK_HOST_MAP'),
  // One attempt's deadline, connection to last byte of the answer.
  WEBHOOK_TIMEOUT_MS: envInt(15_000, 100, 120_000),
  // Waits before each retry of a failed delivery (ms, s, m, h); one attempt plus one per wait.
  WEBHOOK_RETRY_SCHEDULE: envString('5s,1m,5m,30m,2h,5h,10h,10h').transform((text, ctx) => {
    try {
      return parseRetrySchedule(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  // An endpoint is disabled after this many failed attempts in a row (no success between)…
  WEBHOOK_DISABLE_AFTER_FAILURES: envInt(50, 1, 1_000_000),
  // …that went on for at least this long, so a short outage under heavy traffic does not disable it.
  WEBHOOK_DISABLE_AFTER_HOURS: envDecimal(24, 0, 24 * 365),
  // How long the previous secret keeps signing after a rotation, unless the request says otherwise.
  WEBHOOK_SECRET_OVERLAP_HOURS: envDecimal(24, 0, 24 * 30),
  // Deliveries one worker-webhooks process makes at once.
  WEBHOOK_CONCURRENCY: envInt(20, 1, 1000),
  WEBHOOK_USER_AGENT: envString('CompanyEnrichment-Webhooks/1.0'),
});
export type WebhookConfig = z.infer<typeof webhookEnv>;
