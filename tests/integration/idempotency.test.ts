import request from 'supertest';
import { strictError } from '../support/contract-schemas';
import { startTestStack, type TestStack } from '../support/test-stack';

// Idempotency-Key on POST /enrich and POST /enrich/bulk (apps/api/src/admission/idempotency.ts):
// a retry with the same key and body answers the same job or batch and charges nothing again;
// the same key with another body is refused; a key in use is retried; a dead claim is taken over.

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ label: 'idempotency', workers: false });
});
afterAll(() => stack?.stop());

const used = async (teamId: string) =>
  (await stack.database.db.usageMonth.findMany({ where: { teamId } })).reduce((sum, month) => sum + month.enrichments, 0);

describe('Idempotency-Key', () => {
  it('answers a retried single submission with the same job, charged once', async () => {
    const key = await stack.key('growth');
    const post = () =>
      request(stack.app).post('/enrich').set(bearer(key)).set('Idempotency-Key', 'single-1').send({ domain: 'idem-one.com' });
    const first = await post();
    const again = await post();
    expect(first.status).toBe(202);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect([again.status, again.headers['idempotent-replayed'], again.body]).toEqual([202, 'true', first.body]);
    const jobs = await stack.database.db.enrichmentJob.findMany({ where: { domain: 'idem-one.com' } });
    expect(jobs.map((job) => job.id)).toEqual([first.body.jobId]);
    expect(await used(jobs[0]!.teamId)).toBe(1);
  });

  it('answers a retried bulk upload with the same batch, charged once, and keys are the team’s own', async () => {
    const key = await stack.key('growth');
    const other = await stack.key('growth');
    const domains = ['idem-a.com', 'idem-b.com', 'idem-c.com'];
    const post = (apiKey: string) =>
      request(stack.app).post('/enrich/bulk').set(bearer(apiKey)).set('Idempotency-Key', 'upload-2026-11-27').send({ domains });
    const first = await post(key);
    const again = await post(key);
    expect(first.status).toBe(202);
    expect([again.status, again.headers['idempotent-replayed'], again.body.batchId]).toEqual([202, 'true', first.body.batchId]);
    const teamId = (await stack.database.db.batch.findUniqueOrThrow({ where: { id: first.body.batchId } })).teamId;
    expect(await stack.database.db.batch.count({ where: { teamId } })).toBe(1);
    expect(await used(teamId)).toBe(3);
    // Another team's same key is another key.
    const theirs = await post(other);
    expect(theirs.status).toBe(202);
    expect(theirs.body.batchId).not.toBe(first.body.batchId);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses the key with another body or on the other endpoint, and a malformed key', async () => {
    const key = await stack.key('growth');
    const send = (path: string, body: object, idempotencyKey: string) =>
      request(stack.app).post(path).set(bearer(key)).set('Idempotency-Key', idempotencyKey).send(body);
    expect((await send('/enrich', { domain: 'idem-first.com' }, 'k-1')).status).toBe(202);
    for (const [path, body] of [
      ['/enrich', { domain: 'idem-second.com' }],
      ['/enrich', { domain: 'idem-first.com', refresh: true }],
      ['/enrich/bulk', { domains: ['idem-first.com'] }],
    ] as const) {
      const res = await send(path, body, 'k-1');
      expect([res.status, strictError.parse(res.body).error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    }
    for (const bad of ['has space', 'x'.repeat(256), 'clé']) {
      const res = await send('/enrich', { domain: 'idem-bad.com' }, bad);
      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect(await stack.database.db.enrichmentJob.count({ where: { domain: { in: ['idem-second.com', 'idem-bad.com'] } } })).toBe(0);
  });

  it('admits concurrent requests with one key once: the others wait and get the same answer', async () => {
    const key = await stack.key('growth');
    const domains = Array.from({ length: 200 }, (_, i) => `idem-race-${i}.com`);
    const post = () => request(stack.app).post('/enrich/bulk').set(bearer(key)).set('Idempotency-Key', 'race').send({ domains });
    const answers = await Promise.all(Array.from({ length: 6 }, post));
    const admitted = answers.filter((res) => res.status === 202);
    const busy = answers.filter((res) => res.status === 409);
    expect(admitted.length + busy.length).toBe(6);
    for (const res of busy) expect([res.body.error.code, res.headers['retry-after']]).toEqual(['IDEMPOTENCY_KEY_IN_USE', '1']);
    expect(new Set(admitted.map((res) => res.body.batchId)).size).toBe(1);
    const retried = await post();
    expect([retried.status, retried.body.batchId]).toEqual([202, admitted[0]!.body.batchId]);
    expect(await stack.database.db.enrichmentJob.count({ where: { domain: { in: domains } } })).toBe(200);
  });

  it('takes over the claim of a request that died, frees the key of a refused one, and forgets keys after a day', async () => {
    const key = await stack.key('growth');
    const res1 = await request(stack.app).post('/enrich').set(bearer(key)).set('Idempotency-Key', 'k-day').send({ domain: 'idem-day.com' });
    const teamId = (await stack.database.db.enrichmentJob.findUniqueOrThrow({ where: { id: res1.body.jobId } })).teamId;
    const db = stack.database.db;

    // A claim without an answer whose time is up: its request died; the retry runs.
    await db.$executeRaw`UPDATE idempotency_keys SET status_code = NULL, answer = NULL, locked_until = now() - interval '1 second' WHERE team_id = ${teamId} AND key = 'k-day'`;
    const takenOver = await request(stack.app)
      .post('/enrich')
      .set(bearer(key))
      .set('Idempotency-Key', 'k-day')
      .send({ domain: 'idem-day.com' });
    expect([takenOver.status, takenOver.headers['idempotent-replayed']]).toEqual([202, undefined]);

    // A claim still running: 409 with Retry-After.
    await db.$executeRaw`UPDATE idempotency_keys SET status_code = NULL, answer = NULL, locked_until = now() + interval '1 minute' WHERE team_id = ${teamId} AND key = 'k-day'`;
    const busy = await request(stack.app).post('/enrich').set(bearer(key)).set('Idempotency-Key', 'k-day').send({ domain: 'idem-day.com' });
    expect([busy.status, busy.body.error.code, busy.headers['retry-after']]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE', '1']);

    // A day later the key is new again.
    await db.$executeRaw`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE team_id = ${teamId} AND key = 'k-day'`;
    const later = await request(stack.app)
      .post('/enrich')
      .set(bearer(key))
      .set('Idempotency-Key', 'k-day')
      .send({ domain: 'idem-later.com' });
    expect([later.status, later.headers['idempotent-replayed']]).toEqual([202, undefined]);

    // Refused by the monthly quota: nothing is kept, so the retry is judged afresh, not replayed.
    const quotaKey = await stack.key('growth', 'idem-quota-team');
    await db.team.update({ where: { name: 'idem-quota-team' }, data: { monthlyQuota: 1 } });
    await stack.submit(quotaKey, 'idem-quota-1.com');
    const over = () =>
      request(stack.app).post('/enrich').set(bearer(quotaKey)).set('Idempotency-Key', 'k-quota').send({ domain: 'idem-quota-2.com' });
    for (const refused of [await over(), await over()]) {
      expect([refused.status, refused.body.error.code, refused.headers['idempotent-replayed']]).toEqual([429, 'QUOTA_EXCEEDED', undefined]);
    }
    expect(await db.idempotencyKey.count({ where: { key: 'k-quota' } })).toBe(0);
  });
});
