import { PLAN_LIMITS } from '@enrich/api-keys';
import type { Plan } from '@enrich/db';
import { type ChildApp, freePort, sleep, spawnApp } from '@enrich/testkit';
import type { Express } from 'express';
import request from 'supertest';
import { strictError } from '../support/contract-schemas';
import { REDIS_URL, removeQueueKeys, startTestStack, type TestStack } from '../support/test-stack';

// Rate limits per team and plan, shared in Redis; the monthly quota in Postgres. Workers are
// off: only what the API counts matters here.

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
let counter = 0;
const fresh = () => {
  counter += 1;
  return `limits-${process.pid}-${counter}.com`;
};

const post = (app: Express, key: string, domain = fresh()) => request(app).post('/enrich').set(bearer(key)).send({ domain });

function expectHeaders(res: request.Response, limit: number, remaining?: number): void {
  expect(res.headers['x-ratelimit-limit']).toBe(String(limit));
  if (remaining !== undefined) expect(res.headers['x-ratelimit-remaining']).toBe(String(remaining));
  const reset = Number(res.headers['x-ratelimit-reset']);
  expect(Number.isInteger(reset)).toBe(true);
  // Epoch seconds, within the window ahead.
  expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
  expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 86_400 + 1);
}

describe('per-minute limits (one-minute window)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ label: 'limits', workers: false });
  });
  afterAll(() => stack?.stop());

  it.each<[Plan, number]>([
    ['free', 5],
    ['starter', 60],
    ['growth', 300],
  ])('%s: the limit is hit exactly at %i requests', async (plan, limit) => {
    expect(PLAN_LIMITS[plan].perMinute).toBe(limit);
    const key = await stack.key(plan);
    for (let i = 1; i <= limit; i += 1) {
      const res = await post(stack.app, key);
      expect([i, res.status]).toEqual([i, 202]);
      expectHeaders(res, limit, limit - i);
    }
    const refused = await post(stack.app, key);
    expect(refused.status).toBe(429);
    expect(strictError.parse(refused.body).error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', details: { window: 'minute', limit } });
    expectHeaders(refused, limit, 0);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('enterprise: limits set per team override the plan', async () => {
    const key = await stack.key('enterprise', 'enterprise-custom');
    await stack.database.db.team.update({ where: { name: 'enterprise-custom' }, data: { rateLimitPerMinute: 7 } });
    for (let i = 0; i < 7; i += 1) expect((await post(stack.app, key)).status).toBe(202);
    const refused = await post(stack.app, key);
    expect(refused.status).toBe(429);
    expectHeaders(refused, 7, 0);
  });

  it('headers are on every response: polls, errors, 404s and 405s; polling and search never count', async () => {
    const key = await stack.key('free');
    const accepted = await post(stack.app, key);
    expectHeaders(accepted, 5, 4);
    const jobPath = accepted.body.statusEndpoint as string;
    const answers = [
      await request(stack.app).get(jobPath).set(bearer(key)),
      await request(stack.app).get('/api/enrich/00000000-0000-4000-8000-000000000000').set(bearer(key)),
      await request(stack.app).put('/enrich').set(bearer(key)),
      await request(stack.app).get('/enrich/bulk/bat_unknown').set(bearer(key)),
      await request(stack.app).get('/companies/search?q=acme').set(bearer(key)),
      await request(stack.app).get('/companies/search?limit=500').set(bearer(key)),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 404, 405, 404, 200, 400]);
    for (const answer of answers) expectHeaders(answer, 5, 4);

    // A bad submission still counts (it is a POST enrichment request) and says so.
    const invalid = await request(stack.app).post('/enrich').set(bearer(key)).send({ domain: 'localhost' });
    expect(invalid.status).toBe(400);
    expectHeaders(invalid, 5, 3);
    const notJson = await request(stack.app).post('/enrich').set(bearer(key)).set('Content-Type', 'text/plain').send('x');
    expect(notJson.status).toBe(415);
    expectHeaders(notJson, 5, 2);

    // Exhaust the window; polling and search go on answering, showing 0 left.
    await post(stack.app, key);
    await post(stack.app, key);
    expect((await post(stack.app, key)).status).toBe(429);
    for (let i = 0; i < 20; i += 1) {
      const poll = await request(stack.app).get(jobPath).set(bearer(key));
      expect(poll.status).toBe(200);
      expectHeaders(poll, 5, 0);
      const search = await request(stack.app).get('/api/companies/search').set(bearer(key));
      expect(search.status).toBe(200);
      expectHeaders(search, 5, 0);
    }
  });

  it('duplicate submissions are free: same domain again within the freshness window', async () => {
    const key = await stack.key('free');
    const domain = fresh();
    expectHeaders(await post(stack.app, key, domain), 5, 4);
    for (let i = 0; i < 10; i += 1) {
      // Written differently, normalised to the same domain.
      const again = await post(stack.app, key, i % 2 ? `https://www.${domain}/pricing` : domain.toUpperCase());
      expect(again.status).toBe(202);
      expectHeaders(again, 5, 4);
    }
    // A bulk request of nothing but duplicates is free too; with one new domain it counts once.
    const bulkDup = await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(key))
      .send({ domains: [domain, `www.${domain}`] });
    expect(bulkDup.status).toBe(202);
    expectHeaders(bulkDup, 5, 4);
    const bulkNew = await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(key))
      .send({ domains: [domain, fresh(), fresh()] });
    expect(bulkNew.status).toBe(202);
    expect(bulkNew.body.quotaCharged).toBe(2);
    expectHeaders(bulkNew, 5, 3);
  });

  it('failed authentication is limited per client address, and a good key is unaffected', async () => {
    const limited = await startTestStack({ label: 'authlimit', workers: false, env: { AUTH_FAILURES_PER_MINUTE: '3' } });
    try {
      const key = await limited.key('free');
      for (let i = 0; i < 3; i += 1) {
        const res = await request(limited.app)
          .get('/enrich/00000000-0000-4000-8000-000000000000')
          .set(bearer(`ce_live_${'x'.repeat(32)}`));
        expect(res.status).toBe(401);
        expectHeaders(res, 3, 2 - i);
      }
      const blocked = await request(limited.app).post('/enrich').send({ domain: 'acme.com' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await post(limited.app, key)).status).toBe(202);
      // Paths that need no key report the address window.
      const unknown = await request(limited.app).get('/no/such/path');
      expect(unknown.status).toBe(404);
      expectHeaders(unknown, 3, 0);
    } finally {
      await limited.stop();
    }
  });
});

