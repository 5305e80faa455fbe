import type { CheerioAPI } from 'cheerio';

/**
 * Content of the first non-empty `<meta>` whose name/property/itemprop matches (case-insensitive);
 * an RDFa property may list several names separated by spaces ("og:description dc:description").
 */
export function metaContent($: CheerioAPI, key: string): string | null {
  return metaContents($, key)[0] ?? null;
}

/** Contents of every non-empty `<meta>` that matches, in document order (metaContent's rules). */
export function metaContents($: CheerioAPI, key: string): string[] {
  const wanted = key.toLowerCase();
  const found: string[] = [];
  $('meta').each((_, el) => {
    const $el = $(el);
    const names = [$el.attr('property'), $el.attr('name'), $el.attr('itemprop')];
    if (!names.some((n) => n?.trim().toLowerCase().split(/\s+/).includes(wanted))) return;
    const content = ($el.attr('content') ?? $el.attr('value') ?? '').trim();
    if (content) found.push(content);
  });
  return found;
}
