import type http from 'node:http';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import type { Resolver } from '@enrich/net-guard';
import { type HostMap, parseHostMap } from '@enrich/net-guard';
import { FetchError } from './fetch-error';
import { type FetchPageOptions, fetchPage } from './fetch-page';
import { type Fixture, fetchFailure, sendHtml as html, localResolver, sendRedirect, startFixture } from './test-support';

const PAGE = '<html><body><h1>Grüße – ok</h1></body></html>';
let site: Fixture;
let other: Fixture;
let hostMap: HostMap;

function siteHandler(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const redirect = (status: number, location: string): void => sendRedirect(res, status, location);
  switch (path) {
    case '/':
    case '/about':
      return html(res, `<p>host=${req.headers.host}</p>`);
    case '/to-other':
      return redirect(302, 'https://www.other.org/landing');
    case '/to-loopback':
      return redirect(302, `http://127.0.0.1:${site.port}/secret`);
    case '/to-localname':
      return redirect(307, `http://localtest.me:${site.port}/secret`);
    case '/to-ftp':
      return redirect(301, 'ftp://acme.com/file');
    case '/loop':
      return redirect(302, '/loop');
    case '/rel/a/b':
      return redirect(301, '../c?x=1');
    case '/rel/c':
      return html(res, '<p>relative ok</p>');
    case '/no-location':
      return void res.writeHead(302).end();
    case '/gzip':
      return html(res, gzipSync(PAGE), { 'Content-Encoding': 'gzip' });
    case '/br':
      return html(res, brotliCompressSync(PAGE), { 'Content-Encoding': 'br' });
    case '/deflate':
      return html(res, deflateSync(PAGE), { 'Content-Encoding': 'deflate' });
    case '/deflate-raw':
      return html(res, deflateRawSync(PAGE), { 'Content-Encoding': 'deflate' });
    case '/corrupt-gzip':
      return html(res, Buffer.from('definitely not gzip'), { 'Content-Encoding': 'gzip' });
    case '/500':
    case '/404':
    case '/429':
      res.writeHead(Number(path.slice(1)), { 'Content-Type': 'text/html' });
      res.end('<p>error</p>');
      return;
    case '/json':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{}');
      return;
    case '/xhtml':
      return html(res, '<p>xhtml</p>', { 'Content-Type': 'application/xhtml+xml' });
    case '/no-type':
      res.removeHeader('Content-Type');
      return void res.writeHead(200).end('<p>untyped</p>');
    case '/latin1':
      return html(res, Buffer.from('<p>Café Zürich</p>', 'latin1'), { 'Content-Type': 'text/html; charset=ISO-8859-1' });
    case '/meta-1252':
      return html(res, Buffer.concat([Buffer.from('<meta charset="windows-1252"><p>Price: '), Buffer.from([0x80, 0x35, 0xe9])]), {
        'Content-Type': 'text/html',
      });
    default:
      return void res.writeHead(404).end();
  }
}

beforeAll(async () => {
  site = await startFixture(siteHandler);
  other = await startFixture((req, res) => html(res, `<p>other ${req.url}</p>`));
  hostMap = parseHostMap(`acme.com=127.0.0.1:${site.port},other.org=127.0.0.1:${other.port}`);
});

afterAll(async () => {
  await Promise.all([site.close(), other.close()]);
});

function options(overrides: Partial<FetchPageOptions> = {}): FetchPageOptions {
  return { hostMap, timeoutMs: 2_000, maxBytes: 1024 * 1024, userAgent: 'EnrichBot/1.0', resolve: localResolver, ...overrides };
}

const failure = (url: string, overrides: Partial<FetchPageOptions> = {}) => fetchFailure(url, options(overrides));

describe('mapped hosts', () => {
  it('serves an https:// URL over plain HTTP with the original Host header and standard headers', async () => {
    const page = await fetchPage('https://acme.com/about?x=1#frag', options());
    expect(page).toEqual({
      url: 'https://acme.com/about?x=1#frag',
      finalUrl: 'https://acme.com/about?x=1#frag',
      status: 200,
      contentType: 'text/html; charset=utf-8',
      html: '<p>host=acme.com</p>',
      redirects: [],
      bytes: 20,
    });
    expect(site.requests.at(-1)).toEqual({
      host: 'acme.com',
      url: '/about?x=1',
      ua: 'EnrichBot/1.0',
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
      encoding: 'gzip, deflate, br',
    });
  });

  it('maps subdomains and sends their own hostname (without port)', async () => {
    const page = await fetchPage('http://shop.eu.ACME.com:8443/', options());
    expect(page.html).toBe('<p>host=shop.eu.acme.com</p>');
  });

  it('follows a redirect to another mapped host', async () => {
    const page = await fetchPage('http://www.acme.com/to-other', options());
    expect(page.html).toBe('<p>other /landing</p>');
    expect(page.finalUrl).toBe('https://www.other.org/landing');
    expect(page.redirects).toEqual(['https://www.other.org/landing']);
    expect(other.requests.at(-1)?.host).toBe('www.other.org');
  });

  it('resolves relative redirects against the current URL', async () => {
    const page = await fetchPage('http://acme.com/rel/a/b', options());
    expect(page.html).toBe('<p>relative ok</p>');
    expect(page.redirects).toEqual(['http://acme.com/rel/c?x=1']);
  });
});