describe('windows end: Retry-After is honoured; the daily window', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ label: 'limitwin', workers: false, env: { RATE_LIMIT_MINUTE_MS: '1000', RATE_LIMIT_DAY_MS: '600000' } });
  });
  afterAll(() => stack?.stop());

  it('requests succeed again once Retry-After has passed', async () => {
    const key = await stack.key('starter', 'retry-after-team');
    await stack.database.db.team.update({ where: { name: 'retry-after-team' }, data: { rateLimitPerMinute: 3 } });
    for (let i = 0; i < 3; i += 1) expect((await post(stack.app, key)).status).toBe(202);
    const refused = await post(stack.app, key);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(Number(refused.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + retryAfter);
    await sleep(retryAfter * 1000);
    const again = await post(stack.app, key);
    expect(again.status).toBe(202);
    expectHeaders(again, 3, 2);
  });

  it('free: 50 requests a day, across many minute windows', async () => {
    const key = await stack.key('free');
    let accepted = 0;
    for (let attempts = 0; attempts < 400; attempts += 1) {
      const res = await post(stack.app, key);
      if (res.status === 202) {
        accepted += 1;
        continue;
      }
      expect(res.status).toBe(429);
      if (res.body.error.details.window === 'day') {
        expectHeaders(res, 50, 0);
        break;
      }
      await sleep(Number(res.headers['retry-after']) * 1000);
    }
    expect(accepted).toBe(50);
  }, 120_000);
});

describe('two API processes share one limit', () => {
  let stack: TestStack;
  const children: ChildApp[] = [];
  // Two API processes for the whole block: each test counts under a key and team of its own.
  let a: string;
  let b: string;
  beforeAll(async () => {
    stack = await startTestStack({ label: 'limitshare', workers: false });
    [a, b] = await Promise.all([startApi(), startApi()]);
  }, 60_000);
  afterAll(async () => {
    for (const app of children) app.child.kill('SIGKILL');
    await stack?.stop();
  });

  async function startApi(): Promise<string> {
    const port = await freePort();
    children.push(
      spawnApp('api', 'apps/api/src/main.ts', {
        ...process.env,
        ...stack.workerEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
      }),
    );
    const url = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(100)) {
      if ((await fetch(`${url}/healthz`).catch(() => undefined))?.ok) return url;
    }
    throw new Error('API process did not start');
  }

  it('requests alternating between two processes are counted together', async () => {
    const key = await stack.key('free');
    const statuses: number[] = [];
    const remaining: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await request(i % 2 ? b : a)
        .post('/enrich')
        .set(bearer(key))
        .send({ domain: fresh() });
      statuses.push(res.status);
      remaining.push(String(res.headers['x-ratelimit-remaining']));
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
    expect(remaining).toEqual(['4', '3', '2', '1', '0', '0', '0', '0']);
  });

  it('concurrent submissions on two processes: exactly the window limit accepted, each with its own place in the count', async () => {
    const key = await stack.key('free');
    // Counted together in one script call per process where they arrive together.
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        request(i % 2 ? b : a)
          .post('/enrich')
          .set(bearer(key))
          .send({ domain: fresh() }),
      ),
    );
    const accepted = answers.filter((res) => res.status === 202);
    expect(accepted).toHaveLength(5);
    expect(answers.filter((res) => res.status === 429).every((res) => res.body.error.code === 'RATE_LIMIT_EXCEEDED')).toBe(true);
    expect(accepted.map((res) => res.headers['x-ratelimit-remaining']).sort()).toEqual(['0', '1', '2', '3', '4']);
  });

  it('never overspends the monthly quota: 90 concurrent submissions over two processes, exactly the quota of 25 accepted', async () => {
    const key = await stack.key('enterprise', 'quota-race');
    const db = stack.database.db;
    // Windows far above the load, so only the monthly quota refuses. Set before either process
    // first sees the key, so neither holds the plan's limits in its key cache.
    await db.team.update({ where: { name: 'quota-race' }, data: { rateLimitPerMinute: 100_000, monthlyQuota: 25 } });
    const answers = await Promise.all(
      Array.from({ length: 90 }, (_, i) =>
        request(i % 2 ? b : a)
          .post('/enrich')
          .set(bearer(key))
          .send({ domain: fresh() }),
      ),
    );
    const byStatus: Record<number, number> = {};
    for (const res of answers) byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
    expect(byStatus).toEqual({ 202: 25, 429: 65 });
    for (const res of answers.filter((r) => r.status === 429)) expect(res.body.error.code).toBe('QUOTA_EXCEEDED');
    const team = await db.team.findUniqueOrThrow({ where: { name: 'quota-race' } });
    expect(await db.enrichmentJob.count({ where: { teamId: team.id } })).toBe(25);
    const usage = await db.usageMonth.findMany({ where: { teamId: team.id } });
    expect(usage.map((u) => u.enrichments)).toEqual([25]);
  }, 60_000);
});

