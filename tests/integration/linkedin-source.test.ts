import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createRedisConnection } from '@enrich/queue';
import {
  fetchLinkedInCompany,
  type LinkedInDeps,
  type LinkedInGate,
  type LinkedInInput,
  type LinkedInSourceData,
  parseHostMap,
} from '@enrich/scraper';
import { eventually, FixtureSites, freePort, readCorpus, sleep } from '@enrich/testkit';
import { createLinkedInGate, createPostgresLinkedInGate, createRedisLinkedInGate, type LinkedInGateOptions } from '@enrich/worker-scrape';
import pg from 'pg';
import { openSharedStateStores, type SharedStateStores, STORE_KINDS, type StoreKind } from '../support/shared-state-stores';

// The LinkedIn source against a local stand-in for www.linkedin.com (mapped like an operator's
// SCRAPER_HOST_MAP) and the fleet-wide gate, on each store (the real Redis and the real
// PostgreSQL), each test under its own prefix.
const UA = 'CompanyEnrichmentBot/1.0 (+https://github.com/company-enrichment)';
const AUDIENSE = readCorpus('metascraper', 'linkedin-company-audiense.html');
const AUDIENSE_URL = 'https://www.linkedin.com/company/audiense';
const company = (slug: string): string => `https://www.linkedin.com/company/${slug}`;

// LinkedIn's logged-out wall, reduced to what a visitor gets: sign-up title, join form, pageKey.
const AUTHWALL = `<!DOCTYPE html><html lang="en"><head><meta name="pageKey" content="d_authwall">
  <title>Sign Up | LinkedIn</title></head><body><main class="authwall-join-form">
  <h1>Join LinkedIn</h1><form class="join-form" action="/signup/cold-join" method="post">
  <input name="email-address"><input name="password" type="password"><button>Agree &amp; Join</button></form>
  <p>Already on LinkedIn? <a href="/login">Sign in</a></p></main></body></html>`;
// What LinkedIn sends with its 999: a script that moves the visitor to the wall.
const BLOCK_PAGE = `<html><head><script type="text/javascript">window.onload = function() {
  var domain = location.host; document.location.href = "https://" + domain + "/authwall?trk=bf&trkInfo=bf"; }</script></head></html>`;

const headersSeen: IncomingHttpHeaders[] = [];
const answer =
  (status: number, body: string, headers: Record<string, string> = {}) =>
  (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
  };
const linkedin = new FixtureSites().site('linkedin.com', {
  '/company/audiense': (req, res) => {
    headersSeen.push(req.headers);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(AUDIENSE);
  },
  '/company/blocked': answer(999, BLOCK_PAGE),
  '/company/busy': answer(429, '<h1>Too many requests</h1>', { 'retry-after': '2' }),
  '/company/busy-no-hint': answer(429, '<h1>Too many requests</h1>'),
  '/company/walled': (_req, res) => {
    res
      .writeHead(302, {
        location: 'https://www.linkedin.com/authwall?trk=gf&sessionRedirect=https%3A%2F%2Fwww.linkedin.com%2Fcompany%2Fwalled',
      })
      .end();
  },
  '/authwall': AUTHWALL,
  '/company/slow': () => undefined, // never answers
  '/company/broken': (req) => {
    req.socket.destroy();
  },
  '/company/down': answer(503, '<h1>Service unavailable</h1>'),
});

let fixtureMap: ReturnType<typeof parseHostMap>;
let stores: SharedStateStores;

beforeAll(async () => {
  await linkedin.start();
  fixtureMap = parseHostMap(linkedin.hostMap());
  stores = await openSharedStateStores('linkedin');
});

afterAll(async () => {
  await stores?.close();
  await linkedin.stop();
});

/** The cooldown in force on the store, in ms; 0 when none. */
async function cooldownLeft(kind: StoreKind, prefix: string): Promise<number> {
  if (kind === 'redis') return Math.max(await stores.redis.pttl(`{${prefix}}:linkedin:cooldown`), 0);
  const { rows } = await stores.pool.query<{ left: number | null }>(
    'SELECT ceil(extract(epoch FROM cooldown_until - clock_timestamp()) * 1000)::float8 AS left FROM linkedin_gates WHERE prefix = $1',
    [prefix],
  );
  return Math.max(rows[0]?.left ?? 0, 0);
}

