import { type ChildApp, FixtureSites, holdFirstVisit, spawnApp } from '@enrich/testkit';
import { startTestStack, type TestStack } from '../support/test-stack';

// A worker process killed (SIGKILL, no goodbye) in the middle of a job: BullMQ sees the
// job's lock expire, another worker takes it, and the job completes with one company row.
// The doomed worker's visit is held forever; the surviving worker's visit is answered.
const page = holdFirstVisit(
  '<html><head><title>Crash Test Ltd</title><meta name="description" content="Crash Test Ltd keeps going when a worker does not."></head></html>',
);
const sites = new FixtureSites().site('crashtest.com', { '/': page.handler });

let stack: TestStack;
let worker: ChildApp | undefined;

beforeAll(async () => {
  await sites.start();
  stack = await startTestStack({
    label: 'crash',
    hostMap: sites.hostMap(),
    workers: false,
    env: { SCRAPER_TIMEOUT_MS: '60000' },
  });
});
afterAll(async () => {
  worker?.child.kill('SIGKILL');
  page.held()?.destroy();
  await stack.stop();
  await sites.stop();
});

it('completes the job after its worker process is killed mid-scrape', async () => {
  // tsx as a loader inside this very process, so that SIGKILL hits the worker itself.
  const log = process.env.TEST_LOG_LEVEL ? process.stdout : undefined;
  worker = spawnApp('worker-scrape', 'apps/worker-scrape/src/main.ts', { ...process.env, ...stack.workerEnv }, log);
  const key = await stack.key();
  const jobId = await stack.submit(key, 'crashtest.com');
  await page.visited;
  const job = await stack.database.db.enrichmentJob.findUniqueOrThrow({ where: { id: jobId } });
  expect(job.startedAt).not.toBeNull();

  worker.child.kill('SIGKILL');
  await worker.exited;
  await stack.startWorkers(); // a surviving replica

  const res = await stack.waitForJob(key, jobId, 40_000);
  expect(res.body.status).toBe('completed');
  expect(res.body.data.name).toBe('Crash Test Ltd');
  expect(await stack.database.db.company.count({ where: { domain: 'crashtest.com' } })).toBe(1);
  const finished = await stack.database.db.enrichmentJob.findUniqueOrThrow({ where: { id: jobId } });
  expect(finished.status).toBe('completed');
  expect(finished.attempts).toBe(2); // the killed run and the one that finished
});
