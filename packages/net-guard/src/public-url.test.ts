import type { Resolver } from './address-guard';
import { parseHostMap } from './host-map';
import { checkPublicUrl } from './public-url';

const dns: Record<string, string[]> = {
  'hooks.acme.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'rebind.example.com': ['93.184.216.34', '10.0.0.7'],
  'metadata.example.com': ['169.254.169.254'],
};
const resolve: Resolver = async (hostname) => {
  const addresses = dns[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const options = { hostMap: parseHostMap('receiver.test=127.0.0.1:4300', 'WEBHOOK_HOST_MAP'), resolve };

describe('checkPublicUrl', () => {
  it('accepts http(s) URLs on public addresses, literal or resolved, and mapped names', async () => {
    await expect(checkPublicUrl('https://hooks.acme.com/in?x=1', options)).resolves.toMatchObject({ ok: true, mapped: false });
    await expect(checkPublicUrl('http://93.184.216.34:8080/', options)).resolves.toMatchObject({ ok: true });
    await expect(checkPublicUrl('https://a.receiver.test/hook', options)).resolves.toMatchObject({ ok: true, mapped: true });
  });

  it.each([
    ['http://127.0.0.1:4300/', 'private_address'],
    ['http://0x7f.1/', 'private_address'],
    ['http://[::1]/', 'private_address'],
    ['http://[::ffff:10.0.0.1]/', 'private_address'],
    ['http://169.254.169.254/latest/meta-data', 'private_address'],
    ['http://192.168.1.1/', 'private_address'],
    ['https://metadata.example.com/', 'private_address'],
    ['https://rebind.example.com/', 'private_address'],
    ['https://nowhere.example.com/', 'unresolvable'],
    ['ftp://hooks.acme.com/', 'unsupported_scheme'],
    ['https://user:pw@hooks.acme.com/', 'credentials'],
    ['hooks.acme.com/in', 'invalid_url'],
  ])('refuses %s (%s)', async (url, reason) => {
    await expect(checkPublicUrl(url, options)).resolves.toMatchObject({ ok: false, reason });
  });

  it('does not let the host map cover IP literals', async () => {
    // 127.0.0.1 itself is not a key of the map; only names are.
    await expect(checkPublicUrl('http://127.0.0.1:4300/', options)).resolves.toMatchObject({ ok: false, reason: 'private_address' });
  });
});
