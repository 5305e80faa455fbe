import type { FieldSelection } from '@enrich/record';
import etag from 'etag';
import type { Response } from 'express';
import { LRUCache } from 'lru-cache';

/** Bytes of answers kept per process and per kind. */
export const KEPT_ANSWERS_MAX_BYTES = 16 * 1024 * 1024;

/**
 * An answer as sent: its JSON bytes and their ETag, made once however often it is sent. Express
 * would turn a string body into bytes and hash them for its ETag on every send: about a tenth
 * of a completed job's poll in bench:api.
 */
export interface SentAnswer {
  body: Buffer;
  etag: string;
}

/** Express's own ETag of a body (its default `etag` setting, weak). */
export function sentAnswer(json: string): SentAnswer {
  const body = Buffer.from(json);
  return { body, etag: etag(body, { weak: true }) };
}

/** Sends an answer; Express still answers 304 to a matching If-None-Match. */
export function sendAnswer(res: Response, answer: SentAnswer): void {
  res.type('json').setHeader('ETag', answer.etag);
  res.send(answer.body);
}

/** An answer with the version of the data it was made from. */
export interface KeptAnswer extends SentAnswer {
  version: string;
}

/** How long a kept answer nobody asked for again stays: a job is polled every few seconds until it ends, then no more. */
export const KEPT_ANSWER_IDLE_MS = 60_000;

/** Answers kept by key (see keptAnswers). */
export type KeptAnswers<Entry extends KeptAnswer = KeptAnswer> = LRUCache<string, Entry>;

/**
 * Answers kept for polls that ask again and again for what has not changed (poll-answers.ts,
 * batch-view.ts), built with the app context (caches.ts): by key, bounded by their total size
 * (an answer bigger than the bound is not kept), the least recently used dropped first, and
 * not served once unused for `idleMs` (a `get` is a use). Idle answers are also swept out
 * when an answer is kept and the last sweep is `idleMs` old, so a process's memory follows the
 * polls in progress rather than filling the bound with answers of long-ended jobs (bench:soak).
 * A kept answer is only ever used after PostgreSQL said its version is still the current one.
 */
export function keptAnswers<Entry extends KeptAnswer = KeptAnswer>(
  maxBytes = KEPT_ANSWERS_MAX_BYTES,
  idleMs = KEPT_ANSWER_IDLE_MS,
  perf: { now(): number } = performance,
): KeptAnswers<Entry> {
  let sweptAt = perf.now();
  const kept: KeptAnswers<Entry> = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.body.length),
    ttl: idleMs,
    updateAgeOnGet: true,
    perf,
    ttlResolution: 0,
    onInsert: () => {
      if (perf.now() - sweptAt < idleMs) return;
      sweptAt = perf.now();
      // After the insert's own bookkeeping, not inside it.
      queueMicrotask(() => kept.purgeStale());
    },
  });
  return kept;
}

/** A field selection as part of a kept answer's key. */
export const selectionKey = (fields: FieldSelection | undefined): string =>
  fields ? `${[...fields.fields].sort().join(',')}|${[...fields.networks].sort().join(',')}` : '*';
