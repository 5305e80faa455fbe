import { type Db, sqlPool } from '@enrich/db';
import { completeJob, type JobEndRow, markJobFailed, noJobEvents } from '@enrich/jobs';
import etag from 'etag';
import request from 'supertest';
import { startTestStack, type TestStack } from '../support/test-stack';

/** Completes the job with a company row written in the statement that ends it, as finalize writes its own. */
const completeWithCompany = (db: Db, jobId: string, domain: string, name: string) =>
  completeJob(db, noJobEvents, jobId, async () => {
    const { rows } = await sqlPool(db).query<JobEndRow>(
      `WITH ended AS (SELECT * FROM end_job($1, 'completed', timezone('UTC', now()), NULL, NULL)),
        company AS (INSERT INTO companies (domain, name, sources, confidence) SELECT $2, $3, '{website}', 40 FROM ended)
      SELECT batch_id AS "batchId", domain, end_seq AS "endSeq", deliveries, completed, failed, pending FROM ended`,
      [jobId, domain, name],
    );
    return rows;
  });

// Completed jobs' and batches' poll answers are kept per process (apps/api/src/jobs/poll-answers.ts,
// apps/api/src/bulk/batch-view.ts): the next poll still asks PostgreSQL for the version, so a
// cached response never outlives what it was made from, a field selection or page, or the team.
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ label: 'poll-answers', workers: false });
});
afterAll(async () => {
  await stack.stop();
});

const poll = (key: string, jobId: string, query = '') =>
  request(stack.app).get(`/api/enrich/${jobId}${query}`).set('Authorization', `Bearer ${key}`);

it('answers a completed job again and again, and from the newer record once the company changes', async () => {
  const db = stack.database.db;
  await db.company.create({
    data: { domain: 'kept-answer.com', name: 'Kept Answer Ltd', industry: 'Software', sources: ['website'], confidence: 60 },
  });
  const key = await stack.key('enterprise');
  // A fresh stored record: the job is completed as it is admitted.
  const jobId = await stack.submit(key, 'kept-answer.com');

  const first = await poll(key, jobId);
  expect(first.status).toBe(200);
  expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(first.headers['x-ratelimit-limit']).toBeDefined();
  expect(first.body).toMatchObject({ status: 'completed', domain: 'kept-answer.com', data: { name: 'Kept Answer Ltd' } });
  const again = await poll(key, jobId);
  expect(again.text).toBe(first.text);
  // A cached response's ETag is made once, as Express makes it of the bytes sent; a client holding
  // it gets 304, with the rate-limit headers still.
  expect(first.headers.etag).toBe(etag(Buffer.from(first.text), { weak: true }));
  expect(again.headers.etag).toBe(first.headers.etag);
  const unchanged = await poll(key, jobId).set('If-None-Match', first.headers.etag!);
  expect([unchanged.status, unchanged.text, unchanged.headers['x-ratelimit-limit']]).toEqual([304, '', first.headers['x-ratelimit-limit']]);

  // Another field selection is another answer; both kept.
  const named = await poll(key, jobId, '?fields=name');
  expect(named.body.data).toEqual({ domain: 'kept-answer.com', name: 'Kept Answer Ltd', fieldSources: {} });
  expect((await poll(key, jobId)).text).toBe(first.text);

  // The company enriched again (finalize upserts it; updated_at moves): the next polls say so.
  await db.company.update({ where: { domain: 'kept-answer.com' }, data: { name: 'Kept Answer Group', confidence: 80 } });
  const changed = await poll(key, jobId);
  expect(changed.body.data).toMatchObject({ name: 'Kept Answer Group', confidence: 80 });
  expect(changed.headers.etag).toBe(etag(Buffer.from(changed.text), { weak: true }));
  expect((await poll(key, jobId).set('If-None-Match', first.headers.etag!)).status).toBe(200);
  expect((await poll(key, jobId, '?fields=name')).body.data.name).toBe('Kept Answer Group');
  expect((await poll(key, jobId)).text).toBe(changed.text);

  // Kept or not, another team's key finds no such job.
  const other = await stack.key('enterprise');
  const refused = await poll(other, jobId);
  expect([refused.status, refused.body.error.code]).toEqual([404, 'JOB_NOT_FOUND']);
});

