import { METHODS } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

// A seeded, deterministic generator of hostile requests against every route, for
// tests/integration/fuzz.test.ts: the same seed gives the same requests, byte for byte.

/** mulberry32: small, fast, good enough to pick test inputs. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  /** A version-4-shaped UUID from this generator. */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.int(16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  }
  /** Picks by weight: [[weight, value], ...]. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    let roll = this.next() * choices.reduce((sum, [weight]) => sum + weight, 0);
    for (const [weight, value] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1]![1];
  }
}

export interface FuzzRequest {
  /** Which generator made it, for the failure report. */
  kind: string;
  method: string;
  /** Path and query exactly as sent (may be malformed on purpose). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** A bulk request mixing valid and hostile entries: every one of these must be in `jobs`. */
  mustAccept?: { index?: number; domain: string }[];
}

export interface FuzzContext {
  key: string;
  /** A job and a batch of the fuzzing team, so that GETs also reach their found paths. */
  jobId: string;
  batchId: string;
}

// Every method Node's parser takes, but CONNECT (a tunnel, not a request) and PRI (HTTP/2's preface).
const ODD_METHODS = METHODS.filter((method) => method !== 'CONNECT' && method !== 'PRI');

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000.com',
  'acme.com\u0000',
  '\udfff',
  '\ud800',
  'acme\ud83d.com',
  '\udc00\ud800',
  '😀.com',
  'ac me.com',
  '\t\r\n',
  '\u0085acme.com',
  '\u2028',
  '\u202eacme.com',
  '\ufeffacme.com',
  'İstanbul.com.tr',
  'ß.de',
  '%',
  '%zz',
  '%00',
  '%ff%fe',
  '../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE companies; --',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j lookup, sent as text on purpose
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  'localhost',
  '127.0.0.1',
  '[::1]',
  'http://169.254.169.254/latest/meta-data',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'acme.com:99999',
  'https://user:pw@acme.com',
  'ACME.COM.',
  'xn--',
  'xn--zz.com',
  '-acme.com',
  'acme..com',
  '.',
  'a'.repeat(64),
  `${'a.'.repeat(140)}com`,
  'a'.repeat(3000),
  '\\',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  '$type',
  '[object Decimal]',
];

const ODD_KEYS = [
  'domain',
  'url',
  'domains',
  'refresh',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'toJSON',
  'toStringTag',
  '__prismaRawParameters__',
  'values',
  '$type',
  'value',
  '',
  '\u0000',
  'k\u0000',
  '\udfff',
  '😀',
];

// Characters a random string is made of: plain text, controls, surrogate halves, odd Unicode.
const CHARS = [
  'a',
  'z',
  '0',
  '.',
  '-',
  '_',
  '/',
  ':',
  '@',
  '%',
  '"',
  "'",
  '\\',
  ',',
  ' ',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\n',
  '\r',
  '\t',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  'é',
  'ü',
  'ß',
  '例',
  '😀',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\uffff',
];

function randomString(rng: Rng, maxLength = 40): string {
  let out = '';
  const length = rng.int(maxLength + 1);
  for (let i = 0; i < length; i += 1) out += rng.pick(CHARS);
  return out;
}

function hostileString(rng: Rng): string {
  return rng.chance(0.6) ? rng.pick(HOSTILE_STRINGS) : randomString(rng);
}

const NUMBERS = ['0', '-0', '42', '-1', '3.14', '1e400', '-1e400', '1e-400', '123456789012345678901234567890', '0.1e1'];

/** JSON text, built as text so that it can hold what JSON.stringify never writes (1e400, deep nesting). */
function jsonText(rng: Rng, depth: number): string {
  const kind = rng.weighted([
    [5, 'string'],
    [2, 'number'],
    [1, 'literal'],
    [depth > 0 ? 2 : 0, 'array'],
    [depth > 0 ? 2 : 0, 'object'],
    [0.3, 'deep'],
  ] as const);
  switch (kind) {
    case 'string':
      return JSON.stringify(hostileString(rng));
    case 'number':
      return rng.pick(NUMBERS);
    case 'literal':
      return rng.pick(['true', 'false', 'null']);
    case 'array':
      return `[${Array.from({ length: rng.int(4) }, () => jsonText(rng, depth - 1)).join(',')}]`;
    case 'object':
      return `{${Array.from({ length: rng.int(4) }, () => `${JSON.stringify(rng.pick(ODD_KEYS))}:${jsonText(rng, depth - 1)}`).join(',')}}`;
    default:
      return deepJson(rng);
  }
}

