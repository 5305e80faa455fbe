import { FixtureSites, holdFirstVisit } from '@enrich/testkit';
import { startPrivateRedis } from '../support/private-redis';
import { startTestStack, type TestStack } from '../support/test-stack';

// Redis keeps nothing on disk. When it loses its memory mid-job, Postgres still holds the
// job, the reconciler queues it again, and the job completes.
// The first visit is held while the test flushes Redis under the running job.
const page = holdFirstVisit(
  '<html><head><title>Slow Start Inc</title><meta name="description" content="Slow Start Inc survives losing its queue entirely."></head></html>',
);
const sites = new FixtureSites().site('slowstart.com', { '/': page.handler });

let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
let stack: TestStack;

beforeAll(async () => {
  await sites.start();
  redis = await startPrivateRedis();
  stack = await startTestStack({
    label: 'redisloss',
    hostMap: sites.hostMap(),
    redisUrl: redis.url,
    env: { SCRAPER_TIMEOUT_MS: '10000' },
  });
});
afterAll(async () => {
  await stack.stop();
  await redis.stop();
  await sites.stop();
});

it('completes a job whose queue entries vanished while it was processing', async () => {
  const key = await stack.key();
  const jobId = await stack.submit(key, 'slowstart.com');
  await page.visited;
  await redis.flushAll();
  // Let the held request finish: the scrape worker saves its result, but its BullMQ job is gone.
  page.held()!.writeHead(503).end();

  const res = await stack.waitForJob(key, jobId, 30_000);
  expect(res.body.status).toBe('completed');
  expect(res.body.data.name).toBe('Slow Start Inc');
  const job = await stack.database.db.enrichmentJob.findUniqueOrThrow({ where: { id: jobId } });
  expect(job.requeues).toBeGreaterThanOrEqual(1);
  expect(await stack.database.db.company.count({ where: { domain: 'slowstart.com' } })).toBe(1);
});