/** A fresh deployment prefix on `kind` with one gate per "worker": A and B on connections of their own. */
function fleet(kind: StoreKind, options: Partial<LinkedInGateOptions> = {}) {
  const prefix = `${stores.prefix}-${randomBytes(4).toString('hex')}`;
  const settings = { requestsPerMinute: 20, maxWaitMs: 2_000, ...options };
  return {
    prefix,
    cooldown: () => cooldownLeft(kind, prefix),
    a: createLinkedInGate(stores.state(kind, prefix, 0), settings),
    b: createLinkedInGate(stores.state(kind, prefix, 1), settings),
  };
}

function deps(gate: LinkedInGate, overrides: Partial<LinkedInDeps['fetch']> = {}, backoffBaseMs = 5_000): LinkedInDeps {
  return { gate, backoffBaseMs, fetch: { hostMap: fixtureMap, timeoutMs: 1_500, maxBytes: 2 * 1024 * 1024, userAgent: UA, ...overrides } };
}

const hits = (slug: string): number => linkedin.hits.filter((h) => h.path === `/company/${slug}`).length;
const input = (domain: string, name: string | null, linkedinUrl: string | null = null): LinkedInInput => ({ domain, name, linkedinUrl });

function expectOk(result: LinkedInSourceData): Extract<LinkedInSourceData, { status: 'ok' }> {
  if (result.status !== 'ok') throw new Error(`expected a company, got ${result.reason}: ${result.message}`);
  return result;
}

describe('finding the page', () => {
  it('fetches the page the website links to, as a logged-out browser, and reads its facts', async () => {
    const { a } = fleet('redis');
    headersSeen.length = 0;
    const result = expectOk(
      await fetchLinkedInCompany(input('audiense.com', 'Audiense', 'https://uk.linkedin.com/company/audiense/about/'), deps(a)),
    );
    expect(result).toMatchObject({ url: AUDIENSE_URL, match: 'linked' });
    expect(new Date(result.fetchedAt).toISOString()).toBe(result.fetchedAt);
    expect(result.company).toMatchObject({
      name: 'Audiense',
      industry: 'Advertising Services',
      employeeCount: '51-200',
      headquarters: 'London, London',
      companyType: 'Privately Held',
      foundedYear: 2011,
      websiteDomain: 'audiense.com',
    });
    // Stored as JSON in Postgres: survives the round trip unchanged.
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    expect(headersSeen).toHaveLength(1);
    expect(headersSeen[0]).toMatchObject({ host: 'www.linkedin.com', 'user-agent': UA, 'accept-language': 'en-US,en;q=0.9' });
    expect(headersSeen[0]!.accept).toMatch(/^text\/html/);
    expect(headersSeen[0]!.cookie).toBeUndefined();
  });

  it('accepts a guessed page whose website is the domain', async () => {
    const { a } = fleet('redis');
    const result = expectOk(await fetchLinkedInCompany(input('audiense.com', 'Audiense'), deps(a)));
    expect(result).toMatchObject({ url: AUDIENSE_URL, match: 'guessed', company: { industry: 'Advertising Services' } });
  });

  it('goes through the guesses in order until one proves itself', async () => {
    const { a } = fleet('redis');
    const before = linkedin.hits.length;
    const result = expectOk(await fetchLinkedInCompany(input('audiense.com', 'Audiense Social Ltd'), deps(a)));
    expect(result.match).toBe('guessed');
    expect(linkedin.hits.slice(before).map((h) => h.path)).toEqual([
      '/company/audiense-social',
      '/company/audiensesocial',
      '/company/audiense',
    ]);
  });

  it('rejects a guessed page whose website is another domain', async () => {
    const { a } = fleet('redis');
    const result = await fetchLinkedInCompany(input('audiense-fans.com', 'Audiense'), deps(a));
    expect(result).toMatchObject({ status: 'unavailable', reason: 'website_mismatch', tried: [AUDIENSE_URL, company('audiense-fans')] });
    expect(result.status === 'unavailable' && result.message).toMatch(/audiense\.com.*audiense-fans\.com/);
  });

  it('rejects a linked page whose website names another domain, without guessing', async () => {
    const { a } = fleet('redis');
    const result = await fetchLinkedInCompany(
      input('someone-else.com', 'Someone Else', 'https://www.linkedin.com/company/audiense'),
      deps(a),
    );
    expect(result).toMatchObject({ status: 'unavailable', reason: 'website_mismatch', tried: [AUDIENSE_URL] });
  });

  it('reports no_page when no guess exists', async () => {
    const { a } = fleet('redis');
    const result = await fetchLinkedInCompany(input('nobody-here.com', 'Nobody'), deps(a));
    expect(result).toMatchObject({ status: 'unavailable', reason: 'no_page', tried: [company('nobody'), company('nobody-here')] });
  });
});

