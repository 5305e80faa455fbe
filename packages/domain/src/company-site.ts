import { parse } from 'tldts';

// The one place that answers "which host is this?", "which registrable domain?" and "is this the
// company's own site?". Private suffixes of the public suffix list count: acme.github.io and
// x.github.io are two tenants of a shared host, so two companies, never one.
const PRIVATE = { allowPrivateDomains: true } as const;

/**
 * An http(s) URL from a URL or a bare host as people type them ("www.acme.com/en", "//acme.com",
 * "acme.com:8080"); null for other schemes (mailto:, javascript:, ftp://) and unparsable text.
 */
export function parseWebUrl(text: string): URL | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  let absolute: string;
  // "https://acme.com" and "mailto:x@acme.com" have a scheme; "acme.com:8080" has a port.
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(trimmed)) absolute = trimmed;
  else if (trimmed.startsWith('//')) absolute = `https:${trimmed}`;
  // A path, query or fragment alone names no host.
  else if (/^[/?#]/.test(trimmed)) return null;
  else absolute = `https://${trimmed}`;
  try {
    const url = new URL(absolute);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Host of a URL or bare host name: lower case, punycode, no trailing dot ("https://WWW.Acme.com./x" → "www.acme.com"). */
export function hostOf(urlOrHost: string | URL): string | null {
  const url = typeof urlOrHost === 'string' ? parseWebUrl(urlOrHost) : urlOrHost;
  const host = url?.hostname.toLowerCase().replace(/\.$/, '');
  return host ? host : null;
}

/** The host less a leading `www.`: the form companies are keyed by (normalizeDomain gives the same). */
export function withoutWww(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

/**
 * Registrable domain of a URL or host, private suffixes counting: acme.co.uk for shop.acme.co.uk,
 * acme.github.io for docs.acme.github.io. Null for IP addresses, single labels and public suffixes
 * themselves (co.uk, github.io). Names under a suffix the list does not know follow its default
 * rule (acme.test for www.acme.test); `isPublicDomain` tells those apart.
 */
export function registrableDomain(urlOrHost: string | URL): string | null {
  const host = hostOf(urlOrHost);
  if (!host) return null;
  const parsed = parse(host, PRIVATE);
  return parsed.isIp ? null : parsed.domain;
}

/**
 * Whether a host is a name a company can register under a public suffix of the ICANN section:
 * acme.com, blog.acme.co.uk, acme.github.io and github.io itself; not co.uk, not acme.test, not
 * an IP address. The acceptance rule for submitted domains.
 */
export function isPublicDomain(host: string): boolean {
  const parsed = parse(host);
  return parsed.isIcann === true && parsed.domain !== null;
}

/** `acme.co.uk` → `acme`, `acme.github.io` → `acme`: the part of the domain a brand name usually echoes. */
export function domainLabel(domain: string): string {
  const host = withoutWww(hostOf(domain) ?? domain.trim().toLowerCase());
  return parse(host, PRIVATE).domainWithoutSuffix || host.split('.')[0] || host;
}

/**
 * What two hosts must share to be one company's site: the registrable domain, or for a host
 * without one (an IP address, localhost, a bare private suffix like github.io) the host itself.
 */
function siteKey(urlOrHost: string | URL): string | null {
  const host = hostOf(urlOrHost);
  if (!host) return null;
  const bare = withoutWww(host);
  return registrableDomain(bare) ?? bare;
}

/**
 * Whether a URL or host lies on the company's own site: the same registrable domain, whatever the
 * subdomain (www., blog., app.). x.github.io is not acme.github.io's site.
 */
export function isCompanySite(urlOrHost: string | URL, companyDomain: string): boolean {
  const key = siteKey(urlOrHost);
  return key !== null && key === siteKey(companyDomain);
}
