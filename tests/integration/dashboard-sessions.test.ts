import { createApp, createCaches } from '@enrich/api';
import { createPrismaClient, type Db } from '@enrich/db';
import { sleep } from '@enrich/testkit';
import request from 'supertest';
import { strictError } from '../support/contract-schemas';
import { DashboardClient, PASSWORD, uniqueEmail } from '../support/dashboard-client';
import { startTestStack, type TestStack } from '../support/test-stack';

// Dashboard sessions end to end: sign-up and sign-in, the cookie on the public API, keys made
// in the dashboard, CSRF, the sign-in limits, idle and absolute expiry, sign-out. Workers are
// off: only what the API answers matters here.

const KEY_CACHE_MS = 1_000;
// Short sessions for the expiry tests: idle 1.8 s, absolute 4.32 s.
const IDLE_HOURS = 0.0005;
const MAX_DAYS = 0.00005;
let domainCounter = 0;
const fresh = () => {
  domainCounter += 1;
  return `dash-${process.pid}-${domainCounter}.com`;
};

let stack: TestStack;
let shortStack: TestStack;
let secondDb: Db | undefined;

beforeAll(async () => {
  [stack, shortStack] = await Promise.all([
    startTestStack({
      label: 'dashsessions',
      workers: false,
      env: { KEY_CACHE_MS: String(KEY_CACHE_MS), SIGNIN_FAILURES_PER_ACCOUNT: '3', AUTH_FAILURES_PER_MINUTE: '6' },
    }),
    startTestStack({
      label: 'dashexpiry',
      workers: false,
      env: { SESSION_IDLE_HOURS: String(IDLE_HOURS), SESSION_MAX_DAYS: String(MAX_DAYS) },
    }),
  ]);
});
afterAll(async () => {
  await secondDb?.$disconnect();
  await Promise.all([stack?.stop(), shortStack?.stop()]);
});

