import { newId, newJobId } from '@enrich/db';
import { type AdmissionInput, admitJobs, undoAdmission } from '@enrich/jobs';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The admission statement and its undo (packages/jobs/src/admission.sql), called directly: what
// each writes for lists holding nulls (entries answered by no job, jobs without a one-off
// webhook), the deliveries owed at admission, the quota, and the undo giving all of it back.
let database: TestDatabase;
const TEAM = 'team-admission';
const createdAt = new Date();
const month = new Date(Date.UTC(createdAt.getUTCFullYear(), createdAt.getUTCMonth(), 1));

beforeAll(async () => {
  database = await createTestDatabase('admission-statement');
  const db = database.db;
  await db.team.create({ data: { id: TEAM, name: TEAM, plan: 'enterprise' } });
  await db.webhookEndpoint.create({
    data: {
      id: newId('whk'),
      teamId: TEAM,
      url: 'https://hooks.test/all',
      events: ['job.completed', 'batch.completed'],
      secret: 'whsec_x',
    },
  });
  await db.company.create({ data: { domain: 'fresh.com', name: 'Fresh', sources: ['website'], confidence: 50, enrichedAt: createdAt } });
});
afterAll(async () => {
  await database?.drop();
});

const admission = (input: Partial<AdmissionInput> & Pick<AdmissionInput, 'jobs'>): AdmissionInput => ({
  teamId: TEAM,
  batch: null,
  createdAt,
  monthlyQuota: null,
  month,
  freshAfter: new Date(createdAt.getTime() - 86_400_000),
  duplicateSince: new Date(createdAt.getTime() - 3_600_000),
  ...input,
});
const used = async () => (await database.db.usageMonth.findMany({ where: { teamId: TEAM } })).map((row) => row.enrichments);

it('writes a batch with invalid and duplicate entries, one-off webhooks on some jobs, and what a fresh record owes', async () => {
  const db = database.db;
  const [fresh, unknown] = [newJobId(), newJobId()];
  const batchId = newId('bat');
  const result = await admitJobs(
    db,
    admission({
      batch: {
        id: batchId,
        entriesReceived: 4,
        invalidEntries: [{ position: 1, reason: 'not a domain' }],
        duplicateEntries: 1,
        inputColumns: ['domain'],
        entries: [
          { input: ['fresh.com'], job: 0, duplicate: false },
          { input: ['not a domain'], job: null, duplicate: false },
          { input: ['unknown.com'], job: 1, duplicate: false },
          { input: ['FRESH.com'], job: 0, duplicate: true },
        ],
        webhook: null,
      },
      jobs: [
        { id: fresh, domain: 'fresh.com', webhook: { url: 'https://hooks.test/once', secret: 'whsec_once' } },
        { id: unknown, domain: 'unknown.com' },
      ],
    }),
  );
  expect(result).toMatchObject({ admitted: true, used: 2 });
  if (!result.admitted) throw new Error('not admitted');
  expect(result.jobs.map((job) => [job.fresh, job.charged])).toEqual([
    [true, true],
    [false, true],
  ]);

  const entries = await db.batchEntry.findMany({ where: { batchId }, orderBy: { position: 'asc' } });
  expect(entries.map((e) => [e.position, e.input, e.jobId, e.duplicate])).toEqual([
    [0, ['fresh.com'], fresh, false],
    [1, ['not a domain'], null, false],
    [2, ['unknown.com'], unknown, false],
    [3, ['FRESH.com'], fresh, true],
  ]);
  const jobs = await db.enrichmentJob.findMany({ where: { batchId }, orderBy: { batchPosition: 'asc' } });
  expect(jobs.map((j) => [j.id, j.status, j.batchPosition, j.webhookUrl, j.webhookSecret, j.followsJobId])).toEqual([
    [fresh, 'completed', 0, 'https://hooks.test/once', 'whsec_once', null],
    [unknown, 'processing', 1, null, null, null],
  ]);
  // The fresh job's job.completed: to the team's endpoint and to its one-off URL; the batch still runs.
  const owed = await db.webhookDelivery.findMany({ where: { id: { in: result.deliveries } } });
  expect(owed.map((d) => [d.eventType, d.jobId, d.url ?? d.endpointId?.slice(0, 4)]).sort()).toEqual([
    ['job.completed', fresh, 'https://hooks.test/once'],
    ['job.completed', fresh, 'whk_'],
  ]);
  expect(await db.teamCompany.findMany({ where: { teamId: TEAM }, select: { domain: true } })).toEqual([{ domain: 'fresh.com' }]);

  // The domain again, alone: it follows the running job and is free (submitted within the window).
  const again = newJobId();
  const single = await admitJobs(
    db,
    admission({ jobs: [{ id: again, domain: 'unknown.com', webhook: { url: 'https://hooks.test/2', secret: 's2' } }] }),
  );
  expect(single).toMatchObject({ admitted: true, used: null, jobs: [{ id: again, fresh: false, charged: false }], deliveries: [] });
  expect(await db.enrichmentJob.findUniqueOrThrow({ where: { id: again } })).toMatchObject({
    followsJobId: unknown,
    webhookUrl: 'https://hooks.test/2',
    webhookSecret: 's2',
    charged: false,
  });
  expect(await used()).toEqual([2]);
});