it('answers a processing job again until it ends, and then from its company', async () => {
  const db = stack.database.db;
  const key = await stack.key('enterprise');
  // No stored record and no workers: the job stays processing until the test completes it.
  const jobId = await stack.submit(key, 'kept-processing.com');
  const first = await poll(key, jobId);
  expect(first.body).toMatchObject({ status: 'processing', domain: 'kept-processing.com' });
  const again = await poll(key, jobId);
  expect([again.text, again.headers.etag]).toEqual([first.text, first.headers.etag]);

  await completeWithCompany(db, jobId, 'kept-processing.com', 'Kept Processing');
  const done = await poll(key, jobId);
  expect(done.body).toMatchObject({ status: 'completed', data: { name: 'Kept Processing' } });
  expect(done.headers.etag).not.toBe(first.headers.etag);
  expect((await poll(key, jobId)).text).toBe(done.text);
});

it('answers a batch again until an item ends, the batch settles or a company of its page changes', async () => {
  const db = stack.database.db;
  await db.company.create({ data: { domain: 'batch-kept.com', name: 'Batch Kept', sources: ['website'], confidence: 50 } });
  const key = await stack.key('enterprise');
  const submitted = await request(stack.app)
    .post('/api/enrich/bulk')
    .set('Authorization', `Bearer ${key}`)
    .send({ domains: ['batch-kept.com', 'batch-waits.com', 'batch-fails.com'] });
  expect(submitted.status).toBe(202);
  const batchId = submitted.body.batchId as string;
  const jobOf = (domain: string) => (submitted.body.jobs as { domain: string; jobId: string }[]).find((j) => j.domain === domain)!.jobId;
  const pollBatch = (query = '') => request(stack.app).get(`/api/enrich/bulk/${batchId}${query}`).set('Authorization', `Bearer ${key}`);

  const first = await pollBatch();
  expect(first.status).toBe(200);
  expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(first.body).toMatchObject({ status: 'processing', completed: 1, pending: 2, failed: 0 });
  expect((await pollBatch()).text).toBe(first.text);
  expect((await pollBatch('?status=processing')).body.items.map((i: { domain: string }) => i.domain)).toEqual([
    'batch-waits.com',
    'batch-fails.com',
  ]);

  // An item ends: counts, the item and the filtered page say so.
  await markJobFailed(db, noJobEvents, jobOf('batch-fails.com'), 'SCRAPE_FAILED', 'the site did not answer');
  const ended = await pollBatch();
  expect(ended.body).toMatchObject({ completed: 1, pending: 1, failed: 1 });
  expect(ended.body.items.find((i: { domain: string }) => i.domain === 'batch-fails.com').error.code).toBe('SCRAPE_FAILED');
  expect((await pollBatch('?status=processing')).body.items.map((i: { domain: string }) => i.domain)).toEqual(['batch-waits.com']);

  // A company on the page enriched again: the item shows the newer record.
  await db.company.update({ where: { domain: 'batch-kept.com' }, data: { name: 'Batch Kept Group' } });
  const changed = await pollBatch();
  expect(changed.body.items.find((i: { domain: string }) => i.domain === 'batch-kept.com').data.name).toBe('Batch Kept Group');
  expect((await pollBatch()).text).toBe(changed.text);

  // The last item completes with its company, which then changes again: a cached response follows
  // the companies of the items completed since it was first made, not only of those it began with.
  await completeWithCompany(db, jobOf('batch-waits.com'), 'batch-waits.com', 'Batch Waits');
  const waits = (answer: request.Response) => answer.body.items.find((i: { domain: string }) => i.domain === 'batch-waits.com');
  const settled = await pollBatch();
  expect(settled.body).toMatchObject({ completed: 2, pending: 0, failed: 1 });
  expect(waits(settled).data.name).toBe('Batch Waits');
  expect(settled.headers.etag).toBe(etag(Buffer.from(settled.text), { weak: true }));
  expect((await pollBatch()).text).toBe(settled.text);
  await db.company.update({ where: { domain: 'batch-waits.com' }, data: { name: 'Batch Waits Inc' } });
  expect(waits(await pollBatch()).data.name).toBe('Batch Waits Inc');

  // Another team's key: no such batch, cached response or not.
  const other = await stack.key('enterprise');
  const refused = await request(stack.app).get(`/api/enrich/bulk/${batchId}`).set('Authorization', `Bearer ${other}`);
  expect([refused.status, refused.body.error.code]).toEqual([404, 'BATCH_NOT_FOUND']);
});
