import { createHash } from 'node:crypto';
import { type Db, typedSql } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import {
  claimIdempotencyKey,
  keepIdempotentAnswer,
  readIdempotencyKey,
  releaseIdempotencyKey,
  sweepIdempotencyKeys,
} from './idempotency.queries';

/** How long a key's answer is kept: a retry within it gets the same job or batch. */
export const IDEMPOTENCY_KEPT_SECONDS = 24 * 60 * 60;
/**
 * How long a claim stands without an answer before a retry of the same submission may take it
 * over: its request died with its process. An admission ends in well under a second.
 */
export const IDEMPOTENCY_CLAIM_SECONDS = 60;
/** How often a process deletes the keys past their day. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
// Stripe's and the IETF draft's keys are opaque strings; 255 printable ASCII characters at most.
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** What a request with an Idempotency-Key may do: run (it claimed the key), or replay an answer. */
export type IdempotentStart = { run: true } | { run: false; status: number; answer: unknown };

/** A claimed key, ended by keeping the request's answer or by releasing the key. */
export interface IdempotencyKeys {
  /** Claims the key for this submission, or says which answer it already has; throws the refusals. */
  start(teamId: string, key: string, fingerprint: string): Promise<IdempotentStart>;
  /** Keeps a claimed request's answer for a day. */
  keep(teamId: string, key: string, fingerprint: string, status: number, answer: unknown): Promise<void>;
  /** Frees a claimed key whose request failed: a retry runs it again. */
  release(teamId: string, key: string, fingerprint: string): Promise<void>;
}

/** The header's value, or null without one; a value that is not a key is the client's error. */
export function idempotencyKeyOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  if (!KEY_PATTERN.test(header)) {
    throw new AppError(ErrorCode.VALIDATION_ERROR, 'Idempotency-Key must be 1 to 255 printable ASCII characters without spaces', {
      details: [{ field: 'Idempotency-Key', message: 'expected 1 to 255 printable ASCII characters' }],
    });
  }
  return header;
}

/** The endpoint and the submission as read: a retry of the same request has the same one. */
export function submissionFingerprint(endpoint: string, submission: unknown): string {
  return createHash('sha256').update(endpoint).update('\n').update(JSON.stringify(submission)).digest('hex');
}

/** Idempotency-Keys in PostgreSQL (table idempotency_keys), one per process, built with the app's context. */
export function postgresIdempotencyKeys(db: Db): IdempotencyKeys {
  let sweptAt = 0;
  const sweep = () => {
    if (Date.now() - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = Date.now();
    // A failed sweep waits for the next; the claim treats an old key as absent meanwhile.
    sweepIdempotencyKeys.run({ keptSeconds: IDEMPOTENCY_KEPT_SECONDS }, typedSql(db, 'idempotency-sweep')).catch(() => undefined);
  };
  return {
    async start(teamId, key, fingerprint) {
      sweep();
      const params = { teamId, key, fingerprint, claimSeconds: IDEMPOTENCY_CLAIM_SECONDS, keptSeconds: IDEMPOTENCY_KEPT_SECONDS };
      const [claimed] = await claimIdempotencyKey.run(params, typedSql(db, 'idempotency-claim'));
      if (claimed) return { run: true };
      const [held] = await readIdempotencyKey.run({ teamId, key }, typedSql(db, 'idempotency-read'));
      // Released between the two statements: the retry is the client's, as for a key in use.
      if (!held || held.status_code === null) {
        throw new AppError(ErrorCode.IDEMPOTENCY_KEY_IN_USE, 'A request with this Idempotency-Key is still running; retry it shortly', {
          details: { retryAfter: 1 },
        });
      }
      if (held.fingerprint !== fingerprint) {
        throw new AppError(
          ErrorCode.IDEMPOTENCY_KEY_REUSED,
          'This Idempotency-Key was used with another request in the last 24 hours; use a new key for a new request',
        );
      }
      return { run: false, status: held.status_code, answer: held.answer };
    },
    async keep(teamId, key, fingerprint, status, answer) {
      await keepIdempotentAnswer.run(
        { teamId, key, fingerprint, statusCode: status, answer: JSON.stringify(answer) },
        typedSql(db, 'idempotency-keep'),
      );
    },
    async release(teamId, key, fingerprint) {
      await releaseIdempotencyKey.run({ teamId, key, fingerprint }, typedSql(db, 'idempotency-release'));
    },
  };
}
