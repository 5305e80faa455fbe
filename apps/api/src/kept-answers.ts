import type { FieldSelection } from '@enrich/record';
import etag from 'etag';
import type { Response } from 'express';

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

/**
 * Answers kept for polls that ask again and again for what has not changed (poll-answers.ts,
 * batch-view.ts): by key, bounded by their total size, the least recently used dropped first,
 * and dropped anyway once unused for `idleMs`, so a process's memory follows the polls in
 * progress rather than filling the bound with answers of long-ended jobs.
 * A kept answer is only ever used after PostgreSQL said its version is still the current one.
 */
export function keptAnswers<Entry extends KeptAnswer = KeptAnswer>(
  maxBytes = KEPT_ANSWERS_MAX_BYTES,
  idleMs = KEPT_ANSWER_IDLE_MS,
  now: () => number = Date.now,
) {
  // In order of last use, oldest first (a Map iterates in insertion order).
  const kept = new Map<string, { entry: Entry; usedAt: number }>();
  let bytes = 0;
  const drop = (key: string) => {
    const slot = kept.get(key);
    if (!slot) return;
    kept.delete(key);
    bytes -= slot.entry.body.length;
  };
  const dropIdle = (at: number) => {
    for (const [key, slot] of kept) {
      if (at - slot.usedAt < idleMs) break;
      drop(key);
    }
  };
  return {
    get: (key: string): Entry | undefined => kept.get(key)?.entry,
    /** Marks an answer as just used: the most recently used go last. */
    used(key: string, entry: Entry): void {
      const slot = kept.get(key);
      if (slot?.entry !== entry) return;
      const at = now();
      kept.delete(key);
      kept.set(key, { entry, usedAt: at });
      dropIdle(at);
    },
    keep(key: string, entry: Entry): void {
      drop(key);
      const at = now();
      dropIdle(at);
      if (entry.body.length > maxBytes) return;
      kept.set(key, { entry, usedAt: at });
      bytes += entry.body.length;
      for (const oldest of kept.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
    drop,
    /** Bytes of the answers kept now. */
    get bytes(): number {
      return bytes;
    },
  };
}

/** A field selection as part of a kept answer's key. */
export const selectionKey = (fields: FieldSelection | undefined): string =>
  fields ? `${[...fields.fields].sort().join(',')}|${[...fields.networks].sort().join(',')}` : '*';
