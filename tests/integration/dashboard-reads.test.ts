import { randomUUID } from 'node:crypto';
import { newId } from '@enrich/db';
import request from 'supertest';
import {
  strictBatchList,
  strictBulkAccepted,
  strictBulkPreview,
  strictError,
  strictJobList,
  strictUsage,
} from '../support/contract-schemas';
import { startTestStack, type TestStack } from '../support/test-stack';

// What the dashboard reads through the public API: GET /usage, the team's jobs and batches
// (cursor pages), and the bulk preview. Workers are off: only what the API records matters.

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
let counter = 0;
const fresh = (label: string) => {
  counter += 1;
  return `${label}-${process.pid}-${counter}.com`;
};

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ label: 'dashreads', workers: false });
});
afterAll(() => stack?.stop());

const teamIdOf = async (name: string) => (await stack.database.db.team.findUniqueOrThrow({ where: { name } })).id;

describe('GET /usage', () => {
  it('counts charged enrichments for the month and per day, duplicates free, and reads the windows without counting', async () => {
    const name = `usage-${randomUUID()}`;
    const key = await stack.key('free', name);
    const teamId = await teamIdOf(name);
    const [a, b, c] = [fresh('usage-a'), fresh('usage-b'), fresh('usage-c')];

    expect((await request(stack.app).post('/enrich').set(bearer(key)).send({ domain: a })).status).toBe(202);
    // A recent submission again: its own job, free.
    expect(
      (
        await request(stack.app)
          .post('/enrich')
          .set(bearer(key))
          .send({ domain: `https://www.${a}/` })
      ).status,
    ).toBe(202);
    const bulk = await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(key))
      .send({ domains: [b, c, a, `${b}.`, 'localhost'] });
    expect(strictBulkAccepted.parse(bulk.body)).toMatchObject({ accepted: 3, quotaCharged: 2 });

    // Rows from other days: one charged 10 days ago counts there, one 40 days ago and an
    // uncharged one nowhere.
    const now = Date.now();
    const row = (daysAgo: number, charged: boolean) => ({
      id: randomUUID(),
      teamId,
      domain: fresh('usage-old'),
      charged,
      status: 'completed' as const,
      createdAt: new Date(now - daysAgo * DAY_MS),
    });
    await stack.database.db.enrichmentJob.createMany({ data: [row(10, true), row(40, true), row(3, false)] });

    const before = Date.now();
    const first = await request(stack.app).get('/usage').set(bearer(key));
    expect(first.status).toBe(200);
    const usage = strictUsage.parse(first.body);
    const today = new Date();
    expect(usage.plan).toBe('free');
    expect(usage.month).toEqual({
      start: `${isoDay(today).slice(0, 7)}-01`,
      enrichments: 3,
      quota: 250,
      remaining: 247,
      resetsAt: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1)).toISOString(),
    });
    // Two requests counted: the first POST and the bulk one; the duplicate POST was free.
    expect(usage.rateLimits.perMinute).toMatchObject({ limit: 5, remaining: 3 });
    expect(usage.rateLimits.perDay).toMatchObject({ limit: 50, remaining: 48 });
    expect(Date.parse(usage.rateLimits.perMinute.resetsAt)).toBeGreaterThan(before);
    expect(Date.parse(usage.rateLimits.perMinute.resetsAt)).toBeLessThanOrEqual(before + 61_000);
    expect(usage.daily).toHaveLength(30);
    expect(usage.daily.at(-1)).toEqual({ date: isoDay(today), enrichments: 3 });
    expect(usage.daily[0]!.date).toBe(
      isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 29 * DAY_MS)),
    );
    expect(usage.daily.find((d) => d.date === isoDay(new Date(now - 10 * DAY_MS)))?.enrichments).toBe(1);
    expect(usage.daily.reduce((sum, d) => sum + d.enrichments, 0)).toBe(4);
    // The days are consecutive, oldest first.
    for (let i = 1; i < 30; i += 1) expect(Date.parse(usage.daily[i]!.date) - Date.parse(usage.daily[i - 1]!.date)).toBe(DAY_MS);

    // Reading does not count, and it says so in the headers like a poll.
    for (const res of [first, await request(stack.app).get('/api/usage').set(bearer(key))]) {
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      expect(res.headers['x-ratelimit-remaining']).toBe('3');
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(Math.floor(before / 1000));
    }
    expect(strictUsage.parse((await request(stack.app).get('/usage').set(bearer(key))).body).rateLimits.perMinute.remaining).toBe(3);
  });

  it('gives null for what the plan does not limit, and nothing of another team’s', async () => {
    const key = await stack.key('growth');
    // A team that has made no request yet: whole windows ahead (Redis has no counter for it).
    const res = await request(stack.app).get('/usage').set(bearer(key));
    const usage = strictUsage.parse(res.body);
    expect(res.headers['x-ratelimit-remaining']).toBe('300');
    expect(usage.rateLimits.perMinute.remaining).toBe(300);
    expect(Date.parse(usage.rateLimits.perMinute.resetsAt)).toBeGreaterThan(Date.now());
    expect(usage).toMatchObject({ plan: 'growth', month: { enrichments: 0, quota: 10_000, remaining: 10_000 } });
    expect(usage.rateLimits.perDay).toBeNull();
    expect(usage.daily.every((d) => d.enrichments === 0)).toBe(true);

    const name = `unlimited-${randomUUID()}`;
    const unlimited = await stack.key('enterprise', name);
    await stack.database.db.team.update({ where: { name }, data: { monthlyQuota: null } });
    // The key cache may still hold the plan's quota for a moment: only the shape is checked here.
    const body = strictUsage.parse((await request(stack.app).get('/usage').set(bearer(unlimited))).body);
    expect(body.plan).toBe('enterprise');
  });

  it('needs a key, and answers GET and HEAD only', async () => {
    const res = await request(stack.app).get('/usage');
    expect(res.status).toBe(401);
    expect(strictError.parse(res.body).error.code).toBe('AUTHENTICATION_FAILED');
    const key = await stack.key('free');
    const post = await request(stack.app).post('/usage').set(bearer(key));
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});

