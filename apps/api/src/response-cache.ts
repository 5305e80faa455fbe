import type { FieldSelection } from '@enrich/record';
import etag from 'etag';
import type { Response } from 'express';
import { LRUCache } from 'lru-cache';

/** Bytes of answers kept per process and per kind. */
export const RESPONSE_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * An answer as sent: its JSON bytes and their ETag, made once however often it is sent. Express
 * would turn a string body into bytes and hash them for its ETag on every send: about a tenth
 * of a completed job's poll in bench:api.
 */
export interface SerializedResponse {
  body: Buffer;
  etag: string;
}

/** Express's own ETag of a body (its default `etag` setting, weak). */
export function serializeResponse(json: string): SerializedResponse {
  const body = Buffer.from(json);
  return { body, etag: etag(body, { weak: true }) };
}

/** Sends an answer; Express still answers 304 to a matching If-None-Match. */
export function sendSerialized(res: Response, answer: SerializedResponse): void {
  res.type('json').setHeader('ETag', answer.etag);
  res.send(answer.body);
}

/** An answer with the version of the data it was made from. */
export interface CachedResponse extends SerializedResponse {
  version: string;
}

/** How long a cached response nobody asked for again stays: a job is polled every few seconds until it ends, then no more. */
export const RESPONSE_CACHE_IDLE_MS = 60_000;

/** Answers kept by key (see createResponseCache). */
export type ResponseCache<Entry extends CachedResponse = CachedResponse> = LRUCache<string, Entry>;

/**
 * Answers kept for polls that ask again and again for what has not changed (poll-answers.ts,
 * batch-view.ts), built with the app context (caches.ts): by key, bounded by their total size
 * (an answer bigger than the bound is not kept), the least recently used dropped first, and
 * not served once unused for `idleMs` (a `get` is a use). Idle answers are also swept out
 * when an answer is kept and the last sweep is `idleMs` old, so a process's memory follows the
 * polls in progress rather than filling the bound with answers of long-ended jobs (bench:soak).
 * A cached response is only ever used after PostgreSQL said its version is still the current one.
 */
export function createResponseCache<Entry extends CachedResponse = CachedResponse>(
  maxBytes = RESPONSE_CACHE_MAX_BYTES,
  idleMs = RESPONSE_CACHE_IDLE_MS,
  perf: { now(): number } = performance,
): ResponseCache<Entry> {
  let sweptAt = perf.now();
  const kept: ResponseCache<Entry> = new LRUCache<string, Entry>({
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

/** A field selection as part of a cached response's key. */
export const selectionKey = (fields: FieldSelection | undefined): string =>
  fields ? `${[...fields.fields].sort().join(',')}|${[...fields.networks].sort().join(',')}` : '*';