describe('redirect guard', () => {
  it.each(['/to-loopback', '/to-localname'])('blocks a mapped site redirecting to loopback (%s)', async (path) => {
    const before = site.requests.filter((r) => r.url === '/secret').length;
    const err = await failure(`http://acme.com${path}`);
    expect(err.kind).toBe('blocked');
    expect(err.url).toMatch(/\/secret$/);
    expect(site.requests.filter((r) => r.url === '/secret').length).toBe(before);
  });

  it('refuses redirects to other schemes', async () => {
    expect((await failure('http://acme.com/to-ftp')).kind).toBe('invalid_url');
  });

  it('stops a redirect loop after maxRedirects', async () => {
    const before = site.requests.length;
    const err = await failure('http://acme.com/loop', { maxRedirects: 3 });
    expect(err.kind).toBe('too_many_redirects');
    expect(err.transient).toBe(false);
    expect(site.requests.length - before).toBe(4);
  });

  it('treats a redirect status without Location as an HTTP error', async () => {
    expect(await failure('http://acme.com/no-location')).toMatchObject({ kind: 'http', status: 302 });
  });
});

describe('content', () => {
  it.each(['/gzip', '/br', '/deflate', '/deflate-raw'])('decompresses %s', async (path) => {
    const page = await fetchPage(`http://acme.com${path}`, options());
    expect(page.html).toBe(PAGE);
    expect(page.bytes).toBe(Buffer.byteLength(PAGE));
  });

  it('fails cleanly on a corrupt gzip body', async () => {
    expect((await failure('http://acme.com/corrupt-gzip')).kind).toBe('network');
  });

  it.each([
    [500, true],
    [429, true],
    [404, false],
  ])('HTTP %d is an http error (transient: %s)', async (status, transient) => {
    const err = await failure(`http://acme.com/${status}`);
    expect(err).toBeInstanceOf(FetchError);
    expect(err).toMatchObject({ kind: 'http', status, transient });
  });

  it('refuses non-HTML content', async () => {
    expect(await failure('http://acme.com/json')).toMatchObject({ kind: 'unsupported_content', transient: false });
  });

  it('accepts XHTML and a missing Content-Type', async () => {
    expect((await fetchPage('http://acme.com/xhtml', options())).html).toBe('<p>xhtml</p>');
    const untyped = await fetchPage('http://acme.com/no-type', options());
    expect(untyped).toMatchObject({ html: '<p>untyped</p>', contentType: null });
  });

  it('decodes latin1 from the Content-Type charset', async () => {
    expect((await fetchPage('http://acme.com/latin1', options())).html).toBe('<p>Café Zürich</p>');
  });

  it('decodes windows-1252 from a <meta charset>', async () => {
    expect((await fetchPage('http://acme.com/meta-1252', options())).html).toBe('<meta charset="windows-1252"><p>Price: €5é');
  });

  it('decodes UTF-8 by default', async () => {
    expect((await fetchPage('http://acme.com/gzip', options())).html).toContain('Grüße – ok');
  });
});

describe('unmapped targets', () => {
  it('reports unknown names as non-transient dns errors', async () => {
    expect(await failure('http://no-such-host.example/')).toMatchObject({ kind: 'dns', code: 'ENOTFOUND', transient: false });
  });

  it('reports EAI_AGAIN as a transient dns error', async () => {
    const flaky: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' });
    };
    expect(await failure('http://flaky.example/', { resolve: flaky })).toMatchObject({ kind: 'dns', transient: true });
  });

  it('does not echo credentials back in the error', async () => {
    const err = await failure('http://user:hunter2@acme.com/x');
    expect(err).toMatchObject({ kind: 'invalid_url', url: 'http://acme.com/x' });
    expect(err.message).not.toContain('hunter2');
  });

  it.each(['ftp://acme.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url', 'http://user:pw@acme.com/'])(
    'refuses %s as invalid_url',
    async (url) => {
      expect((await failure(url)).kind).toBe('invalid_url');
    },
  );
});
