import type http from 'node:http';
import { gzipSync } from 'node:zlib';
import { type HostMap, parseHostMap } from '@enrich/net-guard';
import { type FetchPageOptions, fetchPage } from './fetch-page';
import { type Fixture, fetchFailure, localResolver, sendHtml, sendRedirect, startFixture, waitForNoSockets } from './test-support';

const FIVE_MB = Buffer.alloc(5 * 1024 * 1024, 'a');
let bomb: Buffer;
let site: Fixture;
let hostMap: HostMap;
const timers = new Set<NodeJS.Timeout>();

function handler(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  switch (url.pathname) {
    case '/hang':
      return; // never answers
    case '/drip': {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      const timer = setInterval(() => res.write('<p>drip</p>'), 50);
      timers.add(timer);
      res.on('close', () => clearInterval(timer));
      return;
    }
    case '/slow-hop': {
      const n = Number(url.searchParams.get('n') ?? '0');
      timers.add(setTimeout(() => sendRedirect(res, 302, `/slow-hop?n=${n + 1}`), 150));
      return;
    }
    case '/big':
      return sendHtml(res, FIVE_MB);
    case '/big-chunked':
      res.writeHead(200, { 'Content-Type': 'text/html' });
      for (let i = 0; i < 5; i++) res.write(FIVE_MB.subarray(0, 1024 * 1024));
      res.end();
      return;
    case '/bomb':
      return sendHtml(res, bomb, { 'Content-Encoding': 'gzip' });
    case '/truncated':
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': '1000' });
      res.write('<p>only part');
      timers.add(setTimeout(() => res.socket?.destroy(), 20));
      return;
    default:
      res.writeHead(404);
      res.end();
  }
}

beforeAll(async () => {
  bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0));
  site = await startFixture(handler);
  hostMap = parseHostMap(`acme.com=127.0.0.1:${site.port}`);
});

afterAll(async () => {
  for (const timer of timers) clearTimeout(timer);
  await site.close();
});

function options(overrides: Partial<FetchPageOptions> = {}): FetchPageOptions {
  return { hostMap, timeoutMs: 2_000, maxBytes: 1024 * 1024, userAgent: 'EnrichBot/1.0', resolve: localResolver, ...overrides };
}

const failure = (url: string, overrides: Partial<FetchPageOptions> = {}) => fetchFailure(url, options(overrides));

describe('deadline', () => {
  it('times out a server that never answers and closes the socket', async () => {
    const started = Date.now();
    const err = await failure('http://acme.com/hang', { timeoutMs: 300 });
    const elapsed = Date.now() - started;
    expect(err.kind).toBe('timeout');
    expect(err.transient).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(1_000);
    expect(await waitForNoSockets(site)).toBe(0);
  });

  it('times out a body that drips past the deadline', async () => {
    const started = Date.now();
    const err = await failure('http://acme.com/drip', { timeoutMs: 400 });
    expect(err.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_100);
    expect(await waitForNoSockets(site)).toBe(0);
  });

  it('applies one deadline across all redirect hops', async () => {
    // Each hop answers in 150 ms, well inside the 400 ms budget on its own: a deadline per hop
    // would follow all ten redirects. One deadline ends during the third hop at the latest (on
    // a loaded machine, sooner).
    const err = await failure('http://acme.com/slow-hop', { timeoutMs: 400, maxRedirects: 10 });
    expect(err.kind).toBe('timeout');
    expect(err.url).toMatch(/slow-hop(\?n=[12])?$/);
  });

  it('rejects with the abort reason when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('shutting down')), 50);
    await expect(fetchPage('http://acme.com/hang', options({ signal: controller.signal }))).rejects.toThrow('shutting down');
    expect(await waitForNoSockets(site)).toBe(0);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const before = site.requests.length;
    await expect(fetchPage('http://acme.com/hang', options({ signal: AbortSignal.abort(new Error('gone')) }))).rejects.toThrow('gone');
    expect(site.requests.length).toBe(before);
  });
});

describe('size cap', () => {
  it.each(['/big', '/big-chunked'])('refuses %s (5 MB) with maxBytes 1 MB', async (path) => {
    const err = await failure(`http://acme.com${path}`);
    expect(err.kind).toBe('too_large');
    expect(err.transient).toBe(false);
    expect(await waitForNoSockets(site)).toBe(0);
  });

  it('accepts the same body under a larger cap', async () => {
    const page = await fetchPage('http://acme.com/big-chunked', options({ maxBytes: 6 * 1024 * 1024 }));
    expect(page.bytes).toBe(5 * 1024 * 1024);
  });

  it('counts decompressed bytes, so a gzip bomb is refused', async () => {
    expect(bomb.length).toBeLessThan(200 * 1024);
    const err = await failure('http://acme.com/bomb');
    expect(err.kind).toBe('too_large');
    expect(await waitForNoSockets(site)).toBe(0);
  });
});

describe('broken connections', () => {
  it('reports a connection dropped mid-body as a transient network error', async () => {
    const err = await failure('http://acme.com/truncated');
    expect(err.kind).toBe('network');
    expect(err.transient).toBe(true);
  });
});
