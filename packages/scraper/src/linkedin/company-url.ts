import { domainLabel } from '@enrich/domain';

const LINKEDIN = 'https://www.linkedin.com/company/';
// Schools and showcase pages share the company vanity namespace and /company/<slug> redirects to
// them, so one form serves all three (parseSocialUrl keeps the kind; this is for fetching).
const ORG_KINDS = new Set(['company', 'school', 'showcase']);
const SLUG = /^[\p{L}\p{N}_.\-&']{1,100}$/u;
// Paths under /company/ that are LinkedIn's own flows, not pages.
const NOT_SLUGS = new Set(['setup', 'unavailable', 'login', 'signup', 'admin']);
const MAX_GUESSES = 3;

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Any link to a LinkedIn company, school or showcase page → `https://www.linkedin.com/company/<slug>`
 * (slug lower-cased; country and mobile subdomains, sub-pages like /about or /jobs, queries and
 * fragments dropped). Null for people (/in/), posts, share links, short links and other sites.
 */
export function linkedInCompanyUrl(url: string): string | null {
  let text = url.trim();
  if (!text) return null;
  if (text.startsWith('//')) text = `https:${text}`;
  else if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) text = `https://${text}`;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (host !== 'linkedin.com' && !host.endsWith('.linkedin.com')) return null;
  const segs = parsed.pathname.split('/').filter((s) => s.length > 0).map(safeDecode);
  // The logged-out view used to live under /organization-guest/company/<slug>.
  const start = segs[0]?.toLowerCase() === 'organization-guest' ? 1 : 0;
  const kind = segs[start]?.toLowerCase();
  const slug = segs[start + 1]?.toLowerCase();
  if (!kind || !ORG_KINDS.has(kind) || !slug) return null;
  if (!SLUG.test(slug) || !/[\p{L}\p{N}]/u.test(slug) || NOT_SLUGS.has(slug)) return null;
  return LINKEDIN + encodeURIComponent(slug);
}

// Legal forms LinkedIn vanity names almost never carry. "Company"/"Co" stay: "the-coca-cola-company".
const LEGAL_FORM = /[\s,]+(?:inc|incorporated|llc|l\.l\.c|ltd|limited|corp|corporation|gmbh|ag|s\.?a|sas|sarl|s\.?r\.?l|s\.?p\.?a|b\.?v|n\.?v|plc|pty|pte|oy|ab|kg|lp|llp)\.?$/i;

function stripLegalForm(name: string): string {
  let current = name.trim();
  for (let previous = ''; previous !== current; ) {
    previous = current;
    current = current.replace(LEGAL_FORM, '').replace(/[\s,.]+$/, '');
  }
  return current;
}

/** "Société Générale & Co" → "societe-generale-and-co"; empty for names with no Latin letters or digits. */
function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Likely company page URLs, best first: the name hyphenated, the name run together, then the
 * domain's label ("Acme Analytics, Inc." + acme.io → acme-analytics, acmeanalytics, acme). At most
 * three, deduplicated. Guesses are unverified: keep one only when its page's website matches the
 * domain (`websiteMatchesDomain`).
 */
export function guessLinkedInCompanyUrls(name: string, domain: string): string[] {
  const hyphenated = slugify(stripLegalForm(name));
  const candidates = [hyphenated, hyphenated.replace(/-/g, ''), slugify(domainLabel(domain.trim()))];
  const out: string[] = [];
  for (const slug of candidates) {
    if (slug.length < 2 || NOT_SLUGS.has(slug)) continue;
    const url = LINKEDIN + slug;
    if (!out.includes(url)) out.push(url);
  }
  return out.slice(0, MAX_GUESSES);
}
