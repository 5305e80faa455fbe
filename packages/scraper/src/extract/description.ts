import type { WebsiteMethod } from '@enrich/record';
import type { Fact } from './company-facts';
import { metaContents } from './meta';
import { type OrganizationContext, stringProp } from './organization';
import type { HtmlDocument } from './parse-html';
import { cleanText, escapeRegExp, fact } from './util';

const MIN_LENGTH = 20;
const MAX_LENGTH = 500;
// A paragraph that can stand for a description when the page's metadata has none: a few
// sentences' worth that say what the site is, not a caption, a byline or a cookie notice.
const PARAGRAPH_MIN_WORDS = 12;
const PARAGRAPH_MAX_LENGTH = 300;
const PARAGRAPHS_READ = 20;
const NOT_CONTENT = 'nav, header, footer, aside, form, [role="navigation"], [class*="cookie" i], [id*="cookie" i]';
// Verbs that, after the site's name, say what it is or does ("Acme is a …", "Acme helps …").
const DESCRIBING_VERBS =
  'is|are|was|has been|helps?|makes?|builds?|provides?|offers?|develops?|creates?|publishes|runs?|connects?|enables?|gives?|lets?|brings?';

/** The opening of a paragraph that says what the site is: its name (or "We") and a describing verb. */
function siteDescriptionOpening(names: string[]): RegExp {
  const subjects = [...names.map(escapeRegExp), "we(?: are|’re|'re)"];
  return new RegExp(
    `^(?:the\\s+)?(?:${subjects.join('|')})(?:\\s*\\([^)]*\\))?(?:,[^,.]{1,80},)?\\s+(?:(?:${DESCRIBING_VERBS})\\b|a\\b|an\\b|the\\b)`,
    'iu',
  );
}

/** A paragraph opens by saying what the site is: its name (or "We") and a describing verb. */
export function describesSite(paragraph: string, names: string[]): boolean {
  return siteDescriptionOpening(names).test(paragraph);
}

/** Cuts at a sentence end when one is close enough, else at a word boundary with an ellipsis. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const slice = text.slice(0, max);
  const sentenceEnd = Math.max(slice.lastIndexOf('. '), slice.lastIndexOf('! '), slice.lastIndexOf('? '));
  if (sentenceEnd >= max * 0.6) return slice.slice(0, sentenceEnd + 1);
  const space = slice.lastIndexOf(' ');
  return `${(space > max * 0.6 ? slice.slice(0, space) : slice.slice(0, max - 1)).replace(/[\s,;:–—-]+$/, '')}…`;
}

/**
 * The first paragraph of the page's content (outside navigation, headers, footers and notices;
 * scripts left out) that says what the site is, cut at a sentence end: the fallback when the
 * page's metadata carries no description. An article's opening describes its subject, not the
 * site, and is not taken.
 */
export function firstParagraph($: HtmlDocument, names: string[]): string | null {
  const opening = siteDescriptionOpening(names);
  let found: string | null = null;
  let read = 0;
  // Cheapest test first: most paragraphs are not a description, and the text of one without
  // scripts needs no copy; where a paragraph sits is asked only of one that describes the site.
  $('p').each((_, el) => {
    const $el = $(el);
    const scripted = $el.find('script, style, noscript').length > 0;
    const text = cleanText(scripted ? $el.clone().find('script, style, noscript').remove().end().text() : $el.text());
    if (!text || text.split(' ').length < PARAGRAPH_MIN_WORDS) return undefined;
    if (opening.test(text) && $el.closest(NOT_CONTENT).length === 0) {
      found = truncateText(text, PARAGRAPH_MAX_LENGTH);
      return false;
    }
    read += 1;
    return read < PARAGRAPHS_READ ? undefined : false;
  });
  return found;
}

/**
 * The page's description has `name` for its subject: its metadata's opens with the name and a
 * verb ("ShellWorks renders …"), or a paragraph says what the site is (describesSite).
 */
export function describedAs($: HtmlDocument, name: string): boolean {
  const opening = new RegExp(`^(?:[Tt]he\\s+)?${escapeRegExp(name)}(?:,[^,.]{1,80},)?\\s+\\p{Ll}`, 'u');
  const metas = DESCRIPTION_METAS.flatMap((key) => metaContents($, key));
  return metas.some((text) => opening.test(cleanText(text) ?? '')) || firstParagraph($, [name]) !== null;
}

const DESCRIPTION_METAS = ['og:description', 'description', 'twitter:description'];

/** The site's description on one page; `names` are what the site is called (its name, its domain's label). */
export function extractDescription(
  $: HtmlDocument,
  ctx: OrganizationContext,
  url: string,
  names: Array<string | null | undefined> = [],
): Fact<string> | null {
  // Each source in order, every value of a meta tag given more than once (RDFa pages list one
  // property on several tags), then the page's own first paragraph.
  const candidates: Array<[unknown[], WebsiteMethod]> = [
    [[stringProp(ctx.org, 'description')], 'json-ld'],
    [metaContents($, 'og:description'), 'og:description'],
    [metaContents($, 'description'), 'meta-description'],
    [metaContents($, 'twitter:description'), 'twitter:description'],
    [[stringProp(ctx.website, 'description')], 'json-ld-website'],
  ];
  for (const [values, method] of candidates) {
    for (const raw of values) {
      const text = cleanText(raw);
      if (text && text.length >= MIN_LENGTH) return fact(truncateText(text, MAX_LENGTH), url, method);
    }
  }
  const paragraph = firstParagraph(
    $,
    names.filter((name): name is string => !!name && name.length >= 2),
  );
  return paragraph ? fact(paragraph, url, 'first-paragraph') : null;
}
