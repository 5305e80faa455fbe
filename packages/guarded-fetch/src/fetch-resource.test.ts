import type http from 'node:http';
import { gzipSync } from 'node:zlib';
import { parseHostMap } from '@enrich/net-guard';
import { FetchError } from './fetch-error';
import { type FetchResourceOptions, fetchResource } from './fetch-resource';
import { type Fixture, localResolver, sendRedirect, startFixture } from './test-support';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let site: Fixture;
let other: Fixture;
const seen: Seen[] = [];

function record(req: http.IncomingMessage, then: (body: string) => void): void {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    seen.push({ method: req.method, url: req.url, headers: req.headers, body });
    then(body);
  });
}

function handler(req: http.IncomingMessage, res: http.ServerResponse): void {
  record(req, (body) => {
    switch (new URL(req.url ?? '/', 'http://x').pathname) {
      case '/api':
        res.writeHead(201, { 'Content-Type': 'application/json', 'X-Echo': req.method ?? '' });
        return void res.end(JSON.stringify({ body }));
      case '/gzip':
        res.writeHead(200, { 'Content-Type': 'application/javascript', 'Content-Encoding': 'gzip' });
        return void res.end(gzipSync('console.log(1)'));
      case '/see-other':
        return sendRedirect(res, 303, '/api');
      case '/temporary':
        return sendRedirect(res, 307, '/api');
      case '/found':
        return sendRedirect(res, 302, '/api');
      case '/to-other-site':
        return sendRedirect(res, 302, 'https://other.org/api');
      case '/to-loopback':
        return sendRedirect(res, 302, `http://127.0.0.1:${other.port}/secret`);
      case '/missing':
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        return void res.end('nope');
      default:
        res.writeHead(200, { 'Content-Type': 'image/png' });
        return void res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    }
  });
}

function options(overrides: Partial<FetchResourceOptions> = {}): FetchResourceOptions {
  return {
    hostMap: parseHostMap(`acme.com=127.0.0.1:${site.port},other.org=127.0.0.1:${other.port}`),
    timeoutMs: 2000,
    maxBytes: 10_000,
    userAgent: 'TestBot/1.0',
    resolve: localResolver,
    ...overrides,
  };
}

beforeAll(async () => {
  site = await startFixture(handler);
  other = await startFixture(handler);
});
afterAll(async () => {
  await site.close();
  await other.close();
});
beforeEach(() => {
  seen.length = 0;
  site.requests.length = 0;
  other.requests.length = 0;
});

describe('fetchResource', () => {
  it('returns raw bytes, status and headers of any content type', async () => {
    const png = await fetchResource('https://acme.com/logo.png', options());
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect([...png.body]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const missing = await fetchResource('https://acme.com/missing', options());
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toBe('nope');
  });

  it('decompresses bodies', async () => {
    const script = await fetchResource('https://acme.com/gzip', options());
    expect(script.body.toString()).toBe('console.log(1)');
  });

  it('forwards method, body and page headers, but sets Host, User-Agent and Accept-Encoding itself', async () => {
    const res = await fetchResource(
      'https://acme.com/api',
      options({
        method: 'POST',
        body: Buffer.from('{"q":1}'),
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          Host: 'evil.internal',
          'User-Agent': 'Page/1',
          Connection: 'upgrade',
        },
      }),
    );
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body.toString())).toEqual({ body: '{"q":1}' });
    const [req] = seen;
    expect(req?.method).toBe('POST');
    expect(req?.headers).toMatchObject({
      host: 'acme.com',
      'user-agent': 'TestBot/1.0',
      accept: 'application/json',
      'content-type': 'application/json',
      'content-length': '7',
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(req?.headers.connection).not.toBe('upgrade');
  });

  it('turns POST into GET on 303 and 302 but keeps it on 307', async () => {
    const post = { method: 'POST' as const, body: Buffer.from('x=1'), headers: { 'content-type': 'text/plain' } };
    await fetchResource('https://acme.com/see-other', options(post));
    await fetchResource('https://acme.com/found', options(post));
    await fetchResource('https://acme.com/temporary', options(post));
    const apiHits = seen.filter((s) => s.url === '/api');
    expect(apiHits.map((s) => [s.method, s.body])).toEqual([
      ['GET', ''],
      ['GET', ''],
      ['POST', 'x=1'],
    ]);
    expect(apiHits[0]?.headers['content-type']).toBeUndefined();
  });

  it('drops cookies on a redirect to another origin', async () => {
    const res = await fetchResource('https://acme.com/to-other-site', options({ headers: { cookie: 'sid=1', 'x-keep': 'y' } }));
    expect(res.finalUrl).toBe('https://other.org/api');
    expect(res.redirects).toEqual(['https://other.org/api']);
    const last = seen.at(-1);
    expect(last?.headers.host).toBe('other.org');
    expect(last?.headers.cookie).toBeUndefined();
    expect(last?.headers['x-keep']).toBe('y');
  });

  it('hands back the redirect itself when not following', async () => {
    const res = await fetchResource('https://acme.com/to-other-site', options({ followRedirects: false }));
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://other.org/api');
    expect(other.requests).toHaveLength(0);
  });

  it('refuses non-public addresses, directly and through redirects', async () => {
    const direct = await fetchResource(`http://127.0.0.1:${other.port}/secret`, options()).catch((e: unknown) => e);
    expect(direct).toBeInstanceOf(FetchError);
    expect((direct as FetchError).kind).toBe('blocked');
    const redirected = await fetchResource('https://acme.com/to-loopback', options()).catch((e: unknown) => e);
    expect((redirected as FetchError).kind).toBe('blocked');
    expect((redirected as FetchError).url).toBe(`http://127.0.0.1:${other.port}/secret`);
    const named = await fetchResource(`http://localtest.me:${other.port}/secret`, options()).catch((e: unknown) => e);
    expect((named as FetchError).kind).toBe('blocked');
    expect(other.requests).toHaveLength(0);
  });

  it('rejects header values a page could use to split the request', async () => {
    const err = await fetchResource('https://acme.com/api', options({ headers: { 'x-bad': 'a\r\nHost: evil' } })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect(seen).toHaveLength(0);
  });

  it('caps the decompressed size', async () => {
    const err = await fetchResource('https://acme.com/api', options({ maxBytes: 3 })).catch((e: unknown) => e);
    expect((err as FetchError).kind).toBe('too_large');
  });
});
