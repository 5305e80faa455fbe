import { hostOf, withoutWww } from '@enrich/domain';
import type { Cheerio } from 'cheerio';
import type { Element } from 'domhandler';

/** Where a link sits; footers and social-icon blocks are where sites list their own profiles. */
export type LinkRegion = 'footer' | 'social' | 'header' | 'body';

// "shared"/"shareholder" are layout and investor-relations words, not share buttons.
const SHARE_HINT = /share(?!d|hold)|sharing|addtoany|a2a_|tweet-?this|addthis|sharethis/i;
const SHARE_TEXT = /^(?:share|tweet|tweet this|post|pin it|like|share (?:on|to|via) .*|post (?:on|to) .*|tweet about .*)$/i;
// Quoted third-party content: embedded tweets, testimonials, comments.
const EMBEDDED_HINT = /twitter-tweet|testimonial|tweet|comment|review|quote/i;
const FOOTER_HINT = /footer|colophon|site-info|copyright/i;
const SOCIAL_HINT = /social(?!-?proof)|follow/i;
// Footer credits ("Website by Studio X") link to the agency, not to the company.
const CREDIT_TEXT =
  /\b(?:made|built|designed|developed|powered|crafted|created|design|website|site|theme|hosted)\s+(?:with\s+\S+\s+)?by\b/i;
const HEADER_HINT = /header|navbar|masthead|topbar|(?:^|[\s_-])nav(?:$|[\s_-])/i;

function describe(el: Element): string {
  const a = el.attribs;
  return [a.class, a.id, a['aria-label'], a.role, a['data-action'], a['data-network']].filter(Boolean).join(' ');
}

export interface LinkContext {
  region: LinkRegion;
  /** Inside or itself a share widget: never a profile of the site owner. */
  share: boolean;
  /** Inside quoted third-party content (embedded tweet, testimonial). */
  embedded: boolean;
}

/** Classifies an anchor by its own attributes and its ancestors' tags, classes, ids and roles. */
export function linkContext($el: Cheerio<Element>): LinkContext {
  const self = $el.get(0);
  const selfText = $el.text().trim();
  const selfAttrs = self ? `${describe(self)} ${self.attribs.title ?? ''}` : '';
  let share = SHARE_HINT.test(selfAttrs) || SHARE_TEXT.test(selfText);
  let embedded = false;
  let region: LinkRegion = 'body';
  const rank: Record<LinkRegion, number> = { body: 0, header: 1, social: 2, footer: 3 };
  const raise = (next: LinkRegion): void => {
    if (rank[next] > rank[region]) region = next;
  };
  for (const ancestor of $el.parents().toArray()) {
    const tag = ancestor.tagName.toLowerCase();
    if (tag === 'body' || tag === 'html') break;
    const text = describe(ancestor);
    const role = (ancestor.attribs.role ?? '').toLowerCase();
    if (SHARE_HINT.test(text)) share = true;
    if (tag === 'blockquote' || EMBEDDED_HINT.test(text)) embedded = true;
    if (tag === 'footer' || role === 'contentinfo' || FOOTER_HINT.test(text)) raise('footer');
    else if (SOCIAL_HINT.test(text)) raise('social');
    else if (tag === 'header' || tag === 'nav' || role === 'banner' || role === 'navigation' || HEADER_HINT.test(text)) raise('header');
  }
  const parentText = $el.parent().text();
  const credit = parentText.length < 200 && CREDIT_TEXT.test(parentText);
  return { region: embedded || credit ? 'body' : region, share, embedded };
}

/** Whether a link carries the current page (or its site) in its query: the mark of a share URL. */
export function pointsBackToPage(href: string, pageUrl: string): boolean {
  let query: string;
  try {
    const url = new URL(href, pageUrl);
    query = decodeURIComponent(url.search + url.hash).toLowerCase();
  } catch {
    return false;
  }
  if (!query) return false;
  const host = hostOf(pageUrl);
  return host !== null && query.includes(withoutWww(host));
}