describe.each(STORE_KINDS)('LinkedIn refusing (gate on %s)', (kind) => {
  it('999: rate_limited, a fleet-wide cooldown, and another worker then asks nothing', async () => {
    const { a, b, cooldown } = fleet(kind);
    const result = await fetchLinkedInCompany(
      input('blocked.com', 'Blocked', 'https://www.linkedin.com/company/blocked'),
      deps(a, {}, 5_000),
    );
    expect(result).toMatchObject({ status: 'unavailable', reason: 'rate_limited', tried: [company('blocked')] });
    const ttl = await cooldown();
    expect(ttl).toBeGreaterThan(4_000);
    expect(ttl).toBeLessThanOrEqual(5_000);

    // Worker B, on its own connection, refuses without a request reaching LinkedIn.
    const before = linkedin.hits.length;
    expect(await b.acquire()).toBe(false);
    const refused = await fetchLinkedInCompany(input('audiense.com', 'Audiense', AUDIENSE_URL), deps(b));
    expect(refused).toMatchObject({ status: 'unavailable', reason: 'rate_limited', tried: [] });
    expect(linkedin.hits.length).toBe(before);
  });

  it('429 with Retry-After: 2 pauses the fleet about 2 s; then requests go through again', async () => {
    const { a, b, cooldown } = fleet(kind);
    const result = await fetchLinkedInCompany(input('busy.com', 'Busy', 'https://www.linkedin.com/company/busy'), deps(a, {}, 60_000));
    expect(result).toMatchObject({ status: 'unavailable', reason: 'rate_limited', tried: [company('busy')] });
    const ttl = await cooldown();
    expect(ttl).toBeGreaterThan(1_500);
    expect(ttl).toBeLessThanOrEqual(2_000);
    expect(await fetchLinkedInCompany(input('audiense.com', 'Audiense'), deps(b))).toMatchObject({ reason: 'rate_limited', tried: [] });

    await eventually(async () => (await cooldown()) === 0, 3_000, { every: 50 });
    expectOk(await fetchLinkedInCompany(input('audiense.com', 'Audiense'), deps(b)));
  });

  it('without Retry-After, backs off from the base, doubling for a refusal right after a cooldown', async () => {
    const { a, cooldown } = fleet(kind);
    const busy = input('busy.com', 'Busy', 'https://www.linkedin.com/company/busy-no-hint');
    await fetchLinkedInCompany(busy, deps(a, {}, 1_000));
    expect(await cooldown()).toBeGreaterThan(800);
    expect(await cooldown()).toBeLessThanOrEqual(1_000);
    // A request already in flight that is refused too is the same incident: no escalation.
    expect(await a.recentPenalties()).toBe(0);
    await a.penalize(500);
    expect(await cooldown()).toBeGreaterThan(500);

    await eventually(async () => (await cooldown()) === 0, 2_000, { every: 50 });
    expect(await a.recentPenalties()).toBe(1);
    await fetchLinkedInCompany(busy, deps(a, {}, 1_000));
    expect(await cooldown()).toBeGreaterThan(1_800);
    expect(await cooldown()).toBeLessThanOrEqual(2_000);
  });

  it('the sign-in wall: authwall, and the fleet pauses', async () => {
    const { b, cooldown } = fleet(kind);
    const result = await fetchLinkedInCompany(input('walled.com', 'Walled', 'https://www.linkedin.com/company/walled'), deps(b));
    expect(result).toMatchObject({ status: 'unavailable', reason: 'authwall', tried: [company('walled')] });
    expect(await cooldown()).toBeGreaterThan(0);
  });
});

