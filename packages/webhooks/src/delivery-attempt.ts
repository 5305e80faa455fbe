import { type Db, typedSql, utc } from '@enrich/db';
import {
  deferDelivery as deferDeliveryRow,
  failDelivery as failDeliveryRow,
  recordAttempt as recordAttemptRow,
} from './delivery-attempt.queries';
import { signingSecrets } from './endpoint-store';
import { buildPayload, type LoadedJob, loadedJob } from './payload';
import { retryAfterMs, retryDelay } from './retry-schedule';
import { loadDelivery as loadDeliveryRow } from './webhook-reads.queries';

/** A delivery as its worker needs it: where it goes, signed with what, and how far it got. */
export interface OwedDelivery {
  id: string;
  /** The team owed it. */
  teamId: string;
  eventType: string;
  jobId: string | null;
  batchId: string | null;
  createdAt: Date;
  status: 'pending' | 'delivered' | 'failed';
  payload: string | null;
  attempts: number;
  roundStart: number;
  /** Not to be attempted before this (a retry's time). */
  nextAttemptAt: Date;
  /** The endpoint, or null for a submission's one-off URL. */
  endpointId: string | null;
  url: string;
  secrets: string[];
  fields: string | null;
  /** A one-off URL is always enabled. */
  enabled: boolean;
  disabledReason: string | null;
  /** A job event's job and company, read with it while its body is still to be made. */
  job: LoadedJob | null;
}

// The statement and its row type: LoadDelivery in webhook-reads.sql.

/** The delivery and its endpoint's current URL, secrets and state; null when it is gone (its endpoint deleted). */
export async function loadDelivery(db: Db, id: string): Promise<OwedDelivery | null> {
  const [row] = await loadDeliveryRow.run({ id }, typedSql(db, 'webhook-load'));
  if (!row) return null;
  const common = {
    id: row.id,
    teamId: row.teamId,
    eventType: row.eventType,
    jobId: row.jobId,
    batchId: row.batchId,
    createdAt: row.createdAt,
    status: row.status,
    payload: row.payload,
    attempts: row.attempts,
    roundStart: row.roundStart,
    nextAttemptAt: row.nextAttemptAt,
    endpointId: row.endpointId,
    job: loadedJob(row),
  };
  if (row.endpointId === null) {
    if (!row.oneOffUrl || !row.oneOffSecret) return null;
    return { ...common, url: row.oneOffUrl, secrets: [row.oneOffSecret], fields: null, enabled: true, disabledReason: null };
  }
  if (row.url === null || row.secret === null) return null;
  return {
    ...common,
    url: row.url,
    secrets: signingSecrets({
      secret: row.secret,
      previousSecret: row.previousSecret,
      previousSecretExpiresAt: row.previousSecretExpiresAt,
    }),
    fields: row.fields,
    enabled: row.enabled === true,
    disabledReason: row.disabledReason,
  };
}

/**
 * The delivery's body: the one stored with its first attempt, or made now (stored by
 * recordAttempt with this attempt). Null when its job or batch is gone.
 */
export async function payloadOf(db: Db, delivery: OwedDelivery): Promise<string | null> {
  return delivery.payload ?? buildPayload(db, delivery, delivery.job);
}

/** What one attempt got: an answer (any status), or no answer at all. */
export type AttemptResult =
  | { kind: 'response'; status: number; retryAfter?: string | string[]; location?: string }
  | {
      kind: 'error';
      message: string;
      /** Trying again cannot help (the address is refused, the URL is unusable). */
      final: boolean;
    };

/**
 * One attempt in a word, for enrich_webhook_attempts_total: ok (a 2xx), http_error (any other
 * answer), network_error (no answer: timeout, reset, DNS), refused (never sent: the address is
 * refused by the guard or the URL is unusable).
 */
export type AttemptOutcome = 'ok' | 'http_error' | 'network_error' | 'refused';

export function attemptOutcome(result: AttemptResult): AttemptOutcome {
  if (result.kind === 'error') return result.final ? 'refused' : 'network_error';
  return result.status >= 200 && result.status < 300 ? 'ok' : 'http_error';
}

export type Verdict =
  | { outcome: 'delivered' }
  | { outcome: 'retry'; delayMs: number; error: string }
  | { outcome: 'failed'; error: string }
  /** 410 Gone: this delivery stops and the endpoint is disabled. */
  | { outcome: 'gone'; error: string };

/**
 * What follows an attempt. 2xx delivers. 410 stops at once. A refused address or unusable URL
 * fails for good. Anything else (another status, a redirect, a timeout, a reset) is retried on
 * the schedule, `attemptInRound` being the attempts made since the delivery was (re)sent; a
 * 429 or 503 with Retry-After waits as long as it says. Once the schedule is used up it fails.
 */
