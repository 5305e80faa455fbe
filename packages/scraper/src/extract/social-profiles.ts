import { domainLabel } from '@enrich/domain';
import type { SocialNetwork, WebsiteMethod } from '@enrich/record';
import type { Fact } from './company-facts';
import { isObject, resolve, toArray } from './json-ld';
import { metaContent } from './meta';
import type { OrganizationContext } from './organization';
import { type LinkRegion, linkContext, pointsBackToPage } from './page-context';
import type { HtmlDocument } from './parse-html';
import { parseSocialUrl, type SocialLink } from './social-url';
import { fact, resembles } from './util';

type Source = 'json-ld-sameAs' | 'rel-me' | LinkRegion | 'twitter:site';

// Evidence strength per source: sameAs is a deliberate statement, footers list the owner's own
// accounts, body links are often other people (testimonials, authors, partners).
const TIER: Record<Source, number> = { 'json-ld-sameAs': 5, 'rel-me': 4, footer: 4, social: 3, header: 3, body: 1, 'twitter:site': 0 };
const METHOD: Record<Source, WebsiteMethod> = {
  'json-ld-sameAs': 'json-ld-sameAs',
  'rel-me': 'rel-me',
  footer: 'footer-link',
  social: 'social-link',
  header: 'header-link',
  body: 'page-link',
  'twitter:site': 'twitter:site',
};

interface Candidate {
  link: SocialLink;
  source: Source;
  tier: number;
  count: number;
  resembles: boolean;
}

export function extractSocialProfiles(
  $: HtmlDocument,
  ctx: OrganizationContext,
  domain: string,
  companyName: string | null,
  pageUrl: string,
): Partial<Record<SocialNetwork, Fact<string>>> {
  const targets = [domainLabel(domain), ...(companyName ? [companyName] : [])];
  const candidates = new Map<string, Candidate>();
  const add = (link: SocialLink | null, source: Source): void => {
    if (!link) return;
    // A repository link only hints at its owner; it never outranks a real profile link.
    const tier = link.derived ? Math.min(TIER[source], 0.5) : TIER[source];
    const known = candidates.get(link.url);
    if (known) {
      known.count += 1;
      if (tier > known.tier) Object.assign(known, { tier, source, link });
      return;
    }
    candidates.set(link.url, { link, source, tier, count: 1, resembles: resembles(link.slug, targets) });
  };

  for (const node of [ctx.org, ctx.website]) {
    if (!node) continue;
    for (const raw of toArray(node.sameAs)) {
      const value = resolve(raw, ctx.doc);
      const href = typeof value === 'string' ? value : isObject(value) && typeof value.url === 'string' ? value.url : null;
      if (href) add(parseSocialUrl(href), 'json-ld-sameAs');
    }
  }

  // a[href], link[rel~="me"][href], in document order
  for (const el of $.elements()) {
    const href = el.attribs.href;
    if (href === undefined) continue;
    const isLink = el.name === 'link';
    if (!isLink && el.name !== 'a') continue;
    if (isLink && !(el.attribs.rel ?? '').split(/\s+/).includes('me')) continue;
    const link = parseSocialUrl(href, pageUrl);
    if (!link || pointsBackToPage(href, pageUrl)) continue;
    if (isLink) {
      add(link, 'rel-me');
      continue;
    }
    const rel = (el.attribs.rel ?? '').toLowerCase().split(/\s+/);
    const context = linkContext($(el));
    if (context.share) continue;
    add(link, rel.includes('me') ? 'rel-me' : context.region);
  }

  const site = (metaContent($, 'twitter:site') ?? '').replace(/^@/, '').trim();
  if (/^[A-Za-z0-9_]{1,15}$/.test(site)) add(parseSocialUrl(`https://x.com/${site}`), 'twitter:site');

  const best = new Map<SocialNetwork, Candidate>();
  for (const candidate of candidates.values()) {
    if (!acceptable(candidate)) continue;
    const current = best.get(candidate.link.network);
    if (!current || compare(candidate, current) < 0) best.set(candidate.link.network, candidate);
  }
  const result: Partial<Record<SocialNetwork, Fact<string>>> = {};
  for (const [network, candidate] of best) result[network] = fact(candidate.link.url, pageUrl, METHOD[candidate.source]);
  return result;
}

/** Weak evidence (body links, repo owners, twitter:site) must echo the company or also appear elsewhere. */
function acceptable(c: Candidate): boolean {
  if (c.tier >= 3) return true;
  if (c.link.derived) return c.resembles;
  return c.resembles || c.count >= 2;
}

/** Order: stronger source, then resemblance to the company, then frequency. */
function compare(a: Candidate, b: Candidate): number {
  if (a.tier !== b.tier) return b.tier - a.tier;
  if (a.resembles !== b.resembles) return a.resembles ? -1 : 1;
  return b.count - a.count;
}