function deepJson(rng: Rng): string {
  const depth = rng.pick([100, 1_000, 10_000, 50_000]);
  return rng.chance(0.5) ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

// Broken JSON of many kinds.
function brokenJson(rng: Rng): string {
  return rng.pick([
    '{"domain": ',
    '{"domain": "acme.com"}}',
    "{'domain': 'acme.com'}",
    '{"domain": "acme.com",}',
    '{"domain": "\\x41"}',
    '{"domain": "\\u12"}',
    '{"domain": "\u0000"}', // a raw control character inside a string
    'NaN',
    '"acme.com"',
    '[',
    '\ufeff{"domain": "acme.com"}',
    `${'['.repeat(5_000)}`,
    randomString(rng, 60),
  ]);
}

// Percent-encoding of every kind: valid, broken, NUL, encoded surrogates, overlong UTF-8. (Raw
// bytes over 0x7f in the request line are refused by Node's parser before the app: not sent.)
function encodedSegment(rng: Rng): string {
  return rng.weighted([
    [3, () => rng.pick(['%', '%zz', '%ff%fe', '%E0%A4%A', '%c0%80', '%ed%a0%80', '%ed%bf%bf', '%f8%88%80%80%80', '%%', '%2', '%g0'])],
    [2, () => rng.pick(['%00', 'a%00b', '%00%00', 'bat_%00'])],
    [2, () => encodeURIComponent(hostileString(rng).replace(/[\ud800-\udfff]/g, 'x'))],
    [1, () => 'x'.repeat(rng.pick([65, 200, 2_000]))],
    [2, () => rng.pick(['bulk', 'search', '..', '.', '', 'null', 'undefined', '0', '-1', 'bat_nope', rng.uuid()])],
  ])();
}

function queryString(rng: Rng): string {
  if (rng.chance(0.25)) return '';
  const names = [
    'q',
    'industry',
    'location',
    'businessStage',
    'minConfidence',
    'page',
    'limit',
    'refresh',
    'cursor',
    'fields',
    'status',
    'x',
    '__proto__',
    'q[]',
    'page[a]',
  ];
  const values = () =>
    rng.weighted([
      [3, () => rng.pick(['1', '0', '-1', '20', '100', '101', '1e3', '2.5', 'abc', 'true', 'false', 'growth', 'Software', 'Berlin', ''])],
      [
        1,
        () => rng.pick(['name', 'name,industry', 'name,revenue', 'socialProfiles.linkedin', ',', 'fieldSources', 'processing', 'failed']),
      ],
      [2, () => encodedSegment(rng)],
      [1, () => encodeURIComponent('a'.repeat(rng.pick([100, 201, 1_000])))],
      [1, () => rng.pick(['a+b', 'a%20b', '%2B', '&', '=', '==', ';'])],
      [1, () => cursorText(rng)],
    ])();
  const pairs = Array.from({ length: 1 + rng.int(4) }, () => {
    const name = rng.chance(0.1) ? encodedSegment(rng) : rng.pick(names);
    return rng.chance(0.1) ? name : `${name}=${values()}`;
  });
  // Repeated parameters: the same name given twice.
  if (rng.chance(0.2)) pairs.push(pairs[0]!);
  return `?${pairs.join('&')}`;
}

const prefix = (rng: Rng) => (rng.chance(0.5) ? '/api' : '');

// Cursors of the list endpoints (base64url JSON [time, id]), well-formed or not.
function cursorText(rng: Rng): string {
  const value = rng.pick<unknown>([
    ['2026-11-01T00:00:00.000Z', rng.uuid()],
    ['2026-11-01T00:00:00.000Z', 'bat_01m7zzzzzzzzzzzzzzzzzzzzzzzzzz'],
    ['2026-13-01T00:00:00.000Z', rng.uuid()],
    ['not a time', 'x'],
    ['2026-11-01T00:00:00.000Z', '\u0000'],
    [1, 2, 3],
    {},
    null,
  ]);
  const text = rng.chance(0.8) ? JSON.stringify(value) : randomString(rng, 30);
  return Buffer.from(text).toString(rng.chance(0.8) ? 'base64url' : 'base64');
}

function authHeader(rng: Rng, ctx: FuzzContext): Record<string, string> {
  return rng.weighted<Record<string, string>>([
    [12, { authorization: `Bearer ${ctx.key}` }],
    [1, { authorization: `bearer   ${ctx.key}  ` }],
    [1, {}],
    [
      1,
      {
        authorization: rng.pick([
          'Bearer',
          'Bearer ',
          'Basic YTpi',
          `Bearer ${ctx.key}x`,
          'Bearer ce_live_',
          `Bearer ${'x'.repeat(5_000)}`,
        ]),
      },
    ],
    [1, { authorization: `Bearer ${latin1(randomString(rng, 40))}` }],
  ]);
}

// Header values Node's client will send: latin-1 without control characters.
function latin1(text: string): string {
  return text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
}

function oddHeaders(rng: Rng): Record<string, string> {
  const headers: Record<string, string> = {};
  if (rng.chance(0.1)) headers['x-request-id'] = rng.pick(['ok-id_1:2.3', '', 'x'.repeat(200), '<script>', latin1(randomString(rng))]);
  if (rng.chance(0.05)) headers['x-forwarded-for'] = rng.pick(['1.2.3.4', 'not an ip', '::1', '1.2.3.4, 5.6.7.8', '999.999.999.999', '']);
  if (rng.chance(0.05)) headers.accept = rng.pick(['text/html', '*/*', 'application/xml', ';;;', '']);
  if (rng.chance(0.03)) headers.host = rng.pick(['evil.com', '', 'a'.repeat(300), '[::1]:99999']);
  if (rng.chance(0.03)) headers.range = 'bytes=0-1';
  if (rng.chance(0.03)) headers['if-none-match'] = '*';
  return headers;
}

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=UTF-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=bogus',
  'application/json; charset',
  'application/json;;',
  'application/vnd.api+json',
  'Application/JSON',
];
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  '',
  '*/*',
  'json',
  ';',
];
const CSV_TYPES = ['text/csv', 'text/csv; charset=utf-8', 'application/csv', 'text/csv; charset=latin1', 'text/csv; charset=bogus'];

