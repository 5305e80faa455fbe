import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';

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
  // Attributes read straight off the elements: a page has dozens of <meta> and the extractors
  // ask for twenty keys, so wrapping each element in a selection every time was most of the cost.
  for (const el of $('meta').toArray()) {
    const { property, name, itemprop, content, value } = (el as Element).attribs;
    if (![property, name, itemprop].some((n) => n?.trim().toLowerCase().split(/\s+/).includes(wanted))) continue;
    const text = (content ?? value ?? '').trim();
    if (text) found.push(text);
  }
  return found;
}
