import { parse } from 'tldts';

const MAX_UNWRAP = 3;

function isLinkedInHost(host: string): boolean {
  return host === 'linkedin.com' || host.endsWith('.linkedin.com');
}

function toUrl(text: string): URL | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  // Company websites are often typed without a scheme ("www.acme.com", "acme.com/en").
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/\//, '')}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * External links on LinkedIn go through its redirector (`/redir/redirect?url=…`, `/redirect?url=…`,
 * `/safety/go?url=…`); the target is the `url` parameter. Anything else is returned unchanged.
 */
export function unwrapLinkedInRedirect(href: string): string {
  let current = href.trim();
  for (let i = 0; i < MAX_UNWRAP; i++) {
    const url = toUrl(current);
    if (!url || !isLinkedInHost(url.hostname.toLowerCase())) break;
    if (!/\/(?:redir\/)?redirect\/?$|\/safety\/go\/?$/i.test(url.pathname)) break;
    const target = url.searchParams.get('url');
    if (!target) break;
    current = target.trim();
  }
  return current;
}

/**
 * Registrable domain of a website, lower-case, without `www.`. Private suffixes count
 * (`acme.github.io`, not `github.io`) so two tenants of one host never look like the same company.
 * Null for LinkedIn's own URLs, IP addresses and hosts without a known public suffix.
 */
export function websiteDomain(website: string | null | undefined): string | null {
  if (!website) return null;
  const url = toUrl(unwrapLinkedInRedirect(website));
  if (!url) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (isLinkedInHost(host)) return null;
  const parsed = parse(host, { allowPrivateDomains: true });
  if (parsed.isIp || !(parsed.isIcann || parsed.isPrivate) || !parsed.domain) return null;
  return parsed.domain;
}

/**
 * Whether the LinkedIn page's website is the company we are enriching: same registrable domain,
 * whatever the subdomain or path. A LinkedIn page found by guessing its URL is kept only when true.
 */
export function websiteMatchesDomain(linkedinWebsite: string | null, domain: string): boolean {
  const page = websiteDomain(linkedinWebsite);
  const wanted = websiteDomain(domain);
  return page !== null && page === wanted;
}