/** Encodes a body as the Content-Encoding it declares, or declares one it does not have. */
function encodeBody(rng: Rng, body: Buffer): { body: Buffer; headers: Record<string, string> } {
  return rng.weighted([
    [10, () => ({ body, headers: {} })],
    [1, () => ({ body: gzipSync(body), headers: { 'content-encoding': 'gzip' } })],
    [1, () => ({ body: deflateSync(body), headers: { 'content-encoding': 'deflate' } })],
    [1, () => ({ body: brotliCompressSync(body), headers: { 'content-encoding': 'br' } })],
    [2, () => ({ body, headers: { 'content-encoding': rng.pick(['gzip', 'deflate', 'br', 'GZIP']) } })], // bytes that do not decompress
    [0.5, () => ({ body: gzipSync(body).subarray(0, 12), headers: { 'content-encoding': 'gzip' } })], // cut short
    [1, () => ({ body, headers: { 'content-encoding': rng.pick(['identity', 'zstd', 'compress', 'x-snappy', 'gzip, br', '']) } })],
  ])();
}

function withBody(rng: Rng, type: string, raw: Buffer): { body: Buffer; headers: Record<string, string> } {
  const encoded = encodeBody(rng, raw);
  return { body: encoded.body, headers: { ...(type === '' && rng.chance(0.5) ? {} : { 'content-type': type }), ...encoded.headers } };
}

/** What one run of the generator keeps between requests. */
export interface FuzzState {
  rng: Rng;
  seed: number;
  ctx: FuzzContext;
  domains: number;
}

/** A distinct, valid domain, with the form it is sent in. */
function validDomain(state: FuzzState): { sent: string; domain: string } {
  const { rng } = state;
  state.domains += 1;
  const domain = `fz${state.seed.toString(36)}-${state.domains}.${rng.pick(['com', 'io', 'de', 'co.uk'])}`;
  const sent = rng.pick([domain, `https://www.${domain}/about?x=1`, `${domain.toUpperCase()}.`, `  ${domain}  `, `http://${domain}`]);
  return { sent, domain };
}

