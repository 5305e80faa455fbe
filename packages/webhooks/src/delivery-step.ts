import type { Db } from '@enrich/db';
import { FetchError, fetchResource, type HostAgents } from '@enrich/guarded-fetch';
import type { Metrics } from '@enrich/metrics';
import type { HostMap, Resolver } from '@enrich/net-guard';
import type { Step } from '@enrich/worker-runtime';
import {
  type AttemptOutcome,
  type AttemptResult,
  attemptOutcome,
  type DisablePolicy,
  deferDelivery,
  failDelivery,
  judgeAttempt,
  loadDelivery,
  payloadOf,
  recordAttempt,
} from './delivery-attempt';
import { signatureHeaders } from './signing';

/** The first 1 KB of an answer is kept with its attempt. */
const EXCERPT_BYTES = 1024;
/** A delivery taken up this much before its next attempt's time waits for it. */
const EARLY_MS = 50;
/** After an internal fault outlasted the queue's retries, the delivery is tried again this much later… */
const DEFER_MS = 60_000;
/** …unless it has been owed longer than its whole retry schedule and a day more. */
const maxAgeMs = (schedule: readonly number[]) => schedule.reduce((sum, wait) => sum + wait, 0) + 24 * 3_600_000;

export interface WebhookDeliverySettings {
  /** WEBHOOK_HOST_MAP: test and staging receivers. */
  hostMap: HostMap;
  timeoutMs: number;
  userAgent: string;
  /** Waits before each retry. */
  schedule: readonly number[];
  disable: DisablePolicy;
  /** Keep-alive pools shared by this worker's deliveries; without them each attempt opens a connection. */
  agents?: HostAgents;
  /** Replaces DNS (tests). */
  resolve?: Resolver;
}

export interface WebhookStepDeps {
  db: Db;
  /** The worker's metrics: each attempt (its outcome and duration), each delivery's end and its lag. */
  metrics: Metrics;
  delivery: WebhookDeliverySettings;
}

// NUL cannot be stored in a Postgres text column.
const excerpt = (body: Buffer): string | null => (body.length === 0 ? null : body.toString('utf8').replace(/\0/g, '\uFFFD'));

/**
 * One signed POST through the guarded fetcher: the address guard on the resolved
 * address (or the host map), one deadline for the whole attempt, redirects handed back rather
 * than followed, and only the first 1 KB of the answer read.
 */
async function post(url: string, body: string, headers: Record<string, string>, settings: WebhookDeliverySettings) {
  try {
    const res = await fetchResource(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: Buffer.from(body),
      followRedirects: false,
      truncateBody: true,
      maxBytes: EXCERPT_BYTES,
      hostMap: settings.hostMap,
      timeoutMs: settings.timeoutMs,
      userAgent: settings.userAgent,
      agents: settings.agents,
      resolve: settings.resolve,
    });
    const location = res.headers.location;
    const result: AttemptResult = { kind: 'response', status: res.status, retryAfter: res.headers['retry-after'], location };
    return { result, excerpt: excerpt(res.body) };
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    const final = error.kind === 'blocked' || error.kind === 'invalid_url';
    return { result: { kind: 'error', message: `${error.kind}: ${error.message}`, final } satisfies AttemptResult, excerpt: null };
  }
}

/**
 * Delivers one owed webhook message: signed (every secret in force), POSTed, logged, and
 * judged; a retry waits in the queue (delayed, no worker slot held) until its time. Postgres
 * says where each delivery stands, so running it twice sends nothing more once it has ended.
 */
export function webhookStep(deps: WebhookStepDeps): Step<'webhook'> {
  const { db, delivery: settings, metrics } = deps;
  // Label children resolved once: an attempt's outcome and duration (step="webhook_delivery").
  const attempts: Record<AttemptOutcome, { inc(): void }> = {
    ok: metrics.webhookAttempts.labels('ok'),
    http_error: metrics.webhookAttempts.labels('http_error'),
    network_error: metrics.webhookAttempts.labels('network_error'),
    refused: metrics.webhookAttempts.labels('refused'),
  };
  const tookOk = metrics.stepDuration.labels('webhook_delivery', 'ok');
  const tookFailed = metrics.stepDuration.labels('webhook_delivery', 'failed');
  const delivered = metrics.webhookDeliveries.labels('delivered');
  const exhausted = metrics.webhookDeliveries.labels('exhausted');
  return {
    async run({ deliveryId, requestId }, ctx) {
      const delivery = await loadDelivery(db, deliveryId);
      if (!delivery) return { skipped: 'no such delivery' };
      if (delivery.status !== 'pending') return { skipped: `delivery is ${delivery.status}` };
      // A second copy of its queue job (a stalled run taken over) waits for the retry's time too.
      const early = delivery.nextAttemptAt.getTime() - Date.now();
      if (early > EARLY_MS) await ctx.waitAndRetry(early);
      if (!delivery.enabled) {
        await failDelivery(db, delivery.id, `endpoint disabled: ${delivery.disabledReason ?? 'no reason given'}`);
        return { skipped: 'endpoint disabled' };
      }
      const body = await payloadOf(db, delivery);
      if (body === null) {
        await failDelivery(db, delivery.id, 'its job or batch no longer exists');
        return { skipped: 'subject gone' };
      }
      const at = new Date();
      const started = performance.now();
      // The request id of the submission that owed it, so that both sides can quote the same id.
      const headers = { ...signatureHeaders(delivery.id, body, delivery.secrets, at), ...(requestId ? { 'x-request-id': requestId } : {}) };
      const { result, excerpt: responseExcerpt } = await post(delivery.url, body, headers, settings);
      const durationMs = performance.now() - started;
      const outcome = attemptOutcome(result);
      attempts[outcome].inc();
      (outcome === 'ok' ? tookOk : tookFailed).observe(durationMs / 1000);
      const verdict = judgeAttempt(result, delivery.attempts + 1 - delivery.roundStart, settings.schedule);
      const recorded = await recordAttempt(
        db,
        delivery,
        body,
        {
          at,
          durationMs,
          statusCode: result.kind === 'response' ? result.status : null,
          responseExcerpt,
          error: result.kind === 'error' ? result.message : null,
        },
        verdict,
        settings.disable,
      );
      ctx.logger.info('webhook attempt', {
        deliveryId: delivery.id,
        attempt: delivery.attempts + 1,
        status: result.kind === 'response' ? result.status : null,
        error: result.kind === 'error' ? result.message : undefined,
        ms: Math.round(durationMs * 10) / 10,
        outcome: recorded.status,
      });
      if (recorded.status === 'delivered') {
        delivered.inc();
        // From the event (the delivery row is written with the job's or batch's end) to its success.
        metrics.webhookLag.observe(Math.max(0, Date.now() - delivery.createdAt.getTime()) / 1000);
      } else if (recorded.status === 'failed') exhausted.inc();
      if (recorded.status === 'pending') await ctx.waitAndRetry(recorded.retryInMs);
      return { status: recorded.status };
    },
    async giveUp({ deliveryId }, error, ctx) {
      // Ours, not the receiver's: never a reason to drop the delivery (see deferDelivery).
      const reason = `internal error ${error.code}: ${error.message}; tried again later`;
      ctx.logger.warn('webhook delivery deferred after an internal error', { deliveryId, error: error.message });
      await deferDelivery(db, deliveryId, reason, DEFER_MS, maxAgeMs(settings.schedule));
    },
  };
}
