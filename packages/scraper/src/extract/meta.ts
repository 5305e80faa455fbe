import type { HtmlDocument } from './parse-html';

/**
 * Content of the first non-empty `<meta>` whose name/property/itemprop matches (case-insensitive);
 * an RDFa property may list several names separated by spaces ("og:description dc:description").
 */
export function metaContent($: HtmlDocument, key: string): string | null {
  return metaContents($, key)[0] ?? null;
}

/** Contents of every non-empty `<meta>` that matches, in document order (metaContent's rules). */
export function metaContents($: HtmlDocument, key: string): string[] {
  const wanted = key.toLowerCase();
  const found: string[] = [];
  // Attributes read straight off the page's list of <meta>: a page has dozens and the extractors
  // ask for twenty keys, so a selection (a walk of the document) each time was most of the cost.
  for (const el of $.elements('meta')) {
    const { property, name, itemprop, content, value } = el.attribs;
    if (![property, name, itemprop].some((n) => n?.trim().toLowerCase().split(/\s+/).includes(wanted))) continue;
    const text = (content ?? value ?? '').trim();
    if (text) found.push(text);
  }
  return found;
}