describe.each(STORE_KINDS)('the fleet-wide rate (gate on %s)', (kind) => {
  it('3 a minute across two workers: exactly 3 requests go out, the rest are refused', async () => {
    const { a, b } = fleet(kind, { requestsPerMinute: 3, maxWaitMs: 300 });
    const before = hits('audiense');
    const results = await Promise.all(
      // A generous fetch deadline: the three granted fetches of a 350 KB page run at once, and on a
      // loaded machine one of them must not time out (that would read as a refusal here).
      [a, b, a, b, a, b].map((gate) =>
        fetchLinkedInCompany(input('audiense.com', 'Audiense', AUDIENSE_URL), deps(gate, { timeoutMs: 10_000 })),
      ),
    );
    expect(results.filter((r) => r.status === 'ok')).toHaveLength(3);
    const refused = results.filter((r) => r.status === 'unavailable');
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r).toMatchObject({ reason: 'rate_limited', tried: [] });
    expect(hits('audiense') - before).toBe(3);
  });

  it('waits for a slot that frees within maxWaitMs, and refuses one that would come later', async () => {
    const patient = fleet(kind, { requestsPerMinute: 2, windowMs: 1_000, maxWaitMs: 3_000 });
    const start = Date.now();
    const granted = await Promise.all(
      [patient.a, patient.b, patient.a, patient.b].map(async (gate) => {
        expect(await gate.acquire()).toBe(true);
        return Date.now() - start;
      }),
    );
    granted.sort((x, y) => x - y);
    expect(granted[1]).toBeLessThan(500);
    expect(granted[2]).toBeGreaterThanOrEqual(950);
    expect(granted[3]).toBeLessThan(2_500);

    const hasty = fleet(kind, { requestsPerMinute: 2, windowMs: 1_000, maxWaitMs: 200 });
    expect(await hasty.a.acquire()).toBe(true);
    expect(await hasty.b.acquire()).toBe(true);
    const refusedAt = Date.now();
    expect(await hasty.a.acquire()).toBe(false);
    expect(Date.now() - refusedAt).toBeLessThan(300);
  });

  it('refuses options that are not whole numbers in range, naming the factory', () => {
    const state = stores.state(kind);
    const factory = kind === 'redis' ? 'createRedisLinkedInGate' : 'createPostgresLinkedInGate';
    expect(() => createLinkedInGate(state, { requestsPerMinute: 0, maxWaitMs: 0 })).toThrow(
      `${factory}: requestsPerMinute must be an integer ≥ 1, got 0`,
    );
    expect(() => createLinkedInGate(state, { requestsPerMinute: 2, maxWaitMs: -1 })).toThrow(RangeError);
    expect(() => createLinkedInGate(state, { requestsPerMinute: 2, maxWaitMs: 0, windowMs: 0.5 })).toThrow(RangeError);
    expect(() => createLinkedInGate(state, { requestsPerMinute: 2, maxWaitMs: 0, penaltyMemoryMs: -5 })).toThrow(RangeError);
    expect(() => createLinkedInGate(stores.state(kind, ' '), { requestsPerMinute: 2, maxWaitMs: 0 })).toThrow(
      `${factory}: prefix must not be empty`,
    );
  });

  it('a penalty is at least 1 ms and at most a day; a penalty that is not a number is refused', async () => {
    const { a, cooldown } = fleet(kind);
    await expect(a.penalize(Number.NaN)).rejects.toThrow(RangeError);
    await a.penalize(10 * 86_400_000);
    expect(await cooldown()).toBeGreaterThan(86_400_000 - 1_000);
    expect(await cooldown()).toBeLessThanOrEqual(86_400_000);
    expect(await a.recentPenalties()).toBe(0);
  });
});

