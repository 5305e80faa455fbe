import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';

/** Where requests for a mapped domain are sent instead of the address DNS would give. */
export interface MappedHost {
  host: string;
  port: number;
}

/** Keys are lower-case ASCII (punycode) domains without a trailing dot. */
export type HostMap = ReadonlyMap<string, MappedHost>;

const HOSTNAME_RE = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*$/;

function invalid(entry: string, why: string, setting: string): Error {
  return new Error(`${setting}: invalid entry "${entry}": ${why} (expected domain=host:port)`);
}

function normalizeMapKey(raw: string): string {
  const trimmed = raw.trim().toLowerCase().replace(/\.$/, '');
  // Same normalisation the WHATWG URL parser applies to hostnames, so keys compare with url.hostname.
  return trimmed === '' ? '' : domainToASCII(trimmed);
}

function parseTarget(raw: string, entry: string, setting: string): MappedHost {
  const target = raw.trim();
  let host: string;
  let portText: string;
  if (target.startsWith('[')) {
    const close = target.indexOf(']');
    if (close < 0 || target[close + 1] !== ':') throw invalid(entry, 'bad IPv6 target', setting);
    host = target.slice(1, close);
    portText = target.slice(close + 2);
    if (isIP(host) !== 6) throw invalid(entry, 'bad IPv6 target', setting);
  } else {
    const colon = target.lastIndexOf(':');
    if (colon <= 0) throw invalid(entry, 'missing host or port', setting);
    host = target.slice(0, colon).toLowerCase();
    portText = target.slice(colon + 1);
    if (isIP(host) !== 4 && !HOSTNAME_RE.test(host)) throw invalid(entry, `bad host "${host}"`, setting);
  }
  if (!/^\d{1,5}$/.test(portText)) throw invalid(entry, `bad port "${portText}"`, setting);
  const port = Number(portText);
  if (port < 1 || port > 65535) throw invalid(entry, `port ${port} out of range`, setting);
  return { host, port };
}

/**
 * Parses a host map setting (SCRAPER_HOST_MAP, WEBHOOK_HOST_MAP):
 * `acme.com=127.0.0.1:4101,linkedin.com=127.0.0.1:4102`. Empty segments (e.g. a trailing comma)
 * are ignored; anything malformed throws, naming `setting`, so a typo fails at start-up instead
 * of silently sending traffic to the real site.
 */
export function parseHostMap(value: string | undefined, setting = 'SCRAPER_HOST_MAP'): HostMap {
  const map = new Map<string, MappedHost>();
  if (value === undefined) return map;
  for (const segment of value.split(',')) {
    const entry = segment.trim();
    if (entry === '') continue;
    const eq = entry.indexOf('=');
    if (eq < 0) throw invalid(entry, 'missing "="', setting);
    const domain = normalizeMapKey(entry.slice(0, eq));
    if (domain === '' || !HOSTNAME_RE.test(domain)) throw invalid(entry, 'bad domain', setting);
    // A numeric last label would make suffix matching cover IP literals (`0.1` ⊃ `127.0.0.1`).
    const lastLabel = domain.slice(domain.lastIndexOf('.') + 1);
    if (/^[0-9]+$/.test(lastLabel) || /^0x[0-9a-f]*$/.test(lastLabel)) {
      throw invalid(entry, 'domain must be a name, not an IP address', setting);
    }
    if (map.has(domain)) throw invalid(entry, `duplicate domain "${domain}"`, setting);
    map.set(domain, parseTarget(entry.slice(eq + 1), entry, setting));
  }
  return map;
}

/** Finds the mapping for hostname or its closest mapped parent domain (longest suffix wins). */
export function lookupHostMap(map: HostMap, hostname: string): MappedHost | undefined {
  if (map.size === 0) return undefined;
  let name = hostname.toLowerCase().replace(/\.$/, '');
  for (;;) {
    const hit = map.get(name);
    if (hit) return hit;
    const dot = name.indexOf('.');
    if (dot < 0) return undefined;
    name = name.slice(dot + 1);
  }
}
