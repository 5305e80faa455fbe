import type { FieldSelection } from '@enrich/record';

/** Text of answers kept per process and per kind (JavaScript string length, about bytes). */
export const KEPT_ANSWERS_MAX_CHARS = 16 * 1024 * 1024;

/** An answer's JSON text with the version of the data it was made from. */
export interface KeptAnswer {
  version: string;
  body: string;
}

/**
 * Answers kept for polls that ask again and again for what has not changed (poll-answers.ts,
 * batch-view.ts): by key, bounded by their total text, the least recently used dropped first.
 * A kept answer is only ever used after PostgreSQL said its version is still the current one.
 */
export function keptAnswers<Entry extends KeptAnswer = KeptAnswer>(maxChars = KEPT_ANSWERS_MAX_CHARS) {
  const kept = new Map<string, Entry>();
  let chars = 0;
  const drop = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    chars -= entry.body.length;
  };
  return {
    get: (key: string): Entry | undefined => kept.get(key),
    /** Marks an answer as just used: the most recently used go last. */
    used(key: string, entry: Entry): void {
      if (kept.get(key) !== entry) return;
      kept.delete(key);
      kept.set(key, entry);
    },
    keep(key: string, entry: Entry): void {
      drop(key);
      if (entry.body.length > maxChars) return;
      kept.set(key, entry);
      chars += entry.body.length;
      for (const oldest of kept.keys()) {
        if (chars <= maxChars) break;
        drop(oldest);
      }
    },
    drop,
  };
}

/** A field selection as part of a kept answer's key. */
export const selectionKey = (fields: FieldSelection | undefined): string =>
  fields ? `${[...fields.fields].sort().join(',')}|${[...fields.networks].sort().join(',')}` : '*';
