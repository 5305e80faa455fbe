import { domainLabel, linkedInCompanyPageUrl } from '@enrich/domain';

const MAX_GUESSES = 3;

// Legal forms LinkedIn vanity names almost never carry. "Company"/"Co" stay: "the-coca-cola-company".
const LEGAL_FORM =
  /[\s,]+(?:inc|incorporated|llc|l\.l\.c|ltd|limited|corp|corporation|gmbh|ag|s\.?a|sas|sarl|s\.?r\.?l|s\.?p\.?a|b\.?v|n\.?v|plc|pty|pte|oy|ab|kg|lp|llp)\.?$/i;

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
    const url = slug.length < 2 ? null : linkedInCompanyPageUrl(slug);
    if (url && !out.includes(url)) out.push(url);
  }
  return out.slice(0, MAX_GUESSES);
}
