import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { ssrfUrls } from '@enrich/testkit';
import { BlockedAddressError, createGuardedLookup, isPublicAddress, type Resolver } from './address-guard';

const allowedUrls = ssrfUrls('allowedUrls');

describe('isPublicAddress', () => {
  it.each([
    // IPv4 special ranges
    '0.0.0.0',
    '0.1.2.3',
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '192.168.255.255',
    '100.64.0.1',
    '100.127.255.255',
    '169.254.169.254',
    '169.254.0.1',
    '192.0.0.1',
    '192.0.0.170',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '198.18.0.1',
    '198.19.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '192.88.99.1',
    // IPv6 special ranges
    '::',
    '::1',
    '0:0:0:0:0:0:0:1',
    '[::1]',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    'ff05::1:3',
    '2001:db8::1',
    '3fff::1',
    '100::1',
    '64:ff9b:1::1',
    'fec0::1',
    // IPv6 embedding a non-public IPv4
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:127.0.0.1',
    '::FFFF:A9FE:A9FE',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '::7f00:1',
    '::ffff:0:127.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    '2002:c0a8:101::1',
    // Teredo and other IETF protocol space
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:2::1',
    '2001:10::1',
    // not an address at all
    '',
    'localhost',
    'example.com',
    '1.2.3',
    '256.1.1.1',
    '0177.0.0.1',
    '2130706433',
    '::ffff:1.2.3.256',
    '1:2:3',
  ])('%s is not public', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '142.250.72.14',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '192.167.1.1',
    '169.253.1.1',
    '198.17.1.1',
    '198.20.0.1',
    '223.255.255.255',
    '11.0.0.1',
    '2606:4700::6810:84e5',
    '2a00:1450:4001:82b::200e',
    '[2606:4700:4700::1111]',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    '2001:200::1',
  ])('%s is public', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

type LookupResult = { addresses: LookupAddress[] } | { address: string; family: number };

function callLookup(lookup: LookupFunction, hostname: string, options: LookupOptions): Promise<LookupResult> {
  return new Promise((resolve, reject) => {
    lookup(hostname, options, (err, address, family) => {
      if (err) return reject(err);
      if (Array.isArray(address)) return resolve({ addresses: address });
      resolve({ address, family: family ?? 0 });
    });
  });
}

const fakeDns =
  (records: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const found = records[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('createGuardedLookup', () => {
  const publicRecords: Record<string, string[]> = {
    'google.com': ['142.250.72.14', '2607:f8b0:4005:80b::200e'],
    'github.com': ['140.82.112.3'],
    'facebook.com': ['157.240.22.35', '2a03:2880:f10c:283:face:b00c:0:25de'],
    'cloudflare.com': ['104.16.132.229', '2606:4700::6810:84e5'],
    'postman-echo.com': ['52.1.2.3'],
  };
  const lookup = createGuardedLookup(fakeDns(publicRecords));
  const hosts = allowedUrls.map((u) => new URL(u).hostname);

  it('the corpus of allowed URLs is non-trivial', () => {
    expect(hosts.length).toBeGreaterThanOrEqual(5);
  });

  it.each(hosts)('lets %s through with all:true', async (host) => {
    const result = await callLookup(lookup, host, { all: true });
    expect(result).toEqual({ addresses: publicRecords[host]?.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })) });
  });

  it.each(hosts)('lets %s through as a single address', async (host) => {
    const result = await callLookup(lookup, host, {});
    expect(result).toEqual({ address: publicRecords[host]?.[0], family: 4 });
  });

  it('honours the requested family', async () => {
    expect(await callLookup(lookup, 'google.com', { family: 6 })).toEqual({ address: '2607:f8b0:4005:80b::200e', family: 6 });
    expect(await callLookup(lookup, 'google.com', { family: 4, all: true })).toEqual({
      addresses: [{ address: '142.250.72.14', family: 4 }],
    });
    await expect(callLookup(lookup, 'github.com', { family: 6 })).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('blocks a name when any of its addresses is not public', async () => {
    const mixed = createGuardedLookup(fakeDns({ 'mixed.example': ['93.184.216.34', '10.0.0.5'], 'v6.example': ['::1'] }));
    await expect(callLookup(mixed, 'mixed.example', { all: true })).rejects.toBeInstanceOf(BlockedAddressError);
    // Even when the caller only wants IPv4 and the bad record is IPv6.
    await expect(callLookup(mixed, 'v6.example', { family: 4 })).rejects.toMatchObject({ address: '::1' });
  });

  it('passes resolver errors through and treats an empty answer as ENOTFOUND', async () => {
    const failing = createGuardedLookup(fakeDns({ 'empty.example': [] }));
    await expect(callLookup(failing, 'nope.example', {})).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(callLookup(failing, 'empty.example', {})).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});