it('Redis: keeps its keys under {prefix}:linkedin:', async () => {
  const { a, prefix } = fleet('redis');
  await a.acquire();
  await a.penalize(1_000);
  const keys = (await stores.redis.keys(`*${prefix}*`)).sort();
  expect(keys).toEqual([`{${prefix}}:linkedin:cooldown`, `{${prefix}}:linkedin:penalties`, `{${prefix}}:linkedin:requests`]);
});

it('PostgreSQL: keeps a row of linkedin_gates and its grants under its prefix, and no grant older than the window', async () => {
  const { a, prefix } = fleet('postgres', { requestsPerMinute: 5, windowMs: 200 });
  for (let i = 0; i < 3; i += 1) expect(await a.acquire()).toBe(true);
  await a.penalize(1_000);
  const count = async (table: string) =>
    Number((await stores.pool.query(`SELECT count(*) AS n FROM ${table} WHERE prefix = $1`, [prefix])).rows[0].n);
  expect([await count('linkedin_gates'), await count('linkedin_grants')]).toEqual([1, 3]);
  await sleep(1_100);
  expect(await a.acquire()).toBe(true);
  expect(await count('linkedin_grants')).toBe(1);
});

describe('failures are answers, never throws', () => {
  it('a timeout ends the search at the first guess', async () => {
    const { a, cooldown } = fleet('redis');
    const result = await fetchLinkedInCompany(input('slowpoke.com', 'Slow'), deps(a, { timeoutMs: 300 }));
    expect(result).toMatchObject({ status: 'unavailable', reason: 'timeout', tried: [company('slow')] });
    // Not LinkedIn refusing: the fleet does not pause.
    expect(await cooldown()).toBe(0);
  });

  it('a dropped connection, a refused connection and a 5xx', async () => {
    const { a } = fleet('redis');
    expect(await fetchLinkedInCompany(input('broken.com', 'Broken', company('broken')), deps(a))).toMatchObject({
      status: 'unavailable',
      reason: 'network',
    });
    const closed = parseHostMap(`linkedin.com=127.0.0.1:${await freePort()}`);
    expect(await fetchLinkedInCompany(input('audiense.com', 'Audiense'), deps(a, { hostMap: closed }))).toMatchObject({
      status: 'unavailable',
      reason: 'network',
      tried: [AUDIENSE_URL],
    });
    expect(await fetchLinkedInCompany(input('down.com', 'Down', company('down')), deps(a))).toMatchObject({
      status: 'unavailable',
      reason: 'http',
      message: expect.stringMatching(/HTTP 503/),
    });
  });

  it.each(STORE_KINDS)('a gate whose store (%s) is down: rate_limited, and LinkedIn is not asked', async (kind) => {
    const url = `${kind}://127.0.0.1:${await freePort()}`;
    const dead = kind === 'redis' ? createRedisConnection(url, 'producer') : new pg.Pool({ connectionString: `${url}/none` });
    try {
      const options = { prefix: 't-linkedin-dead', requestsPerMinute: 20, maxWaitMs: 100 };
      const gate = dead instanceof pg.Pool ? createPostgresLinkedInGate(dead, options) : createRedisLinkedInGate(dead, options);
      const before = linkedin.hits.length;
      const result = await fetchLinkedInCompany(input('audiense.com', 'Audiense'), deps(gate));
      expect(result).toMatchObject({ status: 'unavailable', reason: 'rate_limited', tried: [] });
      expect(result.status === 'unavailable' && result.message).toMatch(/gate failed/);
      expect(linkedin.hits.length).toBe(before);
    } finally {
      if (dead instanceof pg.Pool) await dead.end();
      else dead.disconnect();
    }
  });
});
