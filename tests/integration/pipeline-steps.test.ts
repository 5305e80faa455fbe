import { AppError, ErrorCode } from '@enrich/errors';
import { noJobEvents } from '@enrich/jobs';
import { createLogger } from '@enrich/logger';
import { finalizeJob, saveSourceFailures, saveSourceResult, startStep } from '@enrich/pipeline';
import { bullJobId, enrichmentFlow, QueueName } from '@enrich/queue';
import { emptyCompanyFacts } from '@enrich/scraper';
import { FixtureSites } from '@enrich/testkit';
import { strictFailed } from '../support/contract-schemas';
import { startTestStack, type TestStack } from '../support/test-stack';

// Step-level guarantees: repeated steps change nothing, repeated flows (and start steps) add nothing, and a job
// whose internal fault outlasts its retries ends `failed` with a code.
const sites = new FixtureSites().site('steps.com', {
  '/': '<html><head><title>Steps Inc</title><meta name="description" content="Steps Inc takes one step at a time, and only once."></head></html>',
});
let stack: TestStack;

beforeAll(async () => {
  await sites.start();
  stack = await startTestStack({ label: 'steps', hostMap: sites.hostMap(), workers: false });
});
afterAll(async () => {
  await stack.stop();
  await sites.stop();
});

it('finalizing a job twice writes once and leaves the first outcome', async () => {
  const db = stack.database.db;
  const key = await stack.key();
  const jobId = await stack.submit(key, 'twice.com');
  await saveSourceResult(db, jobId, 'website', {
    status: 'ok',
    url: 'https://twice.com/',
    finalUrl: 'https://twice.com/',
    fetchedAt: new Date().toISOString(),
    facts: { ...emptyCompanyFacts(), name: { value: 'Twice Ltd', url: 'https://twice.com/', method: 'title' } },
  });
  expect(await finalizeJob(db, noJobEvents, { jobId })).toHaveProperty('confidence');
  const first = await db.company.findUniqueOrThrow({ where: { domain: 'twice.com' } });
  const job = await db.enrichmentJob.findUniqueOrThrow({ where: { id: jobId } });

  expect(await finalizeJob(db, noJobEvents, { jobId })).toEqual({ skipped: 'job is completed' });
  expect(await db.company.findUniqueOrThrow({ where: { domain: 'twice.com' } })).toEqual(first);
  expect(await db.enrichmentJob.findUniqueOrThrow({ where: { id: jobId } })).toEqual(job);
});

it('a step that gave up for good ends the job with that step’s code, read from Postgres', async () => {
  const db = stack.database.db;
  const key = await stack.key();
  const jobId = await stack.submit(key, 'gaveup.com');
  await saveSourceFailures(db, jobId, ['website', 'linkedin'], new AppError(ErrorCode.SCRAPE_FAILED, 'the scrape step gave up'));
  const stored = await db.sourceResult.findUniqueOrThrow({ where: { jobId_source: { jobId, source: 'website' } } });
  expect(stored.data).toMatchObject({ status: 'failed', code: 'SCRAPE_FAILED', message: 'the scrape step gave up' });
  expect(await finalizeJob(db, noJobEvents, { jobId })).toEqual({ failed: 'SCRAPE_FAILED' });
  const job = await db.enrichmentJob.findUniqueOrThrow({ where: { id: jobId } });
  expect(job).toMatchObject({ status: 'failed', errorCode: 'SCRAPE_FAILED', errorMessage: 'the scrape step gave up' });
  expect(await db.company.count({ where: { domain: 'gaveup.com' } })).toBe(0);
});

it("the start step adds each job's flow once, however often it runs, and none for a job that ended", async () => {
  const db = stack.database.db;
  const key = await stack.key();
  const once = await stack.submit(key, 'once.com');
  const ended = await stack.submit(key, 'ended.com');
  await db.enrichmentJob.update({ where: { id: ended }, data: { status: 'failed', errorCode: 'SCRAPE_FAILED' } });
  const flows = stack.context.queues.flows();
  const scrapeQueue = stack.context.queues.queue(QueueName.scrape);
  {
    const step = startStep(db, flows, { attempts: 3, backoffMs: 10 });
    const payload = {
      jobs: [
        { jobId: once, domain: 'once.com' },
        { jobId: ended, domain: 'ended.com' },
      ],
    };
    const ctx = { isLastAttempt: false, waitAndRetry: async () => Promise.reject(new Error('not here')), logger: createLogger('silent') };
    expect(await step.run(payload, ctx)).toEqual({ queued: 1 });
    // Again (a worker died before BullMQ heard it finished), and the reconciler's own add.
    expect(await step.run(payload, ctx)).toEqual({ queued: 1 });
    await flows.add(enrichmentFlow({ jobId: once, domain: 'once.com' }, { attempts: 3, backoffMs: 10 }));
    const waiting = await scrapeQueue.getJobs(['waiting', 'prioritized', 'delayed', 'active']);
    expect(waiting.filter((j) => j.id === bullJobId('scrape', once))).toHaveLength(1);
    expect(waiting.filter((j) => (j.data as { jobId: string }).jobId === once)).toHaveLength(1);
    expect(waiting.filter((j) => (j.data as { jobId: string }).jobId === ended)).toHaveLength(0);
  }
});

it('a job whose internal fault outlasts its retries becomes failed with a code', async () => {
  const db = stack.database.db;
  const key = await stack.key();
  // An internal fault: every write to the table the scrape step writes to fails (reads work,
  // so each attempt starts, and is counted, before it fails).
  await db.$executeRawUnsafe(
    "CREATE FUNCTION refuse_source_results() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'source_results refused by the test'; END $$",
  );
  await db.$executeRawUnsafe(
    'CREATE TRIGGER refuse_source_results BEFORE INSERT OR UPDATE ON source_results FOR EACH ROW EXECUTE FUNCTION refuse_source_results()',
  );
  try {
    const jobId = await stack.submit(key, 'steps.com');
    const workers = await stack.startWorkers();
    const res = await stack.waitForJob(key, jobId, 30_000);
    await workers.close();
    expect(res.body).toMatchObject({ status: 'failed', domain: 'steps.com', error: { code: 'ENRICHMENT_FAILED' } });
    expect(() => strictFailed.parse(res.body)).not.toThrow();
    expect(typeof res.body.error.message).toBe('string');
    expect(res.body).not.toHaveProperty('data');
    const job = await db.enrichmentJob.findUniqueOrThrow({ where: { id: jobId } });
    expect(job.attempts).toBe(3);
    expect(job.status).toBe('failed');
  } finally {
    await db.$executeRawUnsafe('DROP TRIGGER refuse_source_results ON source_results');
    await db.$executeRawUnsafe('DROP FUNCTION refuse_source_results()');
  }
});