describe('GET /enrich: the team’s single jobs', () => {
  it('walks every single job, newest first, in cursor pages; batches and other teams left out', async () => {
    const name = `jobs-${randomUUID()}`;
    const key = await stack.key('growth', name);
    const other = await stack.key('growth');
    const teamId = await teamIdOf(name);
    const submitted: string[] = [];
    for (let i = 0; i < 3; i += 1) submitted.push(await stack.submit(key, fresh('list-job')));
    await stack.submit(other, fresh('list-other'));
    await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(key))
      .send({ domains: [fresh('list-batch'), fresh('list-batch')] });
    // Two jobs created at the same instant, older than the rest: the id breaks the tie.
    const tied = new Date(Date.now() - 60_000);
    const twins = [randomUUID(), randomUUID()];
    await stack.database.db.enrichmentJob.createMany({
      data: twins.map((id) => ({ id, teamId, domain: fresh('list-twin'), createdAt: tied })),
    });

    const seen: { jobId: string; createdAt: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: request.Response = await request(stack.app)
        .get(`/enrich?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        .set(bearer(key));
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('300');
      const page = strictJobList.parse(res.body);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data);
      cursor = page.pagination.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((j) => j.jobId)).toEqual([...submitted.reverse(), ...twins.sort().reverse()]);
    const times = seen.map((j) => Date.parse(j.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    const first = strictJobList.parse((await request(stack.app).get('/api/enrich').set(bearer(key))).body);
    expect(first.data[0]).toEqual({
      jobId: submitted[0],
      domain: expect.any(String),
      status: 'processing',
      createdAt: expect.any(String),
      completedAt: null,
    });
    expect(first.pagination.nextCursor).toBeNull();
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['cursor=not-a-cursor', 'cursor'],
    [`cursor=${Buffer.from('["2026-01-01T00:00:00.000Z","bat_x"]').toString('base64url')}`, 'cursor'],
    [`cursor=${Buffer.from('["yesterday","8b3f3c1e-2f0a-4c1a-9a43-0d5b8c1e2f3a"]').toString('base64url')}`, 'cursor'],
  ])('refuses ?%s with 400 VALIDATION_ERROR', async (query, path) => {
    const key = await stack.key('growth');
    const res = await request(stack.app).get(`/enrich?${query}`).set(bearer(key));
    expect(res.status).toBe(400);
    expect(strictError.parse(res.body).error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path }] });
  });

  it('answers other methods with 405 and the methods it takes', async () => {
    const key = await stack.key('growth');
    const res = await request(stack.app).put('/enrich').set(bearer(key));
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
  });
});

describe('GET /enrich/bulk: the team’s batches', () => {
  it('lists batches newest first with their counts, in cursor pages, and no other team’s', async () => {
    const name = `batches-${randomUUID()}`;
    const key = await stack.key('growth', name);
    const other = await stack.key('growth');
    const ids: string[] = [];
    for (const size of [1, 2, 3]) {
      const domains = Array.from({ length: size }, () => fresh('list-bulk'));
      const res = await request(stack.app).post('/enrich/bulk').set(bearer(key)).send({ domains });
      ids.push(res.body.batchId);
    }
    await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(other))
      .send({ domains: [fresh('list-bulk-other')] });
    // Items end: one completed and one failed in the newest batch; the oldest settles whole.
    const db = stack.database.db;
    const newest = await db.enrichmentJob.findMany({ where: { batchId: ids[2] }, orderBy: { batchPosition: 'asc' } });
    await db.enrichmentJob.update({ where: { id: newest[0]!.id }, data: { status: 'completed', completedAt: new Date() } });
    await db.enrichmentJob.update({ where: { id: newest[1]!.id }, data: { status: 'failed', completedAt: new Date() } });
    const ended = new Date();
    await db.enrichmentJob.updateMany({ where: { batchId: ids[0] }, data: { status: 'completed', completedAt: ended } });

    const one = strictBatchList.parse((await request(stack.app).get('/enrich/bulk?limit=2').set(bearer(key))).body);
    expect(one.data.map((b) => b.batchId)).toEqual([ids[2], ids[1]]);
    expect(one.data[0]).toMatchObject({ status: 'processing', total: 3, completed: 1, failed: 1, processing: 1, completedAt: null });
    expect(one.data[1]).toMatchObject({ status: 'processing', total: 2, completed: 0, failed: 0, processing: 2 });
    const two = strictBatchList.parse(
      (await request(stack.app).get(`/api/enrich/bulk?limit=2&cursor=${one.pagination.nextCursor}`).set(bearer(key))).body,
    );
    expect(two.data.map((b) => b.batchId)).toEqual([ids[0]]);
    expect(two.pagination.nextCursor).toBeNull();
    // As the poll counts it: completed, with the last item's end time until the batch row is settled.
    const poll = await request(stack.app).get(`/enrich/bulk/${ids[0]}`).set(bearer(key));
    expect(two.data[0]).toMatchObject({ status: 'completed', total: 1, completed: 1, processing: 0, completedAt: ended.toISOString() });
    expect(poll.body).toMatchObject({ status: 'completed', completedAt: ended.toISOString() });

    const all = strictBatchList.parse((await request(stack.app).get('/enrich/bulk').set(bearer(key))).body);
    expect(all.data).toHaveLength(3);
    expect(all.pagination.nextCursor).toBeNull();
  });

  it('refuses a cursor of another list, and answers DELETE with 405', async () => {
    const key = await stack.key('growth');
    const jobCursor = Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', randomUUID()])).toString('base64url');
    const res = await request(stack.app).get(`/enrich/bulk?cursor=${jobCursor}`).set(bearer(key));
    expect(res.status).toBe(400);
    expect(strictError.parse(res.body).error.code).toBe('VALIDATION_ERROR');
    const ok = Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', newId('bat')])).toString('base64url');
    expect((await request(stack.app).get(`/enrich/bulk?cursor=${ok}`).set(bearer(key))).status).toBe(200);
    const del = await request(stack.app).delete('/enrich/bulk').set(bearer(key));
    expect(del.status).toBe(405);
    expect(del.headers.allow).toBe('GET, HEAD, POST');
  });
});

describe('POST /dashboard/api/bulk/preview', () => {
  const windowsOf = async (key: string) => strictUsage.parse((await request(stack.app).get('/usage').set(bearer(key))).body);
  // Reset times are read from the counters' TTL, to the millisecond: compare what is left.
  const left = ({
    rateLimits: { perMinute, perDay },
  }: {
    rateLimits: { perMinute: { remaining: number }; perDay: { remaining: number } | null };
  }) => [perMinute.remaining, perDay?.remaining];

  it.each([
    ['JSON', 'application/json'],
    ['CSV', 'text/csv'],
  ])('a %s body: the counts and cost equal what POST /enrich/bulk then reports; nothing stored or counted', async (_kind, type) => {
    const name = `preview-${randomUUID()}`;
    const key = await stack.key('free', name);
    const recent = fresh('preview-recent');
    await stack.submit(key, recent);
    const [x, y] = [fresh('preview-x'), fresh('preview-y')];
    const domains = [x, 'localhost', `https://www.${x}/`, recent, y, '10.0.0.1', ''];
    const body = type === 'text/csv' ? `Name,Website\n${domains.map((d, i) => `n${i},${d}`).join('\n')}\n` : JSON.stringify({ domains });

    const db = stack.database.db;
    const teamId = await teamIdOf(name);
    const before = await windowsOf(key);
    const batchesBefore = await db.batch.count({ where: { teamId } });
    const preview = await request(stack.app).post('/dashboard/api/bulk/preview').set(bearer(key)).set('Content-Type', type).send(body);
    expect(preview.status).toBe(200);
    expect(preview.headers['x-ratelimit-remaining']).toBe(String(before.rateLimits.perMinute.remaining));
    const p = strictBulkPreview.parse(preview.body);
    expect(p).toMatchObject({ entries: 7, valid: 3, duplicates: 1, cost: 2, quota: { remaining: 249 } });
    expect(p.invalid.map((i) => [i.index, i.reason])).toEqual([
      [1, 'no_public_suffix'],
      [5, 'ip_address'],
      [6, 'empty'],
    ]);
    const after = await windowsOf(key);
    expect(left(after)).toEqual(left(before));
    expect(after.month).toEqual(before.month);
    expect(await db.batch.count({ where: { teamId } })).toBe(batchesBefore);

    const posted = strictBulkAccepted.parse(
      (await request(stack.app).post('/enrich/bulk').set(bearer(key)).set('Content-Type', type).send(body)).body,
    );
    expect({
      entries: posted.total,
      valid: posted.accepted,
      duplicates: posted.duplicates.length,
      invalid: posted.invalid,
      cost: posted.quotaCharged,
    }).toEqual({
      entries: p.entries,
      valid: p.valid,
      duplicates: p.duplicates,
      invalid: p.invalid,
      cost: p.cost,
    });
    expect((await windowsOf(key)).month.remaining).toBe(p.quota.remaining! - p.cost);
  });

  it('answers a body POST /enrich/bulk refuses with the same error, and needs a key', async () => {
    const key = await stack.key('free');
    for (const [type, body] of [
      ['application/json', '{"domains": []}'],
      ['application/json', '{"domains": '],
      ['text/csv', 'company\nacme\n'],
      ['text/plain', 'acme.com'],
    ] as const) {
      const preview = await request(stack.app)
        .post('/api/dashboard/api/bulk/preview')
        .set(bearer(key))
        .set('Content-Type', type)
        .send(body);
      const posted = await request(stack.app).post('/enrich/bulk').set(bearer(key)).set('Content-Type', type).send(body);
      expect([type, body, preview.status, strictError.parse(preview.body).error.code]).toEqual([
        type,
        body,
        posted.status,
        strictError.parse(posted.body).error.code,
      ]);
    }
    const anonymous = await request(stack.app)
      .post('/dashboard/api/bulk/preview')
      .send({ domains: ['acme.com'] });
    expect(anonymous.status).toBe(401);
    const get = await request(stack.app).get('/dashboard/api/bulk/preview').set(bearer(key));
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
  });
});
