import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { answerMalformedRequests } from '@enrich/api';
import request from 'supertest';
import { startTestStack, type TestStack } from '../support/test-stack';

// Every kind of bad input gets its 4xx and a code a program can branch on; the service
// keeps serving afterwards and creates no job for any of it.
let stack: TestStack;
let key: string;

beforeAll(async () => {
  stack = await startTestStack({ label: 'badinput', workers: false });
  key = await stack.key();
});
afterAll(() => stack.stop());

const post = () => request(stack.app).post('/enrich').set('Authorization', `Bearer ${key}`);

async function expectError(res: request.Response, status: number, code: string) {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.requestId).toBe(res.headers['x-request-id']);
  expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/); // never a stack trace
}

describe('request bodies', () => {
  it.each([
    ['no body at all', undefined],
    ['an empty object', {}],
    ['domain as a number', { domain: 42 }],
    ['domain as an array', { domain: ['acme.com'] }],
    ['domain as an object', { domain: { name: 'acme.com' } }],
    ['domain as null', { domain: null }],
    ['domain as a boolean', { domain: true }],
    ['url as a number', { url: 7 }],
    ['a JSON array', ['acme.com']],
    ['a __proto__ smuggled domain', JSON.parse('{"__proto__": {"domain": "acme.com"}}')],
  ])('%s → 400 VALIDATION_ERROR', async (_label, body) => {
    const req = post();
    await expectError(await (body === undefined ? req : req.send(body)), 400, 'VALIDATION_ERROR');
  });

  it('a body that is not JSON → 400 INVALID_JSON', async () => {
    for (const raw of ['{"domain": ', 'hello', '"acme.com"', '{"domain": "acme.com"}}']) {
      await expectError(await post().set('Content-Type', 'application/json').send(raw), 400, 'INVALID_JSON');
    }
  });

  it('a body that is not declared as JSON → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    await expectError(await post().set('Content-Type', 'text/plain').send('acme.com'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    await expectError(await post().type('form').send('domain=acme.com'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('an oversized body → 413 PAYLOAD_TOO_LARGE', async () => {
    await expectError(await post().send({ domain: 'acme.com', pad: 'x'.repeat(400_000) }), 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('domains', () => {
  it.each([
    ['a 10,000-character string', 'a'.repeat(10_000)],
    ['a 10,000-character domain-looking string', `${'a'.repeat(9_996)}.com`],
    ['an empty string', ''],
    ['whitespace', '   '],
    ['an IPv4 literal', '127.0.0.1'],
    ['a decimal IPv4 literal', 'http://2130706433'],
    ['an IPv6 literal', '[::1]'],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data'],
    ['localhost', 'localhost'],
    ['a localhost URL', 'http://localhost:3000/'],
    ['a URL with a port', 'https://acme.com:8443/about'],
    ['a bare domain with a port', 'acme.com:22'],
    ['credentials', 'https://admin:secret@acme.com'],
    ['no public suffix', 'intranet'],
    ['a reserved suffix', 'printer.local'],
    ['an unknown suffix', 'acme.notarealtld'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a control character', 'ac\u0000me.com'],
    ['an underscore', 'my_company.com'],
    ['unicode that is not a hostname', '¯\\_(ツ)_/¯'],
  ])('%s → 400 INVALID_DOMAIN', async (_label, domain) => {
    await expectError(await post().send({ domain }), 400, 'INVALID_DOMAIN');
  });

  it.each([
    ['an IDN', 'Bücher.de', 'xn--bcher-kva.de'],
    ['an IDN URL', 'https://www.münchen.de/impressum', 'xn--mnchen-3ya.de'],
    ['a punycode domain', 'xn--r8jz45g.jp', 'xn--r8jz45g.jp'],
    ['a URL with a path and query', 'https://www.acme.com/about/team?ref=x#top', 'acme.com'],
    ['an upper-case domain with a trailing dot', 'ACME.COM.', 'acme.com'],
  ])('%s is accepted and normalised', async (_label, domain, expected) => {
    const res = await post().send({ domain });
    expect(res.status).toBe(202);
    expect(res.body.domain).toBe(expected);
  });

  it('names why a domain was refused', async () => {
    const res = await post().send({ domain: '10.0.0.1' });
    expect(res.body.error.details).toEqual({ reason: 'ip_address' });
  });
});

describe('URLs', () => {
  const get = (path: string) => request(stack.app).get(path).set('Authorization', `Bearer ${key}`);

  it.each([
    '/enrich/%ff%fe',
    '/enrich/%',
    '/enrich/bulk/%zz',
    '/api/enrich/%E0%A4%A',
    '/enrich/%ed%a0%80', // an encoded lone surrogate is not UTF-8
    '/no/such/route/%zz',
  ])('a path that is not valid percent-encoding (%s) → 400 VALIDATION_ERROR', async (path) => {
    const res = await get(path);
    await expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([{ path: 'path', message: expect.stringMatching(/percent-encoding/) }]);
  });

  it.each([
    ['/enrich/bulk/%00', 'path'],
    ['/enrich/bat_%00', 'path'],
    ['/companies/search?industry=%00', 'industry'],
    ['/companies/search?location=acme%00', 'location'],
    ['/companies/search?q=%00', 'q'],
    ['/enrich/bulk/bat_x?page=%00', 'page'],
  ])('U+0000 in %s → 400 VALIDATION_ERROR naming %s', async (path, name) => {
    const res = await get(path);
    await expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([{ path: name, message: 'must not hold U+0000 or a lone surrogate' }]);
  });

  it('a domain holding U+0000 or a lone surrogate → 400 INVALID_DOMAIN (invalid_characters)', async () => {
    for (const raw of ['{"domain": "acme.com\\u0000"}', '{"domain": "\\udfff"}', '{"url": "https://acme.com/\\u0000"}']) {
      const res = await post().set('Content-Type', 'application/json').send(raw);
      await expectError(res, 400, 'INVALID_DOMAIN');
      expect(res.body.error.details).toEqual({ reason: 'invalid_characters' });
    }
  });
});

describe('body encodings', () => {
  const send = (path: string, type: string, encoding: string, body: Buffer) =>
    request(stack.app)
      .post(path)
      .set('Authorization', `Bearer ${key}`)
      .set('Content-Type', type)
      .set('Content-Encoding', encoding)
      .serialize((raw: Buffer) => raw as unknown as string)
      .send(body as unknown as string);

  it.each([
    ['gzip', '/enrich', 'application/json'],
    ['deflate', '/enrich', 'application/json'],
    ['br', '/enrich', 'application/json'],
    ['gzip', '/enrich/bulk', 'application/json'],
    ['br', '/enrich/bulk', 'text/csv'],
  ])('%s over bytes that do not decompress (%s, %s) → 400 INVALID_CONTENT_ENCODING', async (encoding, path, type) => {
    const res = await send(path, type, encoding, Buffer.from('these bytes are not compressed'));
    await expectError(res, 400, 'INVALID_CONTENT_ENCODING');
    expect(res.body.error.details).toEqual({ contentEncoding: encoding });
  });

  it('compressed bodies that do decompress are read', async () => {
    const body = (domain: string) => Buffer.from(JSON.stringify({ domain }));
    expect((await send('/enrich', 'application/json', 'gzip', gzipSync(body('gzipped.com')))).body.domain).toBe('gzipped.com');
    expect((await send('/enrich', 'application/json', 'deflate', deflateSync(body('deflated.com')))).body.domain).toBe('deflated.com');
    expect((await send('/enrich', 'application/json', 'br', brotliCompressSync(body('brotli.com')))).body.domain).toBe('brotli.com');
  });

  it('an unknown Content-Encoding → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    await expectError(await send('/enrich', 'application/json', 'x-snappy', Buffer.from('{}')), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a Content-Length over the limit → 413 at once, before the body is sent, and the connection is closed', async () => {
    const server = stack.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    try {
      for (const [path, type] of [
        ['/enrich', 'application/json'],
        ['/enrich/bulk', 'text/csv'],
        ['/enrich/bulk', 'text/plain'],
      ]) {
        const started = Date.now();
        const answer = await new Promise<{ text: string; closed: boolean }>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => {
            // 100 MB declared, a few bytes sent; the rest never comes.
            socket.write(
              `POST ${path} HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer ${key}\r\nContent-Type: ${type}\r\n` +
                'Content-Length: 100000000\r\n\r\n{"domain": "',
            );
          });
          let text = '';
          socket.on('data', (chunk) => {
            text += chunk;
          });
          socket.on('close', () => resolve({ text, closed: true }));
          socket.on('error', reject);
          setTimeout(() => {
            socket.destroy();
            resolve({ text, closed: false });
          }, 5_000);
        });
        expect(answer.closed).toBe(true);
        expect(Date.now() - started).toBeLessThan(3_000);
        expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
        expect(answer.text).toMatch(/\r\nConnection: close\r\n/i);
        const body = JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4));
        expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
      }
    } finally {
      server.close();
    }
  });
});

