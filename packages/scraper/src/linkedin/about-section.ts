import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { metaContent } from '../extract/meta';
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

/** Text a reader sees: LinkedIn hides screen-reader helpers ("External link for …") with classes. */
function visibleText($el: Cheerio<AnyNode>): string | null {
  const copy = $el.clone();
  copy.find('.hidden, .visually-hidden, .sr-only, [hidden], script, style, template').remove();
  return cleanText(copy.text());
}

/** The <dd> of one "about" entry, by its data-test-id or, failing that, by its <dt> label. */
function aboutValue($: CheerioAPI, key: keyof typeof ABOUT_FIELDS): Cheerio<Element> | null {
  const $item = $(`[data-test-id="about-us__${key}"]`).first();
  if ($item.length > 0) {
    const $dd = $item.find('dd').first();
    return $dd.length > 0 ? $dd : $item;
  }
  const label = ABOUT_FIELDS[key];
  const $dt = $('dt')
    .filter((_, el) => label.test(cleanText($(el).text()) ?? ''))
    .first();
  const $dd = $dt.nextAll('dd').first();
  return $dd.length > 0 ? $dd : null;
}

function aboutText($: CheerioAPI, key: keyof typeof ABOUT_FIELDS): string | null {
  const $dd = aboutValue($, key);
  return $dd ? visibleText($dd) : null;
}

/** The link text is the website as the company typed it; the href is LinkedIn's redirect to it. */
function aboutWebsite($: CheerioAPI): string | null {
  const $dd = aboutValue($, 'website');
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
  $: CheerioAPI,
): Pick<MarkupCompany, 'name' | 'tagline' | 'headline' | 'logoUrl' | 'followers' | 'employeesOnLinkedIn' | 'sublineLocation'> {
  const $card = $('.top-card-layout').first();
  // Without the top card, look anywhere in the document.
  const $scope: Cheerio<AnyNode> = $card.length > 0 ? $card : $.root();
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
function titleName($: CheerioAPI): string | null {
  const title = metaContent($, 'og:title') ?? $('title').first().text();
  return cleanText(title.replace(/\s*[|\-–]\s*LinkedIn\s*$/i, ''));
}

export function readMarkupCompany($: CheerioAPI): MarkupCompany {
  const card = topCard($);
  const metaDescription = metaContent($, 'description') ?? metaContent($, 'og:description');
  const metaFollowers = metaDescription ? /(\d[\d,.\s]*\s*[KkMm]?)\s+followers on LinkedIn/i.exec(metaDescription) : null;
  const canonical = $('link[rel="canonical"]').attr('href') ?? metaContent($, 'og:url');
  const description = $('[data-test-id="about-us__description"]').first();
  return {
    ...card,
    name: card.name ?? titleName($),
    description: description.length > 0 ? visibleText(description) : null,
    industry: aboutText($, 'industry'),
    size: aboutText($, 'size'),
    headquarters: aboutText($, 'headquarters'),
    companyType: aboutText($, 'organizationType'),
    founded: aboutText($, 'foundedOn'),
    website: aboutWebsite($),
    specialties: splitSpecialties(aboutText($, 'specialties')),
    metaFollowers: metaFollowers ? parseCount(metaFollowers[1]) : null,
    canonicalUrl: canonical ? canonical.trim() : null,
  };
}