function enrichBody(rng: Rng): Buffer {
  const text = rng.weighted([
    [4, () => `{"domain": ${jsonText(rng, 2)}}`],
    [2, () => `{"url": ${jsonText(rng, 1)}, "refresh": ${jsonText(rng, 1)}}`],
    [2, () => jsonText(rng, 3)],
    [2, () => brokenJson(rng)],
    [1, () => `{"domain": "acme.com", ${JSON.stringify(rng.pick(ODD_KEYS))}: ${jsonText(rng, 3)}}`],
    [0.3, () => `{"domain": ${deepJson(rng)}}`],
    [0.3, () => `{"domain": "${'a'.repeat(rng.pick([10_000, 200_000, 300_000]))}"}`], // over the 256 kb limit sometimes
  ])();
  return Buffer.from(text);
}

// Webhook bodies: hostile values in every field, and URLs on addresses the guard must refuse
// (no name that needs DNS: the fuzz runs without a network).
function webhookBody(rng: Rng): Buffer {
  const host = () => rng.pick(['93.184.216.34', '127.0.0.1', '[::1]', '169.254.169.254', '0x7f.1', '[::ffff:10.0.0.1]', '10.0.0.1:8080']);
  const text = rng.weighted([
    [3, () => `{"url": ${jsonText(rng, 1)}, "events": ${jsonText(rng, 2)}}`],
    [
      3,
      () =>
        `{"url": "${rng.pick(['https', 'http', 'ftp', 'javascript'])}://${host()}/${encodedSegment(rng)}", ` +
        `"events": ["job.completed"], "description": ${jsonText(rng, 1)}, "fields": ${jsonText(rng, 1)}}`,
    ],
    [1, () => `{"enabled": ${jsonText(rng, 1)}, "events": ${jsonText(rng, 1)}, "overlapHours": ${jsonText(rng, 1)}}`],
    [2, () => jsonText(rng, 3)],
    [1, () => brokenJson(rng)],
  ])();
  return Buffer.from(text);
}

function bulkJsonBody(state: FuzzState): { body: Buffer; mustAccept?: FuzzRequest['mustAccept'] } {
  const { rng } = state;
  const kind = rng.weighted([
    [5, 'mixed'],
    [2, 'hostile-list'],
    [1, 'not-a-list'],
    [1, 'broken'],
    [0.3, 'huge'],
  ] as const);
  if (kind === 'broken') return { body: Buffer.from(brokenJson(rng)) };
  if (kind === 'not-a-list') {
    return {
      body: Buffer.from(
        rng.pick([`{"domains": ${jsonText(rng, 2)}}`, jsonText(rng, 3), `{"domains": ${deepJson(rng)}}`, '{"domains": []}']),
      ),
    };
  }
  if (kind === 'huge') {
    const count = rng.pick([1_001, 5_000]);
    return { body: Buffer.from(`{"domains": [${Array.from({ length: count }, (_, i) => `"h${i}.com"`).join(',')}]}`) };
  }
  const entries: string[] = [];
  const mustAccept: NonNullable<FuzzRequest['mustAccept']> = [];
  const count = 1 + (rng.chance(0.05) ? rng.int(300) : rng.int(12));
  for (let index = 0; index < count; index += 1) {
    if (kind === 'mixed' && rng.chance(0.4)) {
      const { sent, domain } = validDomain(state);
      entries.push(JSON.stringify(sent));
      mustAccept.push({ index, domain });
    } else {
      entries.push(jsonText(rng, 3));
    }
  }
  const refresh = rng.pick(['', '', '', 'true', 'false', '"yes"', 'null', '1']);
  const extra = rng.chance(0.1)
    ? `, ${JSON.stringify(rng.pick(ODD_KEYS.filter((k) => k !== 'domains' && k !== 'refresh')))}: ${jsonText(rng, 2)}`
    : '';
  const body = Buffer.from(`{"domains": [${entries.join(',')}]${refresh ? `, "refresh": ${refresh}` : ''}${extra}}`);
  // Requests refused whole have nothing to accept: a `refresh` that is not a boolean
  // (VALIDATION_ERROR), a body over BULK_BODY_LIMIT (deep entries are large).
  const refused = !['', 'true', 'false'].includes(refresh) || body.length > 2 * 1024 * 1024;
  return { body, mustAccept: mustAccept.length && !refused ? mustAccept : undefined };
}

