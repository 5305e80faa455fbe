import type { WebsiteMethod } from '@enrich/record';
import type { CheerioAPI } from 'cheerio';
import type { Fact } from './company-facts';
import { metaContent } from './meta';
import { type OrganizationContext, stringProp } from './organization';
import { cleanText, fact } from './util';

const MIN_LENGTH = 20;
const MAX_LENGTH = 500;

/** Cuts at a sentence end when one is close enough, else at a word boundary with an ellipsis. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const slice = text.slice(0, max);
  const sentenceEnd = Math.max(slice.lastIndexOf('. '), slice.lastIndexOf('! '), slice.lastIndexOf('? '));
  if (sentenceEnd >= max * 0.6) return slice.slice(0, sentenceEnd + 1);
  const space = slice.lastIndexOf(' ');
  return `${(space > max * 0.6 ? slice.slice(0, space) : slice.slice(0, max - 1)).replace(/[\s,;:–—-]+$/, '')}…`;
}

export function extractDescription($: CheerioAPI, ctx: OrganizationContext, url: string): Fact<string> | null {
  const candidates: Array<[unknown, WebsiteMethod]> = [
    [stringProp(ctx.org, 'description'), 'json-ld'],
    [metaContent($, 'og:description'), 'og:description'],
    [metaContent($, 'description'), 'meta-description'],
    [metaContent($, 'twitter:description'), 'twitter:description'],
    [stringProp(ctx.website, 'description'), 'json-ld-website'],
  ];
  for (const [raw, method] of candidates) {
    const text = cleanText(raw);
    if (text && text.length >= MIN_LENGTH) return fact(truncateText(text, MAX_LENGTH), url, method);
  }
  return null;
}
