// The words of a search text, cut as Postgres' parser cuts the 'simple' tsvector: runs of
// letters and digits, lower-cased. Nothing else reaches a tsquery, so no user text can be
// read as a tsquery operator.
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const ONE_WORD = /^[\p{L}\p{M}\p{N}]+$/u;

/** More words narrow a search to nothing anyway; the rest are ignored. */
export const MAX_TERMS = 8;

/** Shorter words are matched as prefixes only: a trigram guess at a 3-letter word is noise. */
export const MIN_CORRECTABLE_LENGTH = 4;

export function searchTerms(text: string | undefined): string[] {
  const words = text?.normalize('NFC').toLowerCase().match(WORD) ?? [];
  return [...new Set(words)].slice(0, MAX_TERMS);
}

export const isSearchWord = (value: string): boolean => ONE_WORD.test(value);

/**
 * A tsquery text: every term as a prefix, or'ed with the known words it may be a typo of.
 * `acme anlytics` with {anlytics: [analytics]} gives `acme:* & (anlytics:* | analytics)`.
 */
export function prefixQuery(terms: readonly string[], corrections: ReadonlyMap<string, readonly string[]> = new Map()): string {
  return terms
    .map((term) => {
      const fixes = (corrections.get(term) ?? []).filter(isSearchWord);
      return fixes.length ? `(${[`${term}:*`, ...fixes].join(' | ')})` : `${term}:*`;
    })
    .join(' & ');
}
