import type { CheerioAPI } from 'cheerio';
// cheerio's htmlparser2-only entry: its main one also loads parse5 and undici (for fetching
// pages itself), 1.5 MB of modules a worker holds for nothing.
import { load } from 'cheerio/slim';
import { type AnyNode, type Element, hasChildren, isTag } from 'domhandler';

// The one way the scraper parses a page: htmlparser2 rather than cheerio's default, parse5.
// Measured on the 130 real pages of the quality corpus: 5 ms a page against parse5's 35 ms,
// for the same extracted names and descriptions (bench:quality). htmlparser2 does not build the
// tree a browser would: no <html>, <head> or <body> is implied when the markup leaves one out,
// so a reader that scopes itself to `body` falls back to the document root.
const OPTIONS = { xml: { xmlMode: false, decodeEntities: true } };

/**
 * A parsed page: cheerio's selectors, and its elements listed by name. Every selector query
 * walks the whole document, and the extractors ask for `<meta>`, `<script>`, `<a>` and
 * `<img>` dozens of times a page; the lists come from one walk, made when first asked. The
 * scraper never changes a parsed page (a reader that strips elements does so on a clone), so
 * the lists stay true to it.
 */
export type HtmlDocument = CheerioAPI & {
  /** The page's elements in document order: all of them, or those named `name` (lower case, as parsed). */
  elements(name?: string): readonly Element[];
};

const NONE: readonly Element[] = [];

/** Elements under `root` in document order, all (under '*') and by name. */
function listElements(root: AnyNode): Map<string, Element[]> {
  const all: Element[] = [];
  const byName = new Map<string, Element[]>([['*', all]]);
  const stack: AnyNode[] = hasChildren(root) ? [...root.children].reverse() : [];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (isTag(node)) {
      all.push(node);
      const named = byName.get(node.name);
      if (named) named.push(node);
      else byName.set(node.name, [node]);
    }
    if (hasChildren(node)) for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i] as AnyNode);
  }
  return byName;
}

/** The page's document, for cheerio's selectors and `elements`. */
export function parseHtml(html: string): HtmlDocument {
  const $ = load(html, OPTIONS);
  let byName: Map<string, Element[]> | undefined;
  return Object.assign($, {
    elements: (name = '*') => {
      byName ??= listElements($.root()[0] as AnyNode);
      return byName.get(name) ?? NONE;
    },
  });
}

/** The text of the page's first <title>; '' when it has none (the selector `title`, first). */
export function titleText($: HtmlDocument): string {
  const title = $.elements('title')[0];
  return title ? $(title).text() : '';
}

/** Whether `el` has the class `name` (the selector `.name`). */
export const hasClass = (el: Element, name: string): boolean => (el.attribs.class ?? '').split(/\s+/).includes(name);

/** Whether `el`'s attribute `name` holds `part` in any case (the selector `[name*="part" i]`). */
export const attrHas = (el: Element, name: string, part: string): boolean => el.attribs[name]?.toLowerCase().includes(part) ?? false;

/** Whether `el` is a page's footer (the selectors `footer`, `[role="contentinfo"]`, `[class*="footer" i]`, `[id*="footer" i]`). */
export const isFooter = (el: Element): boolean =>
  el.name === 'footer' || el.attribs.role === 'contentinfo' || attrHas(el, 'class', 'footer') || attrHas(el, 'id', 'footer');

/** The `rel="canonical"` link's href, when the page has one (the selector `link[rel="canonical"]`). */
export const canonicalHref = ($: HtmlDocument): string | undefined =>
  $.elements('link').find((el) => el.attribs.rel === 'canonical' && el.attribs.href !== undefined)?.attribs.href;
