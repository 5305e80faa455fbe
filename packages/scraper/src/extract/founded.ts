import type { Fact } from './company-facts';
import { type OrganizationContext, stringProp } from './organization';
import { fact } from './util';

const MIN_YEAR = 1800;

function validYear(year: number, now: Date): number | null {
  return Number.isInteger(year) && year >= MIN_YEAR && year <= now.getUTCFullYear() ? year : null;
}

/** Year from a JSON-LD foundingDate: "2011", "2011-05-01", "May 2011", or a bare number. */
export function yearFromDate(value: string | null, now = new Date()): number | null {
  if (!value) return null;
  const match = /\b(1[89]\d\d|20\d\d)\b/.exec(value);
  return match?.[1] ? validYear(Number(match[1]), now) : null;
}

// "Founded in 2011", "Established 1998", "Est. 1920", "Founded: 2011".
const FOUNDED_TEXT = /\b(?:founded|established|est\.)\s*(?:in\s+|:\s*)?(1[89]\d\d|20\d\d)\b/i;
// "Since" is only taken capitalised or as "in business since": lowercase "since 2015" is usually
// prose about something else ("member since", "available since").
const SINCE_TEXT = /(?:\bSince|\bSINCE|\b[Ii]n business since)\s+(1[89]\d\d|20\d\d)\b/;

export function yearFromText(text: string, now = new Date()): number | null {
  const match = FOUNDED_TEXT.exec(text) ?? SINCE_TEXT.exec(text);
  return match?.[1] ? validYear(Number(match[1]), now) : null;
}

export function extractFoundedYear(ctx: OrganizationContext, visibleText: string, url: string): Fact<number> | null {
  const fromJsonLd = yearFromDate(stringProp(ctx.org, 'foundingDate'));
  if (fromJsonLd) return fact(fromJsonLd, url, 'json-ld');
  const fromText = yearFromText(visibleText);
  return fromText ? fact(fromText, url, 'text') : null;
}
