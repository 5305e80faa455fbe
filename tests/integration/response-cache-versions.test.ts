import { PROVENANCE_METHODS } from '@enrich/record';
import { SAMPLE_AI_ANSWER } from '@enrich/testkit';
import request from 'supertest';
import { startTestStack, type TestStack } from '../support/test-stack';

// Each cached response (apps/api/src/response-cache.ts) is served again only while its version is the
// current one. These change, one at a time and by plain SQL (no writer's help), every column
// the answer shows, and expect the next answer to show it: a column the version missed would
// be served stale. A column added to an answer belongs in these lists.
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ label: 'kept-versions', workers: false });
});
afterAll(async () => {
  await stack.stop();
});

/** Plain SQL on a stack's database (by default this file's stack). */
const sqlIn =
  (on: TestStack) =>
  (text: string, ...values: unknown[]) =>
    on.database.db.$executeRawUnsafe(text, ...values);
const sql = (text: string, ...values: unknown[]) => sqlIn(stack)(text, ...values);
const observed = (url: string) => ({ source: 'website', url, method: PROVENANCE_METHODS[0], observedAt: '2026-11-01T00:00:00.000Z' });

// Two full records that differ in every column: each column of the first is changed to the second's.
async function companies(domain: string, donor: string): Promise<void> {
  const [first, second] = [domain, donor].map((at, i) => ({
    domain: at,
    name: ['Every Column Ltd', 'Donor Group'][i],
    description: ['Makes columns.', 'Gives columns.'][i],
    industry: ['Software', 'Logistics'][i],
    employeeCount: ['11-50', '201-500'][i],
    location: ['Leeds, UK', 'York, UK'][i],
    businessStage: ['startup', 'enterprise'][i],
    fundingStatus: ['Seed', 'Public'][i],
    logoUrl: `https://${at}/logo-${i}.png`,
    email: `hello-${i}@${at}`,
    phone: `+44 113 000 000${i}`,
    foundedYear: 2001 + i,
    socialProfiles: i === 0 ? { linkedin: 'https://www.linkedin.com/company/every-column' } : { twitter: 'https://x.com/donor' },
    technologies: i === 0 ? ['React'] : ['Vue', 'Django'],
    insights: { ...SAMPLE_AI_ANSWER.insights, offering: `Offering ${i}.` },
    b2bMatch: { score: 12 + i, reasons: [`Reason ${i}.`] },
    confidence: 60 + i,
    sources: i === 0 ? ['website'] : ['website', 'linkedin'],
    provenance: { name: observed(`https://${at}/${i}`) },
  }));
  await stack.database.db.company.createMany({ data: [first!, second!] });
}

// Every column of companies a record shows (the view company_records), but its key.
const COMPANY_COLUMNS = [
  'name',
  'description',
  'industry',
  'employee_count',
  'location',
  'business_stage',
  'funding_status',
  'logo_url',
  'email',
  'phone',
  'founded_year',
  'social_profiles',
  'technologies',
  'insights',
  'b2b_match',
  'confidence',
  'sources',
  'provenance',
];

type Change = [string, () => Promise<unknown>];

/** Each column of the company changed in turn to the donor's. */
const companyChanges = (domain: string, donor: string): Change[] =>
  COMPANY_COLUMNS.map((column) => [
    `companies.${column}`,
    () => sql(`UPDATE companies SET ${column} = (SELECT ${column} FROM companies WHERE domain = $2) WHERE domain = $1`, domain, donor),
  ]);

/** Changes each column in turn and expects every next answer to differ from the one before, and to be kept once more. */
async function expectEachChangeShown(ask: () => Promise<request.Response>, changes: Change[]) {
  let before = await ask();
  expect(before.status).toBe(200);
  expect((await ask()).text).toBe(before.text);
  for (const [column, change] of changes) {
    await change();
    const after = await ask();
    expect({ column, status: after.status, changed: after.text !== before.text }).toEqual({ column, status: 200, changed: true });
    expect({ column, again: (await ask()).text }).toEqual({ column, again: after.text });
    before = after;
  }
}

it('a completed job`s kept poll answer moves with every column it shows', async () => {
  await companies('poll-every-column.com', 'poll-donor.com');
  const key = await stack.key('enterprise');
  const jobId = await stack.submit(key, 'poll-every-column.com');
  const poll = () => request(stack.app).get(`/api/enrich/${jobId}`).set('Authorization', `Bearer ${key}`);
  await expectEachChangeShown(poll, [
    ...companyChanges('poll-every-column.com', 'poll-donor.com'),
    [
      'enrichment_jobs.created_at',
      () => sql(`UPDATE enrichment_jobs SET created_at = created_at - interval '1 second' WHERE id = $1::uuid`, jobId),
    ],
    [
      'enrichment_jobs.completed_at',
      () => sql(`UPDATE enrichment_jobs SET completed_at = completed_at + interval '1 second' WHERE id = $1::uuid`, jobId),
    ],
    ['enrichment_jobs.domain', () => sql(`UPDATE enrichment_jobs SET domain = 'poll-donor.com' WHERE id = $1::uuid`, jobId)],
  ]);
});

it('a batch`s kept poll answer moves with every column of its items` companies', async () => {
  await companies('batch-every-column.com', 'batch-donor.com');
  const key = await stack.key('enterprise');
  const submitted = await request(stack.app)
    .post('/api/enrich/bulk')
    .set('Authorization', `Bearer ${key}`)
    .send({ domains: ['batch-every-column.com', 'batch-still-processing.com'] });
  expect(submitted.status).toBe(202);
  const pollBatch = () => request(stack.app).get(`/api/enrich/bulk/${submitted.body.batchId}`).set('Authorization', `Bearer ${key}`);
  await expectEachChangeShown(pollBatch, companyChanges('batch-every-column.com', 'batch-donor.com'));
});

// A stack of its own, where no job ever completes: the answer shows the estimate of a run
// (jobs/estimate-duration.ts), the median of this database's completed runs, and the first
// test's job, made to have run by its changed times, moves that median once the estimator
// next looks (within a second): between two asks here, and the cached response with it.
describe('with no completed run to move the estimate', () => {
  let quiet: TestStack;
  beforeAll(async () => {
    quiet = await startTestStack({ label: 'kept-versions-processing', workers: false });
  });
  afterAll(async () => {
    await quiet.stop();
  });

  it('a processing job`s kept poll answer moves with every column it shows', async () => {
    const key = await quiet.key('enterprise');
    // No stored record and no workers: the job stays processing.
    const jobId = await quiet.submit(key, 'poll-still-processing.com');
    const sql = sqlIn(quiet);
    const poll = () => request(quiet.app).get(`/api/enrich/${jobId}`).set('Authorization', `Bearer ${key}`);
    await expectEachChangeShown(poll, [
      [
        'enrichment_jobs.created_at',
        () => sql(`UPDATE enrichment_jobs SET created_at = created_at - interval '1 second' WHERE id = $1::uuid`, jobId),
      ],
      ['enrichment_jobs.domain', () => sql(`UPDATE enrichment_jobs SET domain = 'poll-renamed.com' WHERE id = $1::uuid`, jobId)],
    ]);
  });
});
