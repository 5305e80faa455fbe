import type { Cheerio } from 'cheerio';
import { type AnyNode, type Element, hasChildren, isTag, isText } from 'domhandler';
import { metaContent } from '../extract/meta';
import { canonicalHref, type HtmlDocument, hasClass, titleText } from '../extract/parse-html';
import { cleanText } from '../extract/util';
import { parseCount } from './counts';
import { unwrapLinkedInRedirect, websiteDomain } from './website-match';

/** Raw visible facts from the logged-out page's markup, before normalisation and merging. */
export interface MarkupCompany {
  name: string | null;
  tagline: string | null;
  description: string | null;
  industry: string | null;
  /** "Company size" label as shown ("51-200 employees"). */
  size: string | null;
  headquarters: string | null;
  companyType: string | null;
  founded: string | null;
  website: string | null;
  specialties: string[];
  logoUrl: string | null;
  followers: number | null;
  /** "Audiense | 5,750 followers on LinkedIn. …" in the meta description. */
  metaFollowers: number | null;
  employeesOnLinkedIn: number | null;
  /** rel=canonical / og:url: the page's own address. */
  canonicalUrl: string | null;
  /** "Industry" shown under the name in the top card: a fallback when the about list lacks it. */
  headline: string | null;
  /** Location part of the top card's "London, London · 5,750 followers" line. */
  sublineLocation: string | null;
}

// data-test-id suffix → English <dt> label, for markup variants without the test ids.
const ABOUT_FIELDS = {
  website: /^website$/i,
  industry: /^industry$/i,
  size: /^company size$/i,
  headquarters: /^headquarters$/i,
  organizationType: /^(?:type|company type)$/i,
  foundedOn: /^founded$/i,
  specialties: /^specialties$/i,
} as const;

// Screen-reader helpers ("External link for …") LinkedIn hides with classes, and what is never text.
const HELPER_CLASSES = new Set(['hidden', 'visually-hidden', 'sr-only']);
const HELPER_TAGS = new Set(['script', 'style', 'template']);

function isHelper(el: Element): boolean {
  if (HELPER_TAGS.has(el.name) || 'hidden' in el.attribs) return true;
  return el.attribs.class?.split(/\s+/).some((name) => HELPER_CLASSES.has(name)) ?? false;
}

/**
 * Text a reader sees under the selection: its text without the helpers inside it. Read in one
 * walk rather than from a copy with the helpers removed, which cost a copy of the subtree and a
 * selector per call, a dozen times a page.
 */
function visibleText($el: Cheerio<AnyNode>): string | null {
  let text = '';
  // The selected nodes themselves are read whatever they are; only what is inside is skipped.
  const stack: Array<{ node: AnyNode; inside: boolean }> = $el
    .toArray()
    .reverse()
    .map((node) => ({ node, inside: false }));
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { node, inside } = next;
    if (isText(node)) text += node.data;
    else if (hasChildren(node) && !(inside && isTag(node) && isHelper(node))) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, inside: true });
    }
  }
  return cleanText(text);
}

type AboutKey = keyof typeof ABOUT_FIELDS;

/**
 * The "about" list's entries, each the <dd> of its data-test-id or, failing that, of its <dt>
 * label. The page is searched twice (test ids, then labels), not twice per entry.
 */
function aboutEntries($: HtmlDocument): (key: AboutKey) => Cheerio<Element> | null {
  const byTestId = new Map<string, Cheerio<Element>>();
  for (const el of $.elements()) {
    const id = el.attribs['data-test-id'];
    if (id?.startsWith('about-us__') && !byTestId.has(id)) byTestId.set(id, $(el));
  }
  const labels = $.elements('dt').map((el) => ({ $dt: $(el), label: cleanText($(el).text()) ?? '' }));
  return (key) => {
    const $item = byTestId.get(`about-us__${key}`);
    if ($item) {
      const $dd = $item.find('dd').first();
      return $dd.length > 0 ? $dd : $item;
    }
    const $dd = labels
      .find(({ label }) => ABOUT_FIELDS[key].test(label))
      ?.$dt.nextAll('dd')
      .first();
    return $dd && $dd.length > 0 ? $dd : null;
  };
}

type AboutValue = ReturnType<typeof aboutEntries>;

function aboutText(about: AboutValue, key: AboutKey): string | null {
  const $dd = about(key);
  return $dd ? visibleText($dd) : null;
}

