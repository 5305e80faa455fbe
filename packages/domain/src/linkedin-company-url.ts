import { hostOf, parseWebUrl } from './company-site';
import { safeDecodeURIComponent } from './safe-decode';

// The one LinkedIn company URL normaliser: the website's social links, the LinkedIn source and
// the merge's agreement check all go through it, so one page always has one URL.
//
// Schools and showcase pages share the company vanity namespace (one slug names one page, and
// /company/<slug> redirects to /school/<slug> or /showcase/<slug>), so all three kinds map to
// /company/<slug>: a page the site links as /school/… and the same page fetched or guessed as
// /company/… are the same value.
const CANONICAL = 'https://www.linkedin.com/company/';
const ORG_KINDS = new Set(['company', 'school', 'showcase']);
const SLUG = /^[\p{L}\p{N}_.\-&']{1,100}$/u;
// Paths under /company/ that are LinkedIn's own flows, not pages.
const NOT_SLUGS = new Set(['setup', 'unavailable', 'login', 'signup', 'admin']);

export interface LinkedInCompanyPage {
  /** `https://www.linkedin.com/company/<slug>`, the slug lower-cased and percent-encoded. */
  url: string;
  /** The page's vanity name (lower case, decoded), for resemblance checks against the company name. */
  slug: string;
}

/** linkedin.com and its country, mobile and www subdomains; not lookalikes such as linkedin.com.evil.example. */
export function isLinkedInHost(host: string): boolean {
  return host === 'linkedin.com' || host.endsWith('.linkedin.com');
}

/** The canonical URL for a vanity name, or null when it cannot name a page. */
export function linkedInCompanyPageUrl(slug: string): string | null {
  const lower = slug.toLowerCase();
  if (!SLUG.test(lower) || !/[\p{L}\p{N}]/u.test(lower) || NOT_SLUGS.has(lower)) return null;
  return CANONICAL + encodeURIComponent(lower);
}

/**
 * Any link to a LinkedIn company, school or showcase page (http or https, with or without scheme,
 * country and mobile subdomains, sub-pages like /about or /jobs, queries, fragments, the old
 * /organization-guest/ view) → its page. Null for people (/in/), posts, share links, short links
 * and other sites.
 */
export function parseLinkedInCompanyUrl(url: string | URL): LinkedInCompanyPage | null {
  const parsed = typeof url === 'string' ? parseWebUrl(url) : url;
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return null;
  const host = hostOf(parsed);
  if (!host || !isLinkedInHost(host)) return null;
  const segs = parsed.pathname
    .split('/')
    .filter((s) => s.length > 0)
    .map(safeDecodeURIComponent);
  const start = segs[0]?.toLowerCase() === 'organization-guest' ? 1 : 0;
  const kind = segs[start]?.toLowerCase();
  const slug = segs[start + 1];
  if (!kind || !ORG_KINDS.has(kind) || !slug) return null;
  const canonical = linkedInCompanyPageUrl(slug);
  return canonical ? { url: canonical, slug: slug.toLowerCase() } : null;
}

/** `parseLinkedInCompanyUrl(url)?.url`: the one URL of a LinkedIn company, school or showcase page. */
export function linkedInCompanyUrl(url: string | URL): string | null {
  return parseLinkedInCompanyUrl(url)?.url ?? null;
}
