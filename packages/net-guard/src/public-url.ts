import { isIP } from 'node:net';
import { isPublicAddress, type Resolver, resolveAll } from './address-guard';
import { type HostMap, lookupHostMap } from './host-map';

/** Why a URL may not be called: a code a program can branch on. */
export type UrlRefusal = 'invalid_url' | 'unsupported_scheme' | 'credentials' | 'private_address' | 'unresolvable';

export type PublicUrlCheck =
  | { ok: true; url: URL /** Reached through the host map, not DNS. */; mapped: boolean }
  | { ok: false; reason: UrlRefusal; message: string };

export interface PublicUrlOptions {
  /** Names sent to a fixed host:port instead (tests, staging): allowed as the operator mapped them. */
  hostMap: HostMap;
  /** Replaces DNS (tests). */
  resolve?: Resolver;
}

const refuse = (reason: UrlRefusal, message: string): PublicUrlCheck => ({ ok: false, reason, message });

/**
 * Whether a URL given to us (a webhook endpoint) may be called now: http(s) without
 * credentials, to a host that is a public IP literal or a name every address of which is
 * public. The same rules as the guarded fetcher's, checked ahead of time so the caller hears
 * of it at once; the fetcher still checks the address it connects to on every request, since a
 * name can change what it resolves to.
 */
export async function checkPublicUrl(text: string, options: PublicUrlOptions): Promise<PublicUrlCheck> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('invalid_url', 'not an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return refuse('unsupported_scheme', `${url.protocol} URLs are not called; use https:`);
  if (url.username !== '' || url.password !== '') return refuse('credentials', 'URLs with credentials are not allowed');
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (lookupHostMap(options.hostMap, hostname)) return { ok: true, url, mapped: true };
  if (isIP(hostname) !== 0) {
    return isPublicAddress(hostname) ? { ok: true, url, mapped: false } : refuse('private_address', `${hostname} is not a public address`);
  }
  let addresses: readonly { address: string }[];
  try {
    addresses = await (options.resolve ?? resolveAll)(hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return refuse('unresolvable', `${hostname} does not resolve${code ? ` (${code})` : ''}`);
  }
  if (addresses.length === 0) return refuse('unresolvable', `${hostname} does not resolve`);
  const bad = addresses.find((a) => !isPublicAddress(a.address));
  if (bad) return refuse('private_address', `${hostname} resolves to non-public address ${bad.address}`);
  return { ok: true, url, mapped: false };
}
