import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Resolver } from '@enrich/net-guard';
import { parseHostMap } from '@enrich/net-guard';
import { ssrfUrls } from '@enrich/testkit';
import { FetchError } from './fetch-error';
import { fetchPage } from './fetch-page';

const blockedUrls = ssrfUrls('blockedUrls');

/** Answers the way public DNS does for the corpus's trick names; everything else is NXDOMAIN. */
const resolvedNames: string[] = [];
const internetLikeResolver: Resolver = async (hostname) => {
  resolvedNames.push(hostname);
  const name = hostname.toLowerCase();
  const v4 = (address: string) => [{ address, family: 4 }];
  if (name === 'localhost' || name.endsWith('.localhost')) {
    return [
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ];
  }
  const embedded = /(?:^|\.)(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})\.(?:nip|xip)\.io$/.exec(name);
  if (embedded?.[1]) return v4(embedded[1]);
  if (name === '1ynrnhl.xip.io' || name.endsWith('.1ynrnhl.xip.io')) return v4('169.254.169.254');
  if (name === 'localtest.me' || name.endsWith('.localtest.me')) return v4('127.0.0.1');
  if (name === 'metadata.nicob.net') return v4('169.254.169.254');
  if (name === 'mail.ebc.apple.com') return v4('10.10.10.10');
  if (name === 'spoofed.burpcollaborator.net') return v4('127.0.0.1');
  if (name.endsWith('.rebind.network')) return v4('127.0.0.1');
  if (name === 'public.example') return v4('93.184.216.34');
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

function expectedKind(url: string): 'invalid_url' | 'blocked' {
  try {
    const parsed = new URL(url);
    return parsed.username || parsed.password ? 'invalid_url' : 'blocked';
  } catch {
    return 'invalid_url';
  }
}

async function failureOf(url: string, hostMap = parseHostMap('')): Promise<FetchError> {
  const err: unknown = await fetchPage(url, {
    hostMap,
    timeoutMs: 2_000,
    maxBytes: 1_000_000,
    userAgent: 'test',
    resolve: internetLikeResolver,
  }).then(
    () => new Error(`expected ${url} to be refused`),
    (e: unknown) => e,
  );
  if (!(err instanceof FetchError)) throw err;
  return err;
}

describe('fetchPage refuses the SSRF corpus', () => {
  let server: http.Server;
  let port = 0;
  let connections = 0;

  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end('<p>secret</p>'));
    server.on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('loads a non-trivial corpus', () => {
    expect(blockedUrls.length).toBeGreaterThan(50);
  });

  it.each([...new Set(blockedUrls)])('refuses %s', async (url) => {
    const err = await failureOf(url);
    expect({ url, kind: err.kind }).toEqual({ url, kind: expectedKind(url) });
    expect(err.transient).toBe(false);
  });

  it('checked every named host of the corpus against its resolved address', () => {
    const names = new Set<string>();
    for (const url of blockedUrls) {
      try {
        const { hostname } = new URL(url);
        if (/[a-z]/i.test(hostname.replace(/^\[.*\]$/, '').replace(/0x[0-9a-f]+/gi, ''))) names.add(hostname);
      } catch {
        // unparsable URLs never reach DNS
      }
    }
    expect(names.size).toBeGreaterThan(5);
    for (const name of names) expect(resolvedNames).toContain(name);
  });

  it.each([
    'http://127.0.0.1:PORT/',
    'http://localhost:PORT/',
    'http://[::ffff:127.0.0.1]:PORT/',
    'http://[::ffff:7f00:1]:PORT/',
    'http://[64:ff9b::7f00:1]:PORT/',
    'http://2130706433:PORT/',
    'http://0x7f.1:PORT/',
    'http://x.127.0.0.1.nip.io:PORT/',
    'http://localtest.me:PORT/',
    'https://spoofed.burpcollaborator.net:PORT/',
    'http://public.example@127.0.0.1:PORT/',
  ])('refuses %s without ever connecting to the local server', async (template) => {
    const url = template.replace('PORT', String(port));
    const err = await failureOf(url);
    expect(['blocked', 'invalid_url']).toContain(err.kind);
    expect(connections).toBe(0);
  });

  it('the local server is reachable when mapped, so the zero count above means something', async () => {
    const page = await fetchPage('http://fixture.test/', {
      hostMap: parseHostMap(`fixture.test=127.0.0.1:${port}`),
      timeoutMs: 2_000,
      maxBytes: 1_000,
      userAgent: 'test',
    });
    expect(page.html).toBe('<p>secret</p>');
    expect(connections).toBe(1);
  });
});
