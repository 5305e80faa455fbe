import { hostOf, isCompanySite, isLinkedInHost, isPublicDomain, parseWebUrl, registrableDomain } from '@enrich/domain';

const MAX_UNWRAP = 3;

/**
 * External links on LinkedIn go through its redirector (`/redir/redirect?url=…`, `/redirect?url=…`,
 * `/safety/go?url=…`); the target is the `url` parameter. Anything else is returned unchanged.
 */
export function unwrapLinkedInRedirect(href: string): string {
  let current = href.trim();
  for (let i = 0; i < MAX_UNWRAP; i++) {
    const url = parseWebUrl(current);
    if (!url || !isLinkedInHost(hostOf(url) ?? '')) break;
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
 * Null for LinkedIn's own URLs, IP addresses and hosts without a known public suffix. Websites are
 * often typed without a scheme ("www.acme.com", "acme.com/en"); those count too.
 */
export function websiteDomain(website: string | null | undefined): string | null {
  if (!website) return null;
  const host = hostOf(unwrapLinkedInRedirect(website));
  if (!host || isLinkedInHost(host) || !isPublicDomain(host)) return null;
  return registrableDomain(host);
}

/**
 * Whether the LinkedIn page's website is the company we are enriching: same registrable domain,
 * whatever the subdomain or path. A LinkedIn page found by guessing its URL is kept only when true.
 */
export function websiteMatchesDomain(linkedinWebsite: string | null, domain: string): boolean {
  const page = websiteDomain(linkedinWebsite);
  return page !== null && isCompanySite(page, domain);
}
