import { type StorableJson, storableJson } from '@enrich/db';
import { normalizeDomain } from '@enrich/domain';
import type { BatchEntryInput, InvalidEntry } from '@enrich/jobs';

export interface AcceptedEntry {
  index: number;
  entry: string;
  domain: string;
}
export interface DuplicateEntry {
  index: number;
  entry: string;
  domain: string;
  /** Index of the entry whose job this one shares. */
  sameAs: number;
}
export interface ClassifiedEntries {
  received: number;
  accepted: AcceptedEntry[];
  duplicates: DuplicateEntry[];
  invalid: InvalidEntry[];
}

/**
 * Normalises every entry as a single submission would. Each distinct domain is accepted once;
 * later entries naming the same domain are reported as duplicates of the first, and entries
 * that are not valid domains are reported with the normaliser's reason code. A hostile entry
 * (U+0000, a lone surrogate, nesting a million deep) is one invalid entry like any other.
 */
export function classifyEntries(entries: unknown[]): ClassifiedEntries {
  const result: ClassifiedEntries = { received: entries.length, accepted: [], duplicates: [], invalid: [] };
  const firstIndex = new Map<string, number>();
  entries.forEach((entry, index) => {
    if (typeof entry !== 'string') {
      result.invalid.push({ index, entry: storableJson(entry), reason: 'not_a_string', message: 'each entry must be a string' });
      return;
    }
    const normalized = normalizeDomain(entry);
    if (!normalized.ok) {
      result.invalid.push({ index, entry: storableJson(entry), reason: normalized.reason, message: normalized.message });
      return;
    }
    const seen = firstIndex.get(normalized.domain);
    if (seen !== undefined) {
      result.duplicates.push({ index, entry, domain: normalized.domain, sameAs: seen });
      return;
    }
    firstIndex.set(normalized.domain, index);
    result.accepted.push({ index, entry, domain: normalized.domain });
  });
  return result;
}

/**
 * Every entry of the request in order, with its input row and the job that answers it: an
 * accepted entry's own (its place among `accepted`, which are admitted in that order), a
 * duplicate's the earlier entry's, an invalid entry none.
 */
export function batchEntries(classified: ClassifiedEntries, rows: readonly StorableJson[][]): BatchEntryInput[] {
  const jobOf = new Map(classified.accepted.map((entry, job) => [entry.index, job]));
  const sameAs = new Map(classified.duplicates.map((entry) => [entry.index, entry.sameAs]));
  return rows.map((input, index) => {
    const first = sameAs.get(index);
    if (first !== undefined) return { input, job: jobOf.get(first) ?? null, duplicate: true };
    return { input, job: jobOf.get(index) ?? null, duplicate: false };
  });
}