// A CSV cell, quoted so that anything inside stays in its cell.
const csvCell = (text: string) => `"${text.replace(/"/g, '""')}"`;

function bulkCsvBody(state: FuzzState): { text: string; mustAccept?: FuzzRequest['mustAccept'] } {
  const { rng } = state;
  const kind = rng.weighted([
    [5, 'mixed'],
    [1, 'no-header'],
    [1, 'broken'],
    [1, 'random'],
  ] as const);
  if (kind === 'broken')
    return { text: rng.pick(['domain\n"acme.com\n', 'domain\n"a"b"\n', '"', '\u0000\u0000\u0000', 'domain\r\r\n\n"']) };
  if (kind === 'random') return { text: randomString(rng, 200) };
  if (kind === 'no-header') return { text: `name,city\n${csvCell(hostileString(rng))},x\n` };
  const header = rng.pick(['domain', 'Website', 'URL', 'company,domain,notes', '\ufeffdomain', 'domain,domain']);
  const columns = header.split(',').length;
  const column = header.split(',').findIndex((name) => /domain|website|url/i.test(name));
  const rows: string[] = [];
  const mustAccept: NonNullable<FuzzRequest['mustAccept']> = [];
  const count = 1 + rng.int(10);
  for (let row = 0; row < count; row += 1) {
    const cells = Array.from({ length: columns }, () => csvCell(hostileString(rng)));
    if (rng.chance(0.4)) {
      const { sent, domain } = validDomain(state);
      cells[column] = csvCell(sent);
      mustAccept.push({ domain });
    }
    rows.push(cells.join(','));
  }
  const eol = rng.pick(['\n', '\r\n']);
  return { text: `${header}${eol}${rows.join(eol)}${eol}`, mustAccept: mustAccept.length ? mustAccept : undefined };
}

/** `count` requests; the seed decides everything about them. */
export function fuzzRequests(seed: number, ctx: FuzzContext, count: number): FuzzRequest[] {
  const state: FuzzState = { rng: new Rng(seed), seed, ctx, domains: 0 };
  return Array.from({ length: count }, () => {
    const request = fuzzRequest(state);
    // Node answers a request line and headers over 16 KB itself (431, no body); stay under it.
    return request.path.length > 6_000 ? { ...request, path: request.path.slice(0, 6_000) } : request;
  });
}

