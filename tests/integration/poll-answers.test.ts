import request from 'supertest';
import { startTestStack, type TestStack } from '../support/test-stack';

// A completed job's poll answer is kept per process (apps/api/src/jobs/poll-answers.ts): the
// next poll still asks PostgreSQL for the job, so it never outlives the company's record, a
// field selection, or the job's team.
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

  // Another field selection is another answer; both kept.
  const named = await poll(key, jobId, '?fields=name');
  expect(named.body.data).toEqual({ domain: 'kept-answer.com', name: 'Kept Answer Ltd', fieldSources: {} });
  expect((await poll(key, jobId)).text).toBe(first.text);

  // The company enriched again (finalize upserts it; updated_at moves): the next polls say so.
  await db.company.update({ where: { domain: 'kept-answer.com' }, data: { name: 'Kept Answer Group', confidence: 80 } });
  const changed = await poll(key, jobId);
  expect(changed.body.data).toMatchObject({ name: 'Kept Answer Group', confidence: 80 });
  expect((await poll(key, jobId, '?fields=name')).body.data.name).toBe('Kept Answer Group');
  expect((await poll(key, jobId)).text).toBe(changed.text);

  // Kept or not, another team's key finds no such job.
  const other = await stack.key('enterprise');
  const refused = await poll(other, jobId);
  expect([refused.status, refused.body.error.code]).toEqual([404, 'JOB_NOT_FOUND']);
});
