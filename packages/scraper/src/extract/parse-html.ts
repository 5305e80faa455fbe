import type { CheerioAPI } from 'cheerio';
// cheerio's htmlparser2-only entry: its main one also loads parse5 and undici (for fetching
// pages itself), 1.5 MB of modules a worker holds for nothing.
import { load } from 'cheerio/slim';

// The one way the scraper parses a page: htmlparser2 rather than cheerio's default, parse5.
// Measured on the 130 real pages of the quality corpus: 5 ms a page against parse5's 35 ms,
// for the same extracted names and descriptions (bench:quality). htmlparser2 does not build the
// tree a browser would: no <html>, <head> or <body> is implied when the markup leaves one out,
// so a reader that scopes itself to `body` falls back to the document root.
const OPTIONS = { xml: { xmlMode: false, decodeEntities: true } };

/** The page's document, for cheerio's selectors. */
export function parseHtml(html: string): CheerioAPI {
  return load(html, OPTIONS);
}
