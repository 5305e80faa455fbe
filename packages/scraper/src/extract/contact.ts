import { isCompanySite, safeDecodeURIComponent } from '@enrich/domain';
import type { Fact } from './company-facts';
import { type OrganizationContext, stringProp } from './organization';
import { linkContext } from './page-context';
import type { HtmlDocument } from './parse-html';
import { phonesInText } from './phone-text';
import { fact } from './util';

const EMAIL = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,24}$/;
// Addresses that appear on pages but are never the company's contact.
const PLACEHOLDER_EMAIL =
  /^(?:you|your|name|email|user|username|someone|john|jane|example|test|first\.last)@|@(?:example\.(?:com|org|net)|domain\.com|email\.com|sentry\.io|[a-z0-9-]*\.?sentry\.io|wixpress\.com|yourdomain\.com|company\.com)$/i;

export function normaliseEmail(raw: string): string | null {
  const value = safeDecodeURIComponent(raw.replace(/^mailto:/i, '').split('?')[0] ?? '')
    .trim()
    .toLowerCase();
  const first = value.split(/[,;]/)[0]?.trim() ?? '';
  return EMAIL.test(first) && !PLACEHOLDER_EMAIL.test(first) ? first : null;
}

/** Keeps the written form (spaces, dashes, leading +) but rejects anything without 7–15 digits. */
export function normalisePhone(raw: string): string | null {
  const value = safeDecodeURIComponent(raw.replace(/^tel:/i, '').replace(/^callto:/i, ''))
    .replace(/\s+/g, ' ')
    .trim();
  if (!/^[+\d\s().\-/]+$/.test(value)) return null;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15 ? value : null;
}

interface LinkHit {
  value: string;
  region: string;
  count: number;
}

function collectLinks($: HtmlDocument, prefix: 'mailto:' | 'tel:', normalise: (raw: string) => string | null): LinkHit[] {
  const hits = new Map<string, LinkHit>();
  // a[href^="mailto:" i]
  for (const el of $.elements('a')) {
    const href = el.attribs.href;
    if (href === undefined || !href.toLowerCase().startsWith(prefix)) continue;
    const value = normalise(href);
    if (!value) continue;
    const context = linkContext($(el));
    if (context.share) continue;
    const known = hits.get(value);
    if (known) known.count += 1;
    else hits.set(value, { value, region: context.region, count: 1 });
  }
  // Footer/contact placements first, then the most repeated.
  const rank = (h: LinkHit): number => (h.region === 'footer' ? 2 : h.region === 'body' ? 0 : 1);
  return [...hits.values()].sort((a, b) => rank(b) - rank(a) || b.count - a.count);
}

export function extractEmail(
  $: HtmlDocument,
  ctx: OrganizationContext,
  domain: string,
  url: string,
  visibleText: string,
): Fact<string> | null {
  const isOwn = (email: string): boolean => isCompanySite(email.split('@')[1] ?? '', domain);
  const fromJsonLd = normaliseEmail(stringProp(ctx.org, 'email') ?? '');
  if (fromJsonLd) return fact(fromJsonLd, url, 'json-ld');
  const links = collectLinks($, 'mailto:', normaliseEmail);
  const ownLink = links.find((h) => isOwn(h.value));
  if (ownLink) return fact(ownLink.value, url, 'mailto');
  // Plain-text addresses only when on the company's own domain: elsewhere they are too often someone else's.
  for (const match of visibleText.matchAll(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,24}/g)) {
    const email = normaliseEmail(match[0]);
    if (email && isOwn(email)) return fact(email, url, 'text');
  }
  const other = links[0];
  return other ? fact(other.value, url, 'mailto') : null;
}

/** The site's phone on one page: JSON-LD, a `tel:` link, else a number written as text (phonesInText); `visibleText` is the page's text. */
export function extractPhone($: HtmlDocument, ctx: OrganizationContext, url: string, visibleText = ''): Fact<string> | null {
  const fromJsonLd = normalisePhone(stringProp(ctx.org, 'telephone') ?? '');
  if (fromJsonLd) return fact(fromJsonLd, url, 'json-ld');
  const link = collectLinks($, 'tel:', normalisePhone)[0];
  if (link) return fact(link.value, url, 'tel');
  const written = phonesInText(visibleText)[0];
  const value = written && normalisePhone(written.value);
  return value ? fact(value, url, 'text') : null;
}
