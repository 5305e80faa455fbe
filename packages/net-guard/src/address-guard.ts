import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

/**
 * Decides whether an address is a globally routable unicast address, so the scraper cannot be
 * steered at loopback, the cloud metadata service or the private network it runs in.
 * Hand-rolled rather than net.BlockList: BlockList understands IPv4-mapped IPv6 but not the
 * other forms that embed an IPv4 address (compat, NAT64, 6to4, SIIT), a classic bypass route.
 */

type Range4 = readonly [base: number, prefix: number];

// Non-public IPv4 ranges (IANA special-purpose registry, RFC 6890 and successors).
const BLOCKED_V4: readonly Range4[] = [
  [ip4(0, 0, 0, 0), 8], // "this network", incl. 0.0.0.0
  [ip4(10, 0, 0, 0), 8], // private
  [ip4(100, 64, 0, 0), 10], // carrier-grade NAT
  [ip4(127, 0, 0, 0), 8], // loopback
  [ip4(169, 254, 0, 0), 16], // link-local, cloud metadata
  [ip4(172, 16, 0, 0), 12], // private
  [ip4(192, 0, 0, 0), 24], // IETF protocol assignments
  [ip4(192, 0, 2, 0), 24], // TEST-NET-1
  [ip4(192, 31, 196, 0), 24], // AS112
  [ip4(192, 52, 193, 0), 24], // AMT
  [ip4(192, 88, 99, 0), 24], // deprecated 6to4 relay anycast
  [ip4(192, 168, 0, 0), 16], // private
  [ip4(192, 175, 48, 0), 24], // direct delegation AS112
  [ip4(198, 18, 0, 0), 15], // benchmarking
  [ip4(198, 51, 100, 0), 24], // TEST-NET-2
  [ip4(203, 0, 113, 0), 24], // TEST-NET-3
  [ip4(224, 0, 0, 0), 4], // multicast
  [ip4(240, 0, 0, 0), 4], // reserved, incl. 255.255.255.255 broadcast
];