it('completes a batch of fresh records at once, owing batch.completed to its one-off URL too', async () => {
  const db = database.db;
  const batchId = newId('bat');
  const job = newJobId();
  const result = await admitJobs(
    db,
    admission({
      batch: {
        id: batchId,
        entriesReceived: 1,
        invalidEntries: [],
        duplicateEntries: 0,
        inputColumns: ['domain'],
        entries: [{ input: ['fresh.com'], job: 0, duplicate: false }],
        webhook: { url: 'https://hooks.test/batch', secret: 'whsec_batch' },
      },
      jobs: [{ id: job, domain: 'fresh.com' }],
    }),
  );
  if (!result.admitted) throw new Error('not admitted');
  expect((await db.batch.findUniqueOrThrow({ where: { id: batchId } })).completedAt).toEqual(expect.any(Date));
  const owed = await db.webhookDelivery.findMany({ where: { id: { in: result.deliveries } } });
  expect(owed.map((d) => [d.eventType, d.batchId, d.url ?? d.endpointId?.slice(0, 4)]).sort()).toEqual([
    ['batch.completed', batchId, 'https://hooks.test/batch'],
    ['batch.completed', batchId, 'whk_'],
    ['job.completed', batchId, 'whk_'],
  ]);
});

it('refuses what the quota cannot cover, writing nothing, and undoes an admission with its charge', async () => {
  const db = database.db;
  const before = await used();
  const refused = newJobId();
  expect(await admitJobs(db, admission({ monthlyQuota: before[0]!, jobs: [{ id: refused, domain: 'over.com' }] }))).toEqual({
    admitted: false,
    charge: 1,
  });
  expect(await db.enrichmentJob.findUnique({ where: { id: refused } })).toBeNull();

  const batchId = newId('bat');
  const input = admission({
    batch: {
      id: batchId,
      entriesReceived: 2,
      invalidEntries: [],
      duplicateEntries: 0,
      inputColumns: ['domain'],
      entries: [
        { input: ['undo-a.com'], job: 0, duplicate: false },
        { input: ['undo-b.com'], job: 1, duplicate: false },
      ],
    },
    jobs: [
      { id: newJobId(), domain: 'undo-a.com' },
      { id: newJobId(), domain: 'undo-b.com' },
    ],
  });
  const admitted = await admitJobs(db, input);
  if (!admitted.admitted) throw new Error('not admitted');
  expect(await used()).toEqual([before[0]! + 2]);
  await undoAdmission(db, input, admitted);
  expect(await used()).toEqual(before);
  expect(await db.batch.findUnique({ where: { id: batchId } })).toBeNull();
  expect(await db.batchEntry.count({ where: { batchId } })).toBe(0);
  expect(await db.enrichmentJob.count({ where: { id: { in: input.jobs.map((j) => j.id) } } })).toBe(0);
});