describe('sign-up, the session and keys made in the dashboard', () => {
  it('sign-up sets an HttpOnly SameSite=Lax cookie, stores only its hash, and GET /session answers the same user', async () => {
    const client = new DashboardClient(stack.app);
    const email = uniqueEmail('Ada').replace('ada', 'ADA');
    const res = await client.signup({ email, teamName: 'Analytical Engines' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      user: { id: expect.stringMatching(/^usr_/), email: email.toLowerCase(), role: 'owner' },
      team: { id: expect.stringMatching(/^team_/), name: 'Analytical Engines', plan: 'free' },
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('ce_session='))!;
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/; Secure/); // plain HTTP here; Secure over HTTPS (below)
    expect(client.cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['cache-control']).toBe('no-store');

    // Neither the token nor the password is stored; the hash is Argon2id with OWASP's parameters.
    const db = stack.database.db;
    const user = await db.user.findUniqueOrThrow({ where: { email: email.toLowerCase() }, include: { sessions: true } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.sessions).toHaveLength(1);
    expect(user.sessions[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const dump = await db.$queryRawUnsafe<{ t: string }[]>(`SELECT string_agg(s::text, '|') AS t FROM sessions s`);
    expect(dump[0]!.t).not.toContain(client.cookie);
    expect(dump[0]!.t).not.toContain(client.csrf);

    const session = await client.api('get', '/session');
    expect(session.status).toBe(200);
    expect(session.body).toEqual(res.body);
  });

  it('the cookie is Secure when the request came over HTTPS (X-Forwarded-Proto from a trusted proxy)', async () => {
    const res = await request(stack.app)
      .post('/dashboard/api/signup')
      .set('X-Forwarded-Proto', 'https')
      .send({ email: uniqueEmail(), password: PASSWORD });
    expect(res.status).toBe(201);
    expect(String(res.headers['set-cookie'])).toMatch(/ce_session=[^;]+;.*; Secure/);
  });

  it('a key created in the dashboard works at once; revoked, this process refuses it at once and another within KEY_CACHE_MS', async () => {
    const client = new DashboardClient(stack.app);
    await client.signup();
    const created = await client.api('post', '/keys', { name: 'production' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^key_/),
      name: 'production',
      prefix: created.body.key.slice(0, 12),
      createdAt: expect.any(String),
      key: expect.stringMatching(/^ce_live_[1-9A-HJ-NP-Za-km-z]{32}$/),
    });
    const { key, id } = created.body;
    const bearer = { Authorization: `Bearer ${key}` };
    expect((await request(stack.app).post('/enrich').set(bearer).send({ domain: fresh() })).status).toBe(202);

    // A second API process (its own database client and caches, so its own key cache) has trusted the key.
    secondDb = createPrismaClient(stack.database.url, { maxConnections: 2 });
    const other = createApp({ ...stack.context, db: secondDb, caches: createCaches(secondDb, stack.context.config) });
    expect((await request(other).get('/companies/search').set(bearer)).status).toBe(200);

    const listed = await client.api('get', '/keys');
    expect(listed.body.data).toEqual([
      {
        id,
        name: 'production',
        prefix: created.body.prefix,
        createdAt: created.body.createdAt,
        lastUsedAt: expect.any(String),
        revokedAt: null,
        createdBy: { id: expect.stringMatching(/^usr_/), email: expect.stringContaining('@example.com') },
      },
    ]);

    const revokedAt = Date.now();
    expect((await client.api('delete', `/keys/${id}`)).status).toBe(204);
    expect((await request(stack.app).get('/companies/search').set(bearer)).status).toBe(401);
    expect((await request(other).get('/companies/search').set(bearer)).status).toBe(200); // still cached there
    await sleep(Math.max(0, revokedAt + KEY_CACHE_MS + 100 - Date.now()));
    const refused = await request(other).post('/enrich').set(bearer).send({ domain: fresh() });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('AUTHENTICATION_FAILED');
    expect((await client.api('get', '/keys')).body.data[0].revokedAt).toEqual(expect.any(String));
    // Revoking again is not an error; a key id that does not exist is.
    expect((await client.api('delete', `/keys/${id}`)).status).toBe(204);
    const unknown = await client.api('delete', '/keys/key_nope');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'KEY_NOT_FOUND']);
  });

  it('POST /enrich with the session cookie and CSRF token answers as with a key: the same 202 body and X-RateLimit headers, one team window', async () => {
    const client = new DashboardClient(stack.app);
    await client.signup();
    const { key } = (await client.api('post', '/keys', { name: 'k' })).body;
    const withKey = await request(stack.app).post('/enrich').set('Authorization', `Bearer ${key}`).send({ domain: fresh() });
    const withSession = await client.send('post', '/enrich', { domain: fresh() });
    expect([withKey.status, withSession.status]).toEqual([202, 202]);
    expect(Object.keys(withSession.body).sort()).toEqual(Object.keys(withKey.body).sort());
    expect(withSession.body).toMatchObject({ status: 'processing', statusEndpoint: `/api/enrich/${withSession.body.jobId}` });
    // The Free plan: 5 a minute, both requests counted in the team's one window.
    expect(withKey.headers['x-ratelimit-limit']).toBe('5');
    expect(withKey.headers['x-ratelimit-remaining']).toBe('4');
    expect(withSession.headers['x-ratelimit-limit']).toBe('5');
    expect(withSession.headers['x-ratelimit-remaining']).toBe('3');
    expect(withSession.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
    expect(withSession.headers['x-quota-remaining']).toBe(String(Number(withKey.headers['x-quota-remaining']) - 1));

    // Reads with the cookie alone: the job (of the same team), search, bulk.
    const job = await client.send('get', withKey.body.statusEndpoint);
    expect(job.status).toBe(200);
    expect(job.headers['x-ratelimit-remaining']).toBe('3');
    expect((await client.send('get', '/api/companies/search')).status).toBe(200);
    const bulk = await client.send('post', '/enrich/bulk', { domains: [fresh(), 'localhost'] });
    expect(bulk.status).toBe(202);
    expect(bulk.headers['x-ratelimit-remaining']).toBe('2');
    expect((await client.send('get', bulk.body.statusEndpoint)).status).toBe(200);
  });
});

describe('CSRF', () => {
  let client: DashboardClient;
  let key: string;
  beforeAll(async () => {
    client = new DashboardClient(stack.app);
    await client.signup();
    key = (await client.api('post', '/keys', { name: 'csrf' })).body.key;
  });
  const cookie = () => `ce_session=${client.cookie}`;

  it('a cookie POST without the token, with a wrong one, cross-site or from another origin is 403 CSRF_CHECK_FAILED', async () => {
    const cases: [string, request.Test][] = [
      ['no token', request(stack.app).post('/enrich').set('Cookie', cookie()).set('Sec-Fetch-Site', 'same-origin')],
      [
        'wrong token',
        request(stack.app).post('/enrich').set('Cookie', cookie()).set('Sec-Fetch-Site', 'same-origin').set('X-CSRF-Token', 'x'.repeat(43)),
      ],
      [
        'cross-site',
        request(stack.app).post('/enrich').set('Cookie', cookie()).set('Sec-Fetch-Site', 'cross-site').set('X-CSRF-Token', client.csrf!),
      ],
      [
        'same-site, other origin',
        request(stack.app)
          .post('/enrich/bulk')
          .set('Cookie', cookie())
          .set('Sec-Fetch-Site', 'same-site')
          .set('X-CSRF-Token', client.csrf!),
      ],
      [
        'Origin of another host',
        request(stack.app)
          .post('/enrich')
          .set('Host', 'dash.example.com')
          .set('Origin', 'https://evil.example.net')
          .set('Cookie', cookie())
          .set('X-CSRF-Token', client.csrf!),
      ],
      ['no Origin and no Sec-Fetch-Site', request(stack.app).post('/enrich').set('Cookie', cookie()).set('X-CSRF-Token', client.csrf!)],
      ['Origin null', request(stack.app).post('/enrich').set('Origin', 'null').set('Cookie', cookie()).set('X-CSRF-Token', client.csrf!)],
      [
        'dashboard: create a key without the token',
        request(stack.app).post('/dashboard/api/keys').set('Cookie', cookie()).set('Sec-Fetch-Site', 'same-origin'),
      ],
      [
        'dashboard: sign out from another site',
        request(stack.app).post('/api/dashboard/api/signout').set('Cookie', cookie()).set('Sec-Fetch-Site', 'cross-site'),
      ],
    ];
    for (const [label, req] of cases) {
      const res = await req.send({ domain: fresh(), domains: [fresh()], name: 'x' });
      expect({ label, status: res.status, code: res.body.error?.code }).toEqual({ label, status: 403, code: 'CSRF_CHECK_FAILED' });
      strictError.parse(res.body);
    }
    // Nothing was created: the session still has its one key, and is still signed in.
    expect((await client.api('get', '/keys')).body.data).toHaveLength(1);
    expect((await client.api('get', '/session')).status).toBe(200);
  });

  it('the same POST from this origin passes: Sec-Fetch-Site same-origin, or an Origin whose host is the Host header', async () => {
    const viaOrigin = await request(stack.app)
      .post('/enrich')
      .set('Host', 'dash.example.com')
      .set('Origin', 'https://dash.example.com')
      .set('Cookie', cookie())
      .set('X-CSRF-Token', client.csrf!)
      .send({ domain: fresh() });
    expect(viaOrigin.status).toBe(202);
    expect((await client.send('post', '/enrich', { domain: fresh() })).status).toBe(202);
  });

  it('reads need no token; bearer requests are never CSRF-checked, and a bearer header decides over the cookie', async () => {
    expect((await request(stack.app).get('/companies/search').set('Cookie', cookie()).set('Sec-Fetch-Site', 'cross-site')).status).toBe(
      200,
    );
    const bearer = await request(stack.app)
      .post('/enrich')
      .set('Authorization', `Bearer ${key}`)
      .set('Origin', 'https://evil.example.net')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ domain: fresh() });
    expect(bearer.status).toBe(202);
    // A bad key with a good cookie: the key decides.
    const badKey = await request(stack.app)
      .get('/companies/search')
      .set('Authorization', 'Bearer ce_live_nope')
      .set('Cookie', cookie())
      .set('X-Forwarded-For', client.address);
    expect([badKey.status, badKey.body.error.code]).toEqual([401, 'AUTHENTICATION_FAILED']);
  });
});