/** The link text is the website as the company typed it; the href is LinkedIn's redirect to it. */
function aboutWebsite(about: AboutValue): string | null {
  const $dd = about('website');
  if (!$dd) return null;
  const $a = $dd.is('a') ? $dd : $dd.find('a[href]').first();
  const shown = visibleText($a.length > 0 ? $a : $dd);
  if (shown && websiteDomain(shown)) return shown;
  const href = $a.attr('href');
  const target = href ? cleanText(unwrapLinkedInRedirect(href)) : null;
  return target && websiteDomain(target) ? target : null;
}

/** "Social Intelligence, Audience Insights, and Chatbots" → three items. */
function splitSpecialties(text: string | null): string[] {
  if (!text) return [];
  const out: string[] = [];
  for (const part of text.split(/\s*[,;·•]\s*/)) {
    const item = cleanText(part.replace(/^and\s+/i, ''));
    if (item && item.length <= 100 && !out.some((o) => o.toLowerCase() === item.toLowerCase())) out.push(item);
  }
  return out;
}

const FOLLOWERS = /(\d[\d,.\s]*\s*[KkMm]?)\s+followers\b/;

function topCard(
  $: HtmlDocument,
): Pick<MarkupCompany, 'name' | 'tagline' | 'headline' | 'logoUrl' | 'followers' | 'employeesOnLinkedIn' | 'sublineLocation'> {
  const card = $.elements().find((el) => hasClass(el, 'top-card-layout'));
  // Without the top card, look anywhere in the document.
  const $scope: Cheerio<AnyNode> = card ? $(card) : $.root();
  const subline = visibleText($scope.find('.top-card-layout__first-subline').first()) ?? '';
  const followerMatch = FOLLOWERS.exec(subline);
  const sublineLocation = cleanText(subline.replace(FOLLOWERS, '').replace(/[·•|]+/g, ' ')) ?? null;
  const $logo = $scope.find('img.top-card-layout__entity-image').first();
  // Lazy images carry their source in data-delayed-url until scripts run.
  const logo = $logo.attr('src') ?? $logo.attr('data-delayed-url') ?? null;
  const employees = /\b(?:view|see) all\s+(\d[\d,.]*)\s+employees?\b/i.exec(visibleText($scope) ?? '');
  return {
    name: visibleText($scope.find('h1.top-card-layout__title, h1').first()),
    tagline: visibleText($scope.find('.top-card-layout__second-subline').first()),
    headline: visibleText($scope.find('.top-card-layout__headline').first()),
    logoUrl: logo && !logo.startsWith('data:') ? logo.trim() : null,
    followers: followerMatch ? parseCount(followerMatch[1]) : null,
    employeesOnLinkedIn: employees ? parseCount(employees[1]) : null,
    sublineLocation,
  };
}

/** og:title / <title> read "Audiense | LinkedIn". */
function titleName($: HtmlDocument): string | null {
  const title = metaContent($, 'og:title') ?? titleText($);
  return cleanText(title.replace(/\s*[|\-–]\s*LinkedIn\s*$/i, ''));
}

export function readMarkupCompany($: HtmlDocument): MarkupCompany {
  const card = topCard($);
  const metaDescription = metaContent($, 'description') ?? metaContent($, 'og:description');
  const metaFollowers = metaDescription ? /(\d[\d,.\s]*\s*[KkMm]?)\s+followers on LinkedIn/i.exec(metaDescription) : null;
  const canonical = canonicalHref($) ?? metaContent($, 'og:url');
  const description = $.elements().find((el) => el.attribs['data-test-id'] === 'about-us__description');
  const about = aboutEntries($);
  return {
    ...card,
    name: card.name ?? titleName($),
    description: description ? visibleText($(description)) : null,
    industry: aboutText(about, 'industry'),
    size: aboutText(about, 'size'),
    headquarters: aboutText(about, 'headquarters'),
    companyType: aboutText(about, 'organizationType'),
    founded: aboutText(about, 'foundedOn'),
    website: aboutWebsite(about),
    specialties: splitSpecialties(aboutText(about, 'specialties')),
    metaFollowers: metaFollowers ? parseCount(metaFollowers[1]) : null,
    canonicalUrl: canonical ? canonical.trim() : null,
  };
}