function fuzzRequest(state: FuzzState): FuzzRequest {
  const { rng, ctx } = state;
  const auth = authHeader(rng, ctx);
  const headers = { ...auth, ...oddHeaders(rng) };
  const authenticated = auth.authorization === `Bearer ${ctx.key}`;
  const kind = rng.weighted([
    [6, 'post-enrich'],
    [3, 'get-job'],
    [6, 'bulk-json'],
    [4, 'bulk-csv'],
    [3, 'get-batch'],
    [4, 'search'],
    [3, 'webhooks'],
    [2, 'list'],
    [1, 'usage'],
    [2, 'batch-csv'],
    [3, 'bulk-preview'],
    [2, 'lookup'],
    [2, 'events'],
    [1, 'service'],
    [1, 'unknown-path'],
    [2, 'odd-method'],
  ] as const);

  switch (kind) {
    case 'post-enrich': {
      const type = rng.chance(0.85) ? rng.pick(JSON_TYPES) : rng.pick(OTHER_TYPES);
      const { body, headers: bodyHeaders } = withBody(rng, type, enrichBody(rng));
      return {
        kind,
        method: 'POST',
        path: `${prefix(rng)}/enrich${rng.chance(0.1) ? queryString(rng) : ''}`,
        headers: { ...headers, ...bodyHeaders },
        body,
      };
    }
    case 'get-job': {
      const id = rng.weighted([
        [2, ctx.jobId],
        [1, ctx.jobId.toUpperCase()],
        [1, rng.uuid()],
        [4, encodedSegment(rng)],
      ]);
      return { kind, method: rng.pick(['GET', 'GET', 'GET', 'HEAD']), path: `${prefix(rng)}/enrich/${id}${queryString(rng)}`, headers };
    }
    case 'bulk-json': {
      const generated = bulkJsonBody(state);
      const type = rng.chance(0.9) ? rng.pick(JSON_TYPES.slice(0, 3)) : rng.pick([...JSON_TYPES, ...OTHER_TYPES]);
      const { body, headers: bodyHeaders } = withBody(rng, type, generated.body);
      const plain = type.startsWith('application/json') && !/utf-16|latin1|bogus|charset$/.test(type) && !bodyHeaders['content-encoding'];
      return {
        kind,
        method: 'POST',
        path: `${prefix(rng)}/enrich/bulk`,
        headers: { ...headers, ...bodyHeaders },
        body,
        mustAccept: plain && authenticated ? generated.mustAccept : undefined,
      };
    }
    case 'bulk-csv': {
      const generated = bulkCsvBody(state);
      // UTF-16 carries lone surrogates through to the parser; UTF-8 would make them U+FFFD on the way.
      const utf16 = rng.chance(0.2);
      const raw = utf16 ? Buffer.from(generated.text, 'utf16le') : Buffer.from(generated.text);
      const type = utf16 ? 'text/csv; charset=utf-16le' : rng.pick(CSV_TYPES);
      const { body, headers: bodyHeaders } = withBody(rng, type, raw);
      const readable = !/latin1|bogus/.test(type) && !bodyHeaders['content-encoding'];
      const query = rng.chance(0.2) ? rng.pick(['?refresh=true', '?refresh=false']) : '';
      return {
        kind,
        method: 'POST',
        path: `${prefix(rng)}/enrich/bulk${query}`,
        headers: { ...headers, ...bodyHeaders },
        body,
        mustAccept: readable && authenticated ? generated.mustAccept : undefined,
      };
    }
    case 'get-batch': {
      const id = rng.weighted([
        [3, ctx.batchId],
        [1, 'bat_01m7zzzzzzzzzzzzzzzzzzzzzzzzzz'],
        [4, encodedSegment(rng)],
      ]);
      return { kind, method: rng.pick(['GET', 'GET', 'HEAD']), path: `${prefix(rng)}/enrich/bulk/${id}${queryString(rng)}`, headers };
    }
    case 'search':
      return { kind, method: rng.pick(['GET', 'GET', 'GET', 'HEAD']), path: `${prefix(rng)}/companies/search${queryString(rng)}`, headers };
    case 'webhooks': {
      const id = rng.chance(0.4) ? 'whk_01m7zzzzzzzzzzzzzzzzzzzzzzzzzz' : encodedSegment(rng);
      const [method, path] = rng.pick([
        ['POST', '/webhooks'],
        ['GET', '/webhooks'],
        ['GET', `/webhooks/${id}`],
        ['PATCH', `/webhooks/${id}`],
        ['DELETE', `/webhooks/${id}`],
        ['POST', `/webhooks/${id}/rotate-secret`],
        ['GET', `/webhooks/${id}/deliveries${queryString(rng)}`],
        ['POST', `/webhooks/${id}/deliveries/${encodedSegment(rng)}/resend`],
      ] as const);
      if (method === 'GET' || method === 'DELETE') return { kind, method, path: `${prefix(rng)}${path}`, headers };
      const type = rng.chance(0.85) ? rng.pick(JSON_TYPES) : rng.pick(OTHER_TYPES);
      const { body, headers: bodyHeaders } = withBody(rng, type, webhookBody(rng));
      return { kind, method, path: `${prefix(rng)}${path}`, headers: { ...headers, ...bodyHeaders }, body };
    }
    case 'list': {
      const path = rng.pick(['/enrich', '/enrich/bulk']);
      return { kind, method: rng.pick(['GET', 'GET', 'GET', 'HEAD']), path: `${prefix(rng)}${path}${queryString(rng)}`, headers };
    }
    case 'usage':
      return { kind, method: rng.pick(['GET', 'GET', 'HEAD']), path: `${prefix(rng)}/usage${queryString(rng)}`, headers };
    case 'batch-csv': {
      const id = rng.weighted([
        [4, ctx.batchId],
        [1, 'bat_01m7zzzzzzzzzzzzzzzzzzzzzzzzzz'],
        [3, encodedSegment(rng)],
      ]);
      return {
        kind,
        method: rng.pick(['GET', 'GET', 'HEAD']),
        path: `${prefix(rng)}/enrich/bulk/${id}/results.csv${queryString(rng)}`,
        headers,
      };
    }
    case 'bulk-preview': {
      // The bulk bodies, JSON or CSV, sent to the preview; it stores nothing, so nothing must be accepted.
      const csv = rng.chance(0.4);
      const raw = csv ? Buffer.from(bulkCsvBody(state).text) : bulkJsonBody(state).body;
      const type = csv
        ? rng.pick(CSV_TYPES)
        : rng.chance(0.9)
          ? rng.pick(JSON_TYPES.slice(0, 3))
          : rng.pick([...JSON_TYPES, ...OTHER_TYPES]);
      const { body, headers: bodyHeaders } = withBody(rng, type, raw);
      return { kind, method: 'POST', path: `${prefix(rng)}/dashboard/api/bulk/preview`, headers: { ...headers, ...bodyHeaders }, body };
    }
    case 'lookup': {
      const domain = rng.weighted([
        [2, 'fuzz-known-job.com'],
        [1, encodeURIComponent(`https://www.${rng.pick(['fuzz-known-job.com', 'acme.com'])}/about?x=1`)],
        [4, encodedSegment(rng)],
      ]);
      return { kind, method: rng.pick(['GET', 'GET', 'HEAD']), path: `${prefix(rng)}/companies/${domain}${queryString(rng)}`, headers };
    }
    case 'events': {
      // A found job's or batch's stream stays open (nothing works on it here): only HEAD, or a
      // GET refused for its Last-Event-ID. Other ids are asked with GET and any header.
      const found = rng.chance(0.4);
      const id = found
        ? null
        : rng.weighted([
            [1, rng.uuid()],
            [3, encodedSegment(rng)],
          ]);
      const batch = rng.chance(0.5);
      const path = batch ? `/enrich/bulk/${id ?? ctx.batchId}/events` : `/enrich/${id ?? ctx.jobId}/events`;
      // Not a whole number (leading or trailing spaces would be trimmed by the parser into one).
      const badId = rng.pick(['x', '-1', '1.5', '', '1 2', '99999999999', '0x1', '1e3']);
      const method = found ? rng.pick(['HEAD', 'GET']) : rng.pick(['GET', 'GET', 'HEAD']);
      const lastEventId = method === 'GET' && found ? badId : rng.pick([undefined, '0', '3', badId]);
      return {
        kind,
        method,
        path: `${prefix(rng)}${path}${found && method === 'GET' ? '' : queryString(rng)}`,
        headers: lastEventId === undefined ? headers : { ...headers, 'last-event-id': lastEventId },
      };
    }
    case 'service': {
      const path = rng.pick(['/healthz', '/readyz', '/openapi.json', '/api/healthz', '/api/readyz', '/api/openapi.json']);
      return { kind, method: rng.pick(['GET', 'GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS']), path: `${path}${queryString(rng)}`, headers };
    }
    case 'unknown-path': {
      const path = rng.pick([
        '/',
        '/api',
        '/api/',
        '/api/api/enrich',
        '//enrich',
        '/enrich//bulk',
        '/enrich/bulk/x/y',
        '/companies',
        '/companies/search/x',
        '/ENRICH',
        '/.env',
        '/admin',
        `/${encodedSegment(rng)}`,
        `/api/${encodedSegment(rng)}/${encodedSegment(rng)}`,
      ]);
      return { kind, method: rng.pick(['GET', 'POST', 'PUT', 'DELETE']), path, headers };
    }
    default: {
      const path = rng.pick([
        '/enrich',
        '/enrich/bulk',
        `/enrich/${ctx.jobId}`,
        `/enrich/bulk/${ctx.batchId}`,
        `/enrich/bulk/${ctx.batchId}/results.csv`,
        '/companies/search',
        '/webhooks',
        '/webhooks/whk_01m7zzzzzzzzzzzzzzzzzzzzzzzzzz',
        '/usage',
        '/dashboard/api/bulk/preview',
        '/healthz',
      ]);
      const body = rng.chance(0.3) ? Buffer.from(jsonText(rng, 2)) : undefined;
      return {
        kind,
        method: rng.pick(ODD_METHODS),
        path: `${prefix(rng)}${path}`,
        headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
        body,
      };
    }
  }
}
