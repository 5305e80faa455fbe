import type { WebsiteMethod } from '@enrich/record';
import type { Fact } from './company-facts';

export function fact<T>(value: T, url: string, method: WebsiteMethod): Fact<T> {
  return { value, url, method };
}

export function collapseWhitespace(text: string): string {
  return text.replace(/[\s\u00a0\u200b\ufeff]+/g, ' ').trim();
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  hellip: '…',
  copy: '©',
  reg: '®',
  trade: '™',
  middot: '·',
};

/**
 * The parser already decodes entities once; this catches the double-encoded ("&amp;amp;") values
 * and raw entities inside JSON-LD strings that CMSes commonly emit.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** Decoded, whitespace-collapsed text, or null when nothing is left. */
export function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = collapseWhitespace(decodeEntities(value));
  return text.length > 0 ? text : null;
}

/** Absolute http(s) URL or null; `data:`/`javascript:` and unparsable values are dropped. */
export function absoluteUrl(href: string | undefined | null, base: string): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** `text` matched literally inside a regular expression. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Lowercase letters and digits only, for loose comparisons ("Learn Node" ~ "learnnode"). */
export function squash(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Whether a slug/handle/name part plausibly refers to the company (loose containment either way). */
export function resembles(candidate: string, targets: readonly string[]): boolean {
  const c = squash(candidate);
  if (c.length < 2) return false;
  return targets.some((target) => {
    const t = squash(target);
    if (t.length < 2) return false;
    if (c === t) return true;
    const [shorter, longer] = c.length < t.length ? [c, t] : [t, c];
    return shorter.length >= 3 && longer.includes(shorter);
  });
}