export function judgeAttempt(
  result: AttemptResult,
  attemptInRound: number,
  schedule: readonly number[],
  random: () => number = Math.random,
): Verdict {
  let error: string;
  let waitMs: number | undefined;
  if (result.kind === 'error') {
    if (result.final) return { outcome: 'failed', error: result.message };
    error = result.message;
  } else {
    const { status } = result;
    if (status >= 200 && status < 300) return { outcome: 'delivered' };
    if (status === 410) return { outcome: 'gone', error: 'HTTP 410: the endpoint is gone' };
    error =
      status >= 300 && status < 400
        ? `HTTP ${status}: redirects are not followed (Location: ${result.location ?? 'none'})`
        : `HTTP ${status}`;
    if (status === 429 || status === 503) waitMs = retryAfterMs(result.retryAfter);
  }
  const scheduled = retryDelay(schedule, attemptInRound, random);
  if (scheduled === null) return { outcome: 'failed', error: `${error}; no retries left` };
  return { outcome: 'retry', delayMs: waitMs ?? scheduled, error };
}

/** One attempt as logged. */
export interface AttemptLog {
  at: Date;
  durationMs: number;
  statusCode: number | null;
  /** The first 1 KB of the answer's body. */
  responseExcerpt: string | null;
  error: string | null;
}

export interface DisablePolicy {
  /** Failed attempts in a row (WEBHOOK_DISABLE_AFTER_FAILURES)… */
  afterFailures: number;
  /** …over at least this long (WEBHOOK_DISABLE_AFTER_HOURS). */
  afterMs: number;
}

// The attempt logged, the endpoint's run of failures moved on (and past the policy, or on a 410,
// the endpoint disabled with the reason), and the delivery moved on, all in one statement.
// The statement and its row type: RecordAttempt in delivery-attempt.sql.

export type AttemptRecorded = { status: 'delivered' | 'failed' } | { status: 'pending'; retryInMs: number };

/**
 * Logs the attempt and moves the delivery and its endpoint on, in one statement: a success
 * clears the endpoint's run of failures; a failure lengthens it and, past the policy, disables
 * the endpoint with the reason (as a 410 does at once); a delivery whose endpoint is disabled
 * now stops; the body is stored with its first attempt. Conditional on the delivery still
 * being where the attempt found it.
 */
export async function recordAttempt(
  db: Db,
  delivery: OwedDelivery,
  /** The body sent: stored if it is the first. */
  payload: string,
  log: AttemptLog,
  verdict: Verdict,
  policy: DisablePolicy,
): Promise<AttemptRecorded> {
  const ok = verdict.outcome === 'delivered';
  const gone = verdict.outcome === 'gone';
  const error = verdict.outcome === 'delivered' ? null : verdict.error.slice(0, 1000);
  const retryInMs = verdict.outcome === 'retry' ? verdict.delayMs : 0;
  const nextAttemptAt = new Date(log.at.getTime() + log.durationMs + retryInMs);
  const [row] = await recordAttemptRow.run(
    {
      id: delivery.id,
      number: delivery.attempts + 1,
      at: utc(log.at),
      statusCode: log.statusCode,
      durationMs: Math.round(log.durationMs),
      responseExcerpt: log.responseExcerpt,
      logError: log.error,
      endpointId: delivery.endpointId,
      ok,
      gone,
      afterFailures: policy.afterFailures,
      afterSeconds: policy.afterMs / 1000,
      retry: verdict.outcome === 'retry',
      nextAttemptAt: utc(nextAttemptAt),
      lastError: error,
      attempts: delivery.attempts,
      payload,
    },
    typedSql(db, 'webhook-record-attempt'),
  );
  if (!row) return { status: 'failed' };
  return row.status === 'pending' ? { status: 'pending', retryInMs } : { status: row.status };
}

/** A delivery that cannot be attempted (its endpoint disabled, its job gone) ends failed with the reason. */
export async function failDelivery(db: Db, id: string, reason: string): Promise<void> {
  await failDeliveryRow.run({ id, reason: reason.slice(0, 1000) }, typedSql(db, 'webhook-fail'));
}

/**
 * An internal fault (the database, a bug) outlasted the queue's own retries: the delivery stays
 * owed and is tried again after `delayMs` (the reconciler queues it), so an outage of ours
 * never loses it. Only one owed for longer than `maxAgeMs` ends failed, with the reason.
 */
export async function deferDelivery(db: Db, id: string, reason: string, delayMs: number, maxAgeMs: number): Promise<void> {
  const now = new Date();
  await deferDeliveryRow.run(
    {
      id,
      failBefore: utc(new Date(now.getTime() - maxAgeMs)),
      nextAttemptAt: utc(new Date(now.getTime() + delayMs)),
      reason: reason.slice(0, 1000),
    },
    typedSql(db, 'webhook-defer'),
  );
}
