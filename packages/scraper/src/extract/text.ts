import type { Cheerio } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { HtmlDocument } from './parse-html';
import { collapseWhitespace } from './util';

export const MAX_TEXT_SAMPLE = 20_000;

// Never rendered as readable text (or, for nav, repeated boilerplate the LLM step does not need).
const SKIP_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'head',
  'object',
  'embed',
  'canvas',
  'math',
  'title',
  'meta',
  'link',
]);
// Elements that visually break text; without a separator "<p>One</p><p>Two</p>" would read "OneTwo".
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
  'option',
  'button',
  'label',
  'img',
]);

function isHidden(el: Element): boolean {
  const a = el.attribs;
  if ('hidden' in a || a['aria-hidden'] === 'true') return true;
  const style = (a.style ?? '').toLowerCase().replace(/\s+/g, '');
  return style.includes('display:none') || style.includes('visibility:hidden');
}

/**
 * Visible text under the given nodes with block boundaries kept as newlines. Iterative on purpose:
 * malformed pages can nest thousands of levels deep and recursion would overflow the stack.
 */
export function blockText(roots: AnyNode[], options: { skipNav?: boolean } = {}): string {
  const parts: string[] = [];
  const stack: Array<AnyNode | '\n'> = [...roots].reverse();
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === undefined) break;
    if (node === '\n') {
      parts.push('\n');
      continue;
    }
    if (node.type === 'text') {
      parts.push(node.data);
      continue;
    }
    if (node.type !== 'tag' && node.type !== 'root') continue; // script/style/comment/directive/cdata
    if (node.type === 'tag') {
      const tag = node.tagName.toLowerCase();
      if (SKIP_TAGS.has(tag) || isHidden(node)) continue;
      if (options.skipNav && (tag === 'nav' || node.attribs.role === 'navigation')) continue;
      if (tag === 'img') {
        const alt = node.attribs.alt;
        if (alt) parts.push(` ${alt} `);
        continue;
      }
      if (BLOCK_TAGS.has(tag)) {
        parts.push('\n');
        stack.push('\n');
      }
    }
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i];
      if (child) stack.push(child);
    }
  }
  return parts
    .join('')
    .replace(/[ \t\r\f\v\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}

/** Words as a reader would count them; CJK runs have no spaces, so count roughly two characters a word. */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/)) {
    if (!/[\p{L}\p{N}]/u.test(token)) continue;
    const cjk = token.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
    count += cjk > 1 ? Math.ceil(cjk / 2) : 1;
  }
  return count;
}

function truncateAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const slice = text.slice(0, max);
  const space = slice.lastIndexOf(' ');
  return space > max * 0.9 ? slice.slice(0, space) : slice;
}

export interface PageText {
  /** The visible text with a line per block (addresses are read line by line). */
  lines: string;
  textSample: string;
  wordCount: number;
}

/** The page's visible text, read in one walk: by lines, and collapsed into the sample kept with the facts. */
export function extractText($: HtmlDocument): PageText {
  const body: Cheerio<Element> = $('body');
  const roots: AnyNode[] = body.length > 0 ? body.toArray() : $.root().toArray();
  const lines = blockText(roots, { skipNav: true });
  const text = collapseWhitespace(lines);
  return { lines, textSample: truncateAtWord(text, MAX_TEXT_SAMPLE), wordCount: countWords(text) };
}