describe('sign-in', () => {
  it('an unknown email and a wrong password get the same 401 and take comparable time (a dummy hash is verified)', async () => {
    const owner = new DashboardClient(stack.app);
    const email = uniqueEmail();
    await owner.signup({ email });
    const time = async (address: string, body: object) => {
      const started = process.hrtime.bigint();
      const res = await request(stack.app).post('/dashboard/api/signin').set('X-Forwarded-For', address).send(body);
      return { res, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    };
    const total = (values: number[]) => values.reduce((sum, v) => sum + v, 0);
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Two wrong passwords: the account allows three failures (SIGNIN_FAILURES_PER_ACCOUNT) before the right one below.
    for (let i = 0; i < 2; i += 1) {
      const a = await time(`203.0.113.${10 + i}`, { email: uniqueEmail('nobody'), password: 'wrong password!' });
      const b = await time(`203.0.113.${20 + i}`, { email, password: 'wrong password!' });
      expect([a.res.status, b.res.status]).toEqual([401, 401]);
      expect(a.res.body.error.code).toBe('AUTHENTICATION_FAILED');
      expect(a.res.body.error.message).toBe(b.res.body.error.message);
      expect(a.res.headers['set-cookie']).toBeUndefined();
      unknown.push(a.ms);
      wrong.push(b.ms);
    }
    // Without the dummy verification an unknown email answers in a millisecond or two.
    expect(total(unknown)).toBeGreaterThan(total(wrong) * 0.3);

    // The right password, any case of the email, signs in: a new session beside the first.
    const client = new DashboardClient(stack.app);
    const ok = await client.signin(email.toUpperCase());
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(email);
    expect(client.cookie).not.toBe(owner.cookie);
    expect((await client.api('get', '/session')).status).toBe(200);
    expect((await owner.api('get', '/session')).status).toBe(200);
  });

  it('failures are limited per account (429 with Retry-After, even for the right password) and per address', async () => {
    const email = uniqueEmail();
    await new DashboardClient(stack.app).signup({ email });
    // SIGNIN_FAILURES_PER_ACCOUNT=3, from three different addresses.
    for (let i = 0; i < 3; i += 1) {
      const res = await new DashboardClient(stack.app).signin(email, 'not the password');
      expect(res.status).toBe(401);
    }
    for (const password of ['not the password', PASSWORD]) {
      const refused = await new DashboardClient(stack.app).signin(email, password);
      expect(refused.status).toBe(429);
      expect(strictError.parse(refused.body).error).toMatchObject({
        code: 'RATE_LIMIT_EXCEEDED',
        details: { window: 'account', limit: 3 },
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Another account is not affected.
    const otherEmail = uniqueEmail();
    await new DashboardClient(stack.app).signup({ email: otherEmail });
    expect((await new DashboardClient(stack.app).signin(otherEmail)).status).toBe(200);

    // Per address (AUTH_FAILURES_PER_MINUTE=6): one address trying many accounts.
    const prober = new DashboardClient(stack.app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await prober.signin(uniqueEmail('probe'), 'guess guess guess')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    const limited = await prober.signin(otherEmail);
    expect(limited.status).toBe(429);
    expect(limited.body.error.details.window).toBe('address');
  });

  it('successful sign-ins do not use up the limits', async () => {
    const email = uniqueEmail();
    const client = new DashboardClient(stack.app);
    await client.signup({ email });
    for (let i = 0; i < 8; i += 1) expect((await client.signin(email)).status).toBe(200);
  });

  it('bad bodies are 400 VALIDATION_ERROR; a cross-site sign-in is refused', async () => {
    const client = new DashboardClient(stack.app);
    for (const body of [{}, { email: 'a@b.co' }, { email: 5, password: 'x' }, { email: 'a@b.co', password: 'p'.repeat(201) }]) {
      const res = await client.api('post', '/signin', body);
      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    const crossSite = await request(stack.app)
      .post('/dashboard/api/signin')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ email: uniqueEmail(), password: PASSWORD });
    expect([crossSite.status, crossSite.body.error.code]).toEqual([403, 'CSRF_CHECK_FAILED']);
  });
});

describe('sign-out', () => {
  it('sign-out ends this session at once, here and on the public API, and clears the cookie', async () => {
    const client = new DashboardClient(stack.app);
    await client.signup();
    expect((await client.send('get', '/companies/search')).status).toBe(200); // cached now
    const token = client.cookie;
    const out = await client.api('post', '/signout');
    expect(out.status).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/ce_session=;.*Expires=Thu, 01 Jan 1970/);
    client.cookie = token; // a copy of the cookie kept elsewhere
    expect((await client.api('get', '/session')).status).toBe(401);
    expect((await client.send('get', '/companies/search')).status).toBe(401);
    expect((await client.send('post', '/enrich', { domain: fresh() })).status).toBe(401);
  });

  it('sign-out everywhere ends every session of the user and no one else’s', async () => {
    const email = uniqueEmail();
    const first = new DashboardClient(stack.app);
    await first.signup({ email });
    const second = new DashboardClient(stack.app);
    await second.signin(email);
    const stranger = new DashboardClient(stack.app);
    await stranger.signup();
    for (const c of [first, second, stranger]) expect((await c.send('get', '/companies/search')).status).toBe(200);

    const secondToken = second.cookie;
    expect((await second.api('post', '/signout-everywhere')).status).toBe(204);
    expect(second.cookie).toBeUndefined(); // cleared
    second.cookie = secondToken; // a copy of the cookie kept elsewhere
    for (const c of [first, second]) {
      expect((await c.api('get', '/session')).status).toBe(401);
      expect((await c.send('get', '/companies/search')).status).toBe(401);
    }
    expect((await stranger.api('get', '/session')).status).toBe(200);
    const user = await stack.database.db.user.findUniqueOrThrow({ where: { email }, include: { sessions: true } });
    expect(user.sessions).toEqual([]);
  });

  it('without a session: 401 on session-only routes and on the public API', async () => {
    const anonymous = new DashboardClient(stack.app);
    for (const path of ['/session', '/keys', '/team']) {
      const res = await anonymous.api('get', path);
      expect([path, res.status, res.body.error.code]).toEqual([path, 401, 'AUTHENTICATION_FAILED']);
    }
    anonymous.cookie = 'A'.repeat(43);
    const forged = await anonymous.send('get', '/companies/search');
    expect(forged.status).toBe(401);
    expect(forged.headers['x-ratelimit-limit']).toBe('6'); // counted as a failed authentication
  });
});

describe('session expiry (idle 1.8 s, absolute 4.3 s)', () => {
  it('a session unused for the idle time has ended', async () => {
    const client = new DashboardClient(shortStack.app);
    await client.signup();
    expect((await client.api('get', '/session')).status).toBe(200);
    await sleep(2_300);
    expect((await client.api('get', '/session')).status).toBe(401);
    expect((await client.send('get', '/companies/search')).status).toBe(401);
  });

  it('use keeps a session past the idle time, but not past its absolute end', async () => {
    const client = new DashboardClient(shortStack.app);
    const started = Date.now();
    const userId = (await client.signup()).body.user.id as string;
    // Used every 0.4 s: alive well past 1.8 s.
    while (Date.now() - started < 3_500) {
      const res = await client.api('get', '/session');
      expect({ at: Date.now() - started, status: res.status }).toEqual({ at: expect.any(Number), status: 200 });
      await sleep(400);
    }
    await sleep(Math.max(0, started + 4_320 + 300 - Date.now()));
    expect((await client.api('get', '/session')).status).toBe(401);
    // An ended session found by a request is removed.
    expect(await shortStack.database.db.session.count({ where: { userId } })).toBe(0);
  });
});
