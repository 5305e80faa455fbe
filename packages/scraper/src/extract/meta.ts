import type { CheerioAPI } from 'cheerio';

/** Content of the first non-empty `<meta>` whose name/property/itemprop matches (case-insensitive). */
export function metaContent($: CheerioAPI, key: string): string | null {
  const wanted = key.toLowerCase();
  let found: string | null = null;
  $('meta').each((_, el) => {
    const $el = $(el);
    const names = [$el.attr('property'), $el.attr('name'), $el.attr('itemprop')];
    if (!names.some((n) => n?.trim().toLowerCase() === wanted)) return;
    const content = ($el.attr('content') ?? $el.attr('value') ?? '').trim();
    if (content) {
      found = content;
      return false;
    }
    return undefined;
  });
  return found;
}