describe('bytes that are not an HTTP request', () => {
  // What the API process does with them (main.ts): the error shape, then the connection closes.
  async function rawExchange(bytes: string): Promise<string> {
    const server = stack.app.listen(0, '127.0.0.1');
    answerMalformedRequests(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    try {
      return await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk;
        });
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        setTimeout(() => socket.destroy(), 5_000);
      });
    } finally {
      server.close();
    }
  }

  it.each([
    ['a request line that is not one', 'GARBAGE\r\n\r\n', 400, 'MALFORMED_REQUEST'],
    ['a header without a colon', 'GET /healthz HTTP/1.1\r\nHost: test\r\nno colon here\r\n\r\n', 400, 'MALFORMED_REQUEST'],
    ['a NUL in the request line', 'GET /enr\u0000ich HTTP/1.1\r\nHost: test\r\n\r\n', 400, 'MALFORMED_REQUEST'],
    [
      'a chunk size that is not hex',
      'POST /enrich HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
      400,
      'MALFORMED_REQUEST',
    ],
    ['headers over 16 KB', `GET /healthz HTTP/1.1\r\nHost: test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'HEADERS_TOO_LARGE'],
  ])('%s → %s %s, and the connection closes', async (_label, bytes, status, code) => {
    const text = await rawExchange(bytes);
    expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(text).toMatch(/\r\nConnection: close\r\n/i);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    expect(body.error).toMatchObject({ code, requestId: expect.stringMatching(/^req_/) });
  });
});

describe('after all of that', () => {
  it('keeps serving, and created jobs only for the accepted domains', async () => {
    const before = await stack.database.db.enrichmentJob.count();
    const res = await post().send({ domain: 'stillworks.com' });
    expect(res.status).toBe(202);
    expect((await request(stack.app).get('/healthz')).status).toBe(200);
    expect(await stack.database.db.enrichmentJob.count()).toBe(before + 1);
    const domains = (await stack.database.db.enrichmentJob.findMany({ select: { domain: true } })).map((j) => j.domain);
    expect(domains.sort()).toEqual(
      [
        'acme.com',
        'acme.com',
        'stillworks.com',
        'xn--bcher-kva.de',
        'xn--mnchen-3ya.de',
        'xn--r8jz45g.jp',
        'gzipped.com',
        'deflated.com',
        'brotli.com',
      ].sort(),
    );
  });
});
