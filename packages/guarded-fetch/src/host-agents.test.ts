import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Resolver } from '@enrich/net-guard';
import { type HostMap, parseHostMap } from '@enrich/net-guard';
import { eventually, ssrfUrls } from '@enrich/testkit';
import { type FetchPageOptions, fetchPage } from './fetch-page';
import { HostAgents } from './host-agents';
import { fetchFailure, localResolver, sendHtml, sendRedirect } from './test-support';

const blockedUrls = ssrfUrls('blockedUrls');

/** A site that counts TCP connections (not requests), tracks open ones and the peak in flight. */
interface CountingSite {
  port: number;
  connections: number;
  open: number;
  peakRequests: number;
  paths: string[];
  close(): Promise<void>;
}

async function startCountingSite(): Promise<CountingSite> {
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    site.paths.push(path);
    inFlight++;
    site.peakRequests = Math.max(site.peakRequests, inFlight);
    res.on('close', () => inFlight--);
    if (path === '/slow') return void setTimeout(() => sendHtml(res, '<p>slow</p>'), 100);
    if (path === '/to-loopback') return sendRedirect(res, 302, `http://127.0.0.1:${site.port}/secret`);
    if (path === '/to-localname') return sendRedirect(res, 302, `http://localtest.me:${site.port}/secret`);
    if (path === '/404') return void res.writeHead(404).end('gone');
    if (path === '/404-large') return void res.writeHead(404).end('x'.repeat(64 * 1024));
    if (path === '/moved') return sendRedirect(res, 301, '/a');
    sendHtml(res, `<p>${req.headers.host} ${path}</p>`);
  });
  const site: CountingSite = {
    port: 0,
    connections: 0,
    open: 0,
    peakRequests: 0,
    paths: [],
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  server.on('connection', (socket) => {
    site.connections++;
    site.open++;
    socket.on('close', () => site.open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.port = (server.address() as AddressInfo).port;
  return site;
}

let site: CountingSite;
let hostMap: HostMap;
let agents: HostAgents;

beforeEach(async () => {
  site = await startCountingSite();
  hostMap = parseHostMap(`acme.com=127.0.0.1:${site.port},other.org=127.0.0.1:${site.port}`);
  agents = new HostAgents();
});

afterEach(async () => {
  agents.destroy();
  await site.close();
});

function options(overrides: Partial<FetchPageOptions> = {}): FetchPageOptions {
  return { hostMap, timeoutMs: 2_000, maxBytes: 1024 * 1024, userAgent: 'EnrichBot/1.0', resolve: localResolver, ...overrides };
}

describe('connection reuse', () => {
  it('makes 5 sequential fetches over 1 connection with agents', async () => {
    for (let i = 0; i < 5; i++) {
      const page = await fetchPage(`https://acme.com/page-${i}`, options({ agents }));
      expect(page.html).toBe(`<p>acme.com /page-${i}</p>`);
    }
    expect(site.connections).toBe(1);
    expect(site.paths).toHaveLength(5);
  });

  it('opens 5 connections for the same fetches without agents', async () => {
    for (let i = 0; i < 5; i++) await fetchPage(`https://acme.com/page-${i}`, options());
    expect(site.connections).toBe(5);
    // Nothing is kept open afterwards.
    await eventually(() => site.open === 0, 1000, { every: 10 });
  });

  it('gives each origin its own pool, even when several are mapped to one server', async () => {
    const urls = [
      'http://acme.com/1',
      'http://other.org/1',
      'https://acme.com/1',
      'http://acme.com/2',
      'http://other.org/2',
      'https://acme.com/2',
    ];
    for (const url of urls) await fetchPage(url, options({ agents }));
    expect(site.connections).toBe(3);
    expect(agents.size).toBe(3);
  });

  it('keeps the connection of a small answer it does not use (an error page, a redirect) for the next fetch', async () => {
    // robots.txt and sitemaps answering 404 are the common case: their bodies are drained.
    await fetchFailure('http://acme.com/404', options({ agents }));
    const page = await fetchPage('http://acme.com/moved', options({ agents }));
    expect(page).toMatchObject({ finalUrl: 'http://acme.com/a', redirects: ['http://acme.com/a'] });
    await fetchPage('http://acme.com/b', options({ agents }));
    expect(site.paths).toEqual(['/404', '/moved', '/a', '/b']);
    expect(site.connections).toBe(1);
  });

  it('closes the connection of a large answer it does not use instead of reading it', async () => {
    await fetchFailure('http://acme.com/404-large', options({ agents }));
    await fetchPage('http://acme.com/a', options({ agents }));
    expect(site.connections).toBe(2);
  });

  it('bounds the sockets per host: 6 concurrent fetches over at most 2 connections', async () => {
    const bounded = new HostAgents({ maxSockets: 2 });
    try {
      const pages = await Promise.all(Array.from({ length: 6 }, () => fetchPage('http://acme.com/slow', options({ agents: bounded }))));
      expect(pages.map((p) => p.html)).toEqual(Array(6).fill('<p>slow</p>'));
      expect(site.connections).toBe(2);
      expect(site.peakRequests).toBe(2);
    } finally {
      bounded.destroy();
    }
  });

  it('closes idle sockets after the idle timeout (busy ones are left to the fetch deadline), then connects afresh', async () => {
    const brief = new HostAgents({ idleTimeoutMs: 50 });
    try {
      // /slow answers after 100 ms, longer than the idle timeout.
      expect((await fetchPage('http://acme.com/slow', options({ agents: brief }))).html).toBe('<p>slow</p>');
      expect(site.open).toBe(1);
      await eventually(() => site.open === 0, 1000, { every: 10 });
      await fetchPage('http://acme.com/2', options({ agents: brief }));
      expect(site.connections).toBe(2);
    } finally {
      brief.destroy();
    }
  });

  it('destroy() closes the pooled sockets and refuses later use', async () => {
    await fetchPage('http://acme.com/1', options({ agents }));
    expect(site.open).toBe(1);
    agents.destroy();
    await eventually(() => site.open === 0, 1000, { every: 10 });
    await expect(fetchPage('http://acme.com/2', options({ agents }))).rejects.toThrow('HostAgents used after destroy()');
    expect(site.paths).toEqual(['/1']);
  });
});

describe('address guard with agents', () => {
  it.each(['/to-loopback', '/to-localname'])('still blocks a redirect to loopback (%s)', async (path) => {
    const err = await fetchFailure(`http://acme.com${path}`, options({ agents }));
    expect(err.kind).toBe('blocked');
    expect(err.url).toMatch(/\/secret$/);
    expect(site.paths).toEqual([path]);
  });

  it('blocks a guarded name resolving to loopback on every attempt, not only the first', async () => {
    for (let i = 0; i < 3; i++) {
      const err = await fetchFailure(`http://localtest.me:${site.port}/secret`, options({ agents }));
      expect(err.kind).toBe('blocked');
    }
    expect(site.connections).toBe(0);
  });

  it('guards the pooled agent itself: a request without its own lookup is still refused', async () => {
    const agent = agents.guarded('http:', 'localtest.me', site.port, localResolver);
    const error = await new Promise<unknown>((resolve) => {
      const req = http.get({ host: 'localtest.me', port: site.port, path: '/secret', agent }, () => resolve(new Error('connected')));
      req.on('error', resolve);
    });
    expect(error).toMatchObject({ code: 'ERR_ADDRESS_BLOCKED' });
    expect(site.connections).toBe(0);
  });

  it('keys pools by protocol, host and port, and never shares one between a mapped and a guarded host', () => {
    const a = agents.guarded('https:', 'Acme.com', 443);
    expect(agents.guarded('https:', 'acme.com', 443)).toBe(a);
    expect(agents.guarded('http:', 'acme.com', 443)).not.toBe(a);
    expect(agents.guarded('https:', 'acme.com', 8443)).not.toBe(a);
    expect(agents.guarded('https:', 'www.acme.com', 443)).not.toBe(a);
    const target = { host: '127.0.0.1', port: site.port };
    const mapped = agents.mapped('http:', 'acme.com', 80, target);
    expect(agents.mapped('http:', 'acme.com', 80, target)).toBe(mapped);
    expect(agents.mapped('http:', 'acme.com', 80, { host: '127.0.0.1', port: 1 })).not.toBe(mapped);
    expect(agents.guarded('http:', 'acme.com', 80)).not.toBe(mapped);
    expect(agents.size).toBe(7);
  });

  it('refuses the SSRF corpus with one shared set of agents, connecting nowhere', async () => {
    // Every trick name resolves to a non-public address; everything else is NXDOMAIN.
    const internetLike: Resolver = async (hostname) => {
      const embedded = /(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})\.(?:nip|xip)\.io$/.exec(hostname);
      if (embedded?.[1]) return [{ address: embedded[1], family: 4 }];
      const loopback = /(?:^|\.)(?:localhost|localtest\.me|rebind\.network|burpcollaborator\.net)$/;
      if (loopback.test(hostname)) return [{ address: '127.0.0.1', family: 4 }];
      if (/(?:^|\.)(?:1ynrnhl\.xip\.io|metadata\.nicob\.net)$/.test(hostname)) return [{ address: '169.254.169.254', family: 4 }];
      if (hostname === 'mail.ebc.apple.com') return [{ address: '10.10.10.10', family: 4 }];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    };
    const urls = [...new Set(blockedUrls)];
    expect(urls.length).toBeGreaterThan(50);
    for (const url of urls) {
      const err = await fetchFailure(url, options({ hostMap: parseHostMap(''), agents, resolve: internetLike }));
      expect({ url, kind: err.kind }).toEqual({ url, kind: expect.stringMatching(/^(?:blocked|invalid_url)$/) });
    }
    expect(site.connections).toBe(0);
  });
});
