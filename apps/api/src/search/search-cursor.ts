import { createHash } from 'node:crypto';
import { cursorTime, encodeCursorValues } from '../schemas/cursor';
import { searchTerms } from './search-terms';

// A search's cursor: where its next page starts (the key of the last row shown, in the order of
// the search that gave it), how many rows the walk has shown (its totals stay consistent, as a
// page number's do) and a fingerprint of the words and filters it was given for. Made with the
// lists' cursor encoding (schemas/cursor.ts); as opaque to clients as theirs.

/** The last row shown, in the order of its search: recency (listings, broad searches) or rank. */
export type SearchKey = { order: 'recency'; at: Date; domain: string } | { order: 'rank'; typed: boolean; rank: number; domain: string };

export interface SearchCursor {
  key: SearchKey;
  /** Rows shown before the next page. */
  position: number;
  fingerprint: string;
}

/** What a search is for: a cursor belongs to one (search-cursor.ts reads no more of the query). */
export interface SearchedFor {
  q?: string;
  industry?: string;
  businessStage?: string;
  location?: string;
  minConfidence?: number;
}

/**
 * The words and filters a cursor belongs to: a cursor carried to another search would start it
 * at a row of another order, so it is refused instead. Not a secret: a cursor only ever
 * selects among the calling team's own companies.
 */
export function searchFingerprint(query: SearchedFor): string {
  const text = JSON.stringify([searchTerms(query.q), query.industry, query.businessStage, query.location, query.minConfidence]);
  return createHash('sha256').update(text).digest('base64url').slice(0, 11);
}

/** Whether this search gave the cursor: its words and filters, in an order it has (a listing is never ranked). */
export const cursorFits = (cursor: SearchCursor, query: SearchedFor): boolean =>
  cursor.fingerprint === searchFingerprint(query) && (cursor.key.order === 'recency' || searchTerms(query.q).length > 0);

export function encodeSearchCursor({ key, position, fingerprint }: SearchCursor): string {
  return encodeCursorValues(
    key.order === 'recency'
      ? [fingerprint, position, key.at.toISOString(), key.domain]
      : [fingerprint, position, key.typed, key.rank, key.domain],
  );
}

// Domains as normalizeDomain writes them (punycode, lower case).
const DOMAIN = /^[a-z0-9._-]{1,253}$/;
const FINGERPRINT = /^[\w-]{11}$/;

/** The cursor in a search cursor's values; undefined when they are not one. */
export function decodeSearchCursor(values: unknown[]): SearchCursor | undefined {
  const [fingerprint, position, ...rest] = values;
  const domain = rest.at(-1);
  if (typeof fingerprint !== 'string' || !FINGERPRINT.test(fingerprint)) return undefined;
  if (!Number.isSafeInteger(position) || (position as number) < 0 || typeof domain !== 'string' || !DOMAIN.test(domain)) return undefined;
  const start = { position: position as number, fingerprint };
  if (rest.length === 2) {
    const at = cursorTime(rest[0]);
    return at ? { ...start, key: { order: 'recency', at, domain } } : undefined;
  }
  const [typed, rank] = rest;
  if (rest.length !== 3 || typeof typed !== 'boolean' || typeof rank !== 'number' || !Number.isFinite(rank)) return undefined;
  return { ...start, key: { order: 'rank', typed, rank, domain } };
}