describe('the monthly quota', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ label: 'quota', workers: false });
  });
  afterAll(() => stack?.stop());

  it('counts each new domain of a bulk request; a batch it cannot cover is refused whole; Redis loss does not reset it', async () => {
    const key = await stack.key('growth', 'quota-team');
    const db = stack.database.db;
    const team = await db.team.update({ where: { name: 'quota-team' }, data: { monthlyQuota: 20 } });

    const first = await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(key))
      .send({ domains: [...Array.from({ length: 15 }, fresh), 'localhost'] });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ accepted: 15, quotaCharged: 15 });
    expect(first.headers['x-quota-limit']).toBe('20');
    expect(first.headers['x-quota-remaining']).toBe('5');

    const batchesBefore = await db.batch.count({ where: { teamId: team.id } });
    const jobsBefore = await db.enrichmentJob.count({ where: { teamId: team.id } });
    const tooMany = await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(key))
      .send({ domains: Array.from({ length: 6 }, fresh) });
    expect(tooMany.status).toBe(429);
    expect(strictError.parse(tooMany.body).error).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { limit: 20, remaining: 5, requested: 6 },
    });
    const retryAfter = Number(tooMany.headers['retry-after']);
    const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1));
    expect(Math.abs(Date.now() + retryAfter * 1000 - nextMonth.getTime())).toBeLessThan(5000);
    expect(await db.batch.count({ where: { teamId: team.id } })).toBe(batchesBefore);
    expect(await db.enrichmentJob.count({ where: { teamId: team.id } })).toBe(jobsBefore);

    // Duplicates of earlier domains cost nothing, so a batch mixing them with 5 new ones fits.
    const earlier = first.body.jobs.map((j: { domain: string }) => j.domain).slice(0, 10);
    const fits = await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(key))
      .send({ domains: [...earlier, ...Array.from({ length: 5 }, fresh)] });
    expect(fits.status).toBe(202);
    expect(fits.body).toMatchObject({ accepted: 15, quotaCharged: 5 });
    expect(fits.headers['x-quota-remaining']).toBe('0');

    // Redis loses every counter (as a restarted memory-only Redis would); the month is in Postgres.
    await removeQueueKeys(REDIS_URL, stack.queuePrefix);
    const single = await post(stack.app, key);
    expect(single.status).toBe(429);
    expect(single.body.error.code).toBe('QUOTA_EXCEEDED');
    const duplicate = await post(stack.app, key, earlier[0]);
    expect(duplicate.status).toBe(202);
    const usage = await db.usageMonth.findMany({ where: { teamId: team.id } });
    expect(usage.map((u) => u.enrichments)).toEqual([20]);
  });

  it('holds under concurrent requests: never more accepted than the quota', async () => {
    const key = await stack.key('enterprise', 'quota-race');
    await stack.database.db.team.update({ where: { name: 'quota-race' }, data: { monthlyQuota: 10 } });
    const answers = await Promise.all(Array.from({ length: 25 }, () => post(stack.app, key)));
    expect(answers.filter((a) => a.status === 202)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429).every((a) => a.body.error.code === 'QUOTA_EXCEEDED')).toBe(true);
  });
});
