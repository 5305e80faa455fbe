// Query parameters that only track campaigns/clicks; dropping them lets one page dedupe to one URL.
const TRACKING = /^(utm_.*|gclid|fbclid|msclkid|dclid|yclid|mc_cid|mc_eid|_ga|_gl|ref|ref_src|source|hsa_.*|_hs.*|igshid)$/i;

/** Absolute http(s) URL without fragment, tracking query or default port; null when unusable. */
export function normalizeUrl(href: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  url.hash = '';
  for (const key of [...url.searchParams.keys()]) if (TRACKING.test(key)) url.searchParams.delete(key);
  url.search = url.searchParams.size === 0 ? '' : url.search;
  url.hostname = url.hostname.replace(/\.$/, '');
  return url.href;
}

/** The URL's origin (scheme, host, port): robots.txt and politeness are both per origin. */
export function originOf(url: string): string {
  return new URL(url).origin;
}