function ip4(a: number, b: number, c: number, d: number): number {
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

function inRange4(value: number, [base, prefix]: Range4): boolean {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return (value & mask) >>> 0 === base;
}

/** Strict dotted-quad only: lenient forms (octal, hex, short) are the URL parser's job. */
function parseIPv4(text: string): number | undefined {
  if (isIP(text) !== 4) return undefined;
  const parts = text.split('.').map(Number);
  return ip4(parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 0);
}

/** Returns the eight 16-bit groups, or undefined when text is not an IPv6 address. */
function parseIPv6(text: string): number[] | undefined {
  if (isIP(text) !== 6) return undefined;
  let body = text;
  const lastColon = body.lastIndexOf(':');
  const tail = body.slice(lastColon + 1);
  if (tail.includes('.')) {
    // Rewrite a trailing dotted IPv4 ("::ffff:127.0.0.1") as two hex groups ("::ffff:7f00:1").
    const v4 = parseIPv4(tail);
    if (v4 === undefined) return undefined;
    body = `${body.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = body.split('::');
  const toGroups = (s: string): number[] => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const head = toGroups(halves[0] ?? '');
  const rest = halves.length > 1 ? toGroups(halves[1] ?? '') : [];
  const missing = 8 - head.length - rest.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...rest];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

function isPublicV4(value: number): boolean {
  return !BLOCKED_V4.some((range) => inRange4(value, range));
}

function v4At(groups: readonly number[], index: number): number {
  return (((groups[index] ?? 0) << 16) | (groups[index + 1] ?? 0)) >>> 0;
}

function isPublicV6(g: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0] = g;
  const firstFourZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
  // ::/96 (IPv4-compatible, also covers :: and ::1) and ::ffff:0:0/96 (IPv4-mapped): the
  // kernel may well route these to the embedded IPv4 address, so judge that address.
  if (firstFourZero && g4 === 0 && (g5 === 0 || g5 === 0xffff)) return isPublicV4(v4At(g, 6));
  // ::ffff:0:0:0/96 (SIIT IPv4-translated).
  if (firstFourZero && g4 === 0xffff && g5 === 0) return isPublicV4(v4At(g, 6));
  // 64:ff9b::/96 well-known NAT64 prefix: the gateway connects to the embedded IPv4.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isPublicV4(v4At(g, 6));
  // Only 2000::/3 is global unicast; this rules out ULA fc00::/7, link-local fe80::/10,
  // site-local, multicast ff00::/8, discard 100::/64, local NAT64 64:ff9b:1::/48, SRv6 5f00::/16.
  if ((g0 & 0xe000) !== 0x2000) return false;
  // 2001::/23 IETF protocol assignments: Teredo 2001::/32 (tunnels to an obfuscated IPv4),
  // benchmarking, ORCHID, ... none of which host websites.
  if (g0 === 0x2001 && g1 < 0x200) return false;
  if (g0 === 0x2001 && g1 === 0x0db8) return false; // documentation
  if ((g0 & 0xfff0) === 0x3ff0) return false; // documentation 3fff::/20
  // 2002::/16 6to4: packets go to the IPv4 address in groups 1-2.
  if (g0 === 0x2002) return isPublicV4(v4At(g, 1));
  return true;
}

/** True only for globally routable unicast addresses; anything unparsable is not public. */
export function isPublicAddress(ip: string): boolean {
  let text = ip.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  // Zone ids only make sense for link-local scopes.
  if (text.includes('%')) return false;
  const v4 = parseIPv4(text);
  if (v4 !== undefined) return isPublicV4(v4);
  const v6 = parseIPv6(text);
  return v6 !== undefined && isPublicV6(v6);
}

/** Raised from the guarded lookup; the fetcher turns it into a FetchError of kind "blocked". */
export class BlockedAddressError extends Error {
  override readonly name = 'BlockedAddressError';
  readonly code = 'ERR_ADDRESS_BLOCKED';
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`${hostname} resolves to non-public address ${address}`);
  }
}

/** Resolves a hostname to every address it has (like dns.lookup with all: true). */
export type Resolver = (hostname: string) => Promise<readonly LookupAddress[]>;

/** DNS: every address of the name, as the operating system resolves it. */
export const resolveAll: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

function wantedFamily(family: number | 'IPv4' | 'IPv6' | undefined): 0 | 4 | 6 {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

function notFound(hostname: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  err.code = 'ENOTFOUND';
  err.syscall = 'getaddrinfo';
  return err;
}

/**
 * A `lookup` for http.request / net.connect that refuses to hand out any address when ANY of the
 * resolved addresses is not public. Checking all of them (not just the one used) stops names that
 * mix a public and a private record from winning on a retry or via happy-eyeballs.
 * Because the socket connects to exactly the address returned here, DNS rebinding between
 * "check" and "connect" is impossible.
 */
export function createGuardedLookup(resolve: Resolver = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (resolved) => {
        const addresses = resolved.map((a) => ({ address: a.address, family: isIP(a.address) || a.family }));
        const bad = addresses.find((a) => !isPublicAddress(a.address));
        if (bad) return callback(new BlockedAddressError(hostname, bad.address), '', 0);
        const family = wantedFamily(options.family);
        const usable = family === 0 ? addresses : addresses.filter((a) => a.family === family);
        const first = usable[0];
        if (!first) return callback(notFound(hostname), '', 0);
        if (options.all) return callback(null, usable);
        return callback(null, first.address, first.family);
      },
      (err: unknown) => {
        // Not instanceof Error: errors from another realm (Jest's) would lose their code.
        const error = typeof err === 'object' && err !== null ? (err as NodeJS.ErrnoException) : new Error(String(err));
        callback(error, '', 0);
      },
    );
  };
}
