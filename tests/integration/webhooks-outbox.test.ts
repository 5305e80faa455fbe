import { loadConfig } from '@enrich/config';
import { noJobEvents } from '@enrich/jobs';
import { createLogger } from '@enrich/logger';
import { createMetrics } from '@enrich/metrics';
import { Reconciler } from '@enrich/pipeline';
import { bullJobId, QueueName } from '@enrich/queue';
import { FixtureSites, sleep, WebhookReceiver } from '@enrich/testkit';
import { startWebhookWorker, webhookWorkerEnv } from '@enrich/worker-webhooks';
import type { Queue } from 'bullmq';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { startTestStack, type TestStack } from '../support/test-stack';

// A delivery owed is never lost: it is written in Postgres with the change that owes it, and
// the reconciler queues again what the queue store lost. And at scale: a 1,000-domain batch gives every
// job.completed exactly once per event id (retries of an id aside) and one batch.completed.

const HOOKS = 'hooks.outbox-e2e.com';
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const silent = createLogger('silent');

/** A stored record fresh enough for admission to answer from it: such jobs end at once. */
async function storeFreshCompany(stack: TestStack, domains: string[]): Promise<void> {
  await stack.database.db.company.createMany({
    data: domains.map((domain) => ({ domain, name: `Stored ${domain}`, sources: ['website'], confidence: 40, enrichedAt: new Date() })),
  });
}

describe('owed deliveries that the queue store lost', () => {
  const receiver = new WebhookReceiver();
  let stack: TestStack;
  let queue: Queue;
  // Passes are run by hand; the lease a pass takes lasts 100 ms (most of this interval).
  const INTERVAL_MS = 120;
  const leaseExpired = () => sleep(INTERVAL_MS + 30);
  const reconcilers: Reconciler[] = [];
  const reconciler = () => {
    const r = new Reconciler({
      db: stack.database.db,
      events: noJobEvents,
      queues: stack.context.queues,
      retry: { attempts: 2, backoffMs: 10 },
      intervalMs: INTERVAL_MS,
      graceMs: 0,
      logger: silent,
      metrics: createMetrics('worker-scrape'),
    });
    reconcilers.push(r);
    return r;
  };

  beforeAll(async () => {
    await receiver.start();
    // No workers: the test decides when deliveries are made.
    stack = await startTestStack({ label: 'whoutbox', workers: false, env: { WEBHOOK_HOST_MAP: receiver.hostMapEntry(HOOKS) } });
    queue = stack.context.queues.queue(QueueName.webhook);
  });
  afterAll(async () => {
    await Promise.all(reconcilers.map((r) => r.close()));
    await stack.stop();
    await receiver.stop();
  });

  it('queues again, once, each delivery Postgres owes and the queue store no longer holds; the receiver gets each once', async () => {
    const key = await stack.key();
    const created = await request(stack.app)
      .post('/webhooks')
      .set(bearer(key))
      .send({ url: `https://${HOOKS}/lost`, events: ['job.completed', 'batch.completed'] });
    await storeFreshCompany(stack, ['lost-1.com', 'lost-2.com', 'lost-3.com']);
    const bulk = await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(key))
      .send({ domains: ['lost-1.com', 'lost-2.com', 'lost-3.com'] });
    expect(bulk.body.status).toBe('completed');
    const owed = await stack.database.db.webhookDelivery.findMany({ where: { endpointId: created.body.id } });
    expect(owed.map((d) => d.eventType).sort()).toEqual(['batch.completed', 'job.completed', 'job.completed', 'job.completed']);
    expect(owed.every((d) => d.status === 'pending')).toBe(true);
    for (const d of owed) expect(await queue.getJob(bullJobId('webhook', d.id))).toBeDefined();

    // The store loses every delivery job.
    await queue.obliterate({ force: true });
    expect(await queue.getJob(bullJobId('webhook', owed[0]!.id))).toBeUndefined();

    await leaseExpired();
    expect((await reconciler().runOnce()).deliveriesRequeued).toBe(4);
    await leaseExpired();
    // Queued already: a second pass adds nothing.
    expect((await reconciler().runOnce()).deliveriesRequeued).toBe(0);

    const worker = await startWebhookWorker(loadConfig(webhookWorkerEnv, stack.workerEnv), silent, createMetrics('worker-webhooks'));
    try {
      const hits = await receiver.waitFor((r) => r.filter((h) => h.path === '/lost').length >= 4);
      await sleep(300);
      const ids = hits.filter((h) => h.path === '/lost').map((h) => h.headers['webhook-id']);
      expect(ids.sort()).toEqual(owed.map((d) => d.id).sort());
      for (const hit of hits)
        expect(() => new Webhook(created.body.secret).verify(hit.body, hit.headers as Record<string, string>)).not.toThrow();
    } finally {
      await worker.close();
    }
    const ended = await stack.database.db.webhookDelivery.findMany({ where: { endpointId: created.body.id } });
    expect(ended.map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered']);
  });

  it('queues again a delivery whose queue job ended while Postgres still owes it (its worker died before recording)', async () => {
    const key = await stack.key();
    const created = await request(stack.app)
      .post('/webhooks')
      .set(bearer(key))
      .send({ url: `https://${HOOKS}/orphan`, events: ['job.completed'] });
    await storeFreshCompany(stack, ['orphan-co.com']);
    await request(stack.app).post('/enrich').set(bearer(key)).send({ domain: 'orphan-co.com' });
    const [owed] = await stack.database.db.webhookDelivery.findMany({ where: { endpointId: created.body.id } });
    // A worker that takes the job and ends it without a word to Postgres.
    const careless = (await stack.workerQueues()).worker(QueueName.webhook, async () => 'done', {});
    try {
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(50)) {
        if ((await queue.getJob(bullJobId('webhook', owed!.id)))?.finishedOn) break;
      }
    } finally {
      await careless.close();
    }
    expect((await queue.getJob(bullJobId('webhook', owed!.id)))?.finishedOn).toBeDefined();
    await leaseExpired();
    expect((await reconciler().runOnce()).deliveriesRequeued).toBe(1);
    const job = await queue.getJob(bullJobId('webhook', owed!.id));
    expect(job?.finishedOn).toBeUndefined();
    expect(await job?.getState()).toBe('waiting');
  });
});

describe('a 1,000-domain batch', () => {
  const receiver = new WebhookReceiver();
  const sites = new FixtureSites();
  const scraped = Array.from({ length: 500 }, (_, i) => `outbox-site-${i}.com`);
  const stored = Array.from({ length: 500 }, (_, i) => `outbox-stored-${i}.com`);
  for (const domain of scraped)
    sites.site(domain, { '/': `<!doctype html><title>${domain}</title><h1>${domain}</h1><p>We make things.</p>` });
  let stack: TestStack;

  beforeAll(async () => {
    await Promise.all([receiver.start(), sites.start()]);
    stack = await startTestStack({
      label: 'whbatch',
      hostMap: sites.hostMap(),
      webhooks: true,
      env: {
        WEBHOOK_HOST_MAP: receiver.hostMapEntry(HOOKS),
        WEBHOOK_RETRY_SCHEDULE: '100ms,200ms,400ms,800ms',
        SCRAPE_CONCURRENCY: '40',
        FINALIZE_CONCURRENCY: '40',
        WEBHOOK_CONCURRENCY: '40',
        SCRAPER_TIMEOUT_MS: '20000',
        // Not a test of stalls: with 40 jobs at a time beside another test file on two CPUs, the
        // stack's 2 s lock can lapse before its renewal runs, and a job that stalls twice fails.
        WORKER_LOCK_DURATION_MS: '30000',
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await Promise.all([receiver.stop(), sites.stop()]);
  });

  it('delivers every job.completed exactly once per event id, and one batch.completed', async () => {
    const key = await stack.key();
    const created = await request(stack.app)
      .post('/webhooks')
      .set(bearer(key))
      .send({ url: `https://${HOOKS}/batch`, events: ['job.completed', 'batch.completed'] });
    // Every seventh event id is answered 500 at first (every 21st twice): those events arrive again
    // under the same id. Chosen per id, not per request, so that no id meets more 500s than the retry
    // schedule allows (one 500 in seven requests would fail an id's 5 attempts in about 6% of runs).
    const firstSeen = new Map<string, number>();
    const hitsOf = new Map<string, number>();
    receiver.answer = (hit) => {
      const id = hit.headers['webhook-id'] as string;
      if (!firstSeen.has(id)) firstSeen.set(id, firstSeen.size + 1);
      const nth = firstSeen.get(id)!;
      const hitNo = (hitsOf.get(id) ?? 0) + 1;
      hitsOf.set(id, hitNo);
      const failures = nth % 21 === 0 ? 2 : nth % 7 === 0 ? 1 : 0;
      return { status: hitNo <= failures ? 500 : 200 };
    };
    await storeFreshCompany(stack, stored);
    const domains = scraped.flatMap((domain, i) => [domain, stored[i]!]);
    const res = await request(stack.app).post('/enrich/bulk').set(bearer(key)).send({ domains });
    expect(res.status).toBe(202);
    const jobIds = new Set((res.body.jobs as { jobId: string }[]).map((job) => job.jobId));
    expect(jobIds.size).toBe(1000);

    const verify = new Webhook(created.body.secret);
    const events = new Map<string, { type: string; jobId?: string; body: string }>();
    await receiver
      .waitFor((received) => {
        for (const hit of received) {
          const id = hit.headers['webhook-id'] as string;
          if (hit.status !== 200 || events.has(id)) continue;
          const payload = verify.verify(hit.body, hit.headers as Record<string, string>) as { type: string; data: { jobId?: string } };
          events.set(id, { type: payload.type, jobId: payload.data.jobId, body: hit.body });
        }
        return events.size >= 1001;
      }, 240_000)
      .catch(async (error) => {
        // Where things stand, for the failure's report.
        const db = stack.database.db;
        const jobs = await db.enrichmentJob.groupBy({ by: ['status'], _count: true });
        const owed = await db.webhookDelivery.groupBy({ by: ['status', 'eventType'], _count: true });
        const failed = await db.enrichmentJob.groupBy({ by: ['errorCode', 'errorMessage'], where: { status: 'failed' }, _count: true });
        const unsent = await db.webhookDelivery.findMany({
          where: { status: { not: 'delivered' } },
          select: { id: true, status: true, attempts: true, lastError: true },
          take: 5,
        });
        throw new Error(
          `${(error as Error).message}; events ${events.size}, jobs ${JSON.stringify(jobs)}, failed jobs ${JSON.stringify(failed)}, deliveries ${JSON.stringify(owed)}, not delivered ${JSON.stringify(unsent)}`,
        );
      });
    await sleep(1000);

    const hits = receiver.received.filter((hit) => hit.path === '/batch');
    // Every id arrived with one body (retries resend the same message) …
    const bodies = new Map<string, Set<string>>();
    for (const hit of hits) {
      const id = hit.headers['webhook-id'] as string;
      bodies.set(id, (bodies.get(id) ?? new Set()).add(hit.body));
    }
    expect([...bodies.values()].every((set) => set.size === 1)).toBe(true);
    // … an id repeats only after a failed answer …
    const answered = new Map<string, number[]>();
    for (const hit of hits)
      answered.set(hit.headers['webhook-id'] as string, [...(answered.get(hit.headers['webhook-id'] as string) ?? []), hit.status!]);
    for (const statuses of answered.values()) {
      expect(statuses.slice(0, -1).every((status) => status === 500)).toBe(true);
      expect(statuses.at(-1)).toBe(200);
    }
    // … and every job's completion is one event, the batch's one more.
    const jobEvents = [...events.values()].filter((e) => e.type === 'job.completed');
    expect(jobEvents).toHaveLength(1000);
    expect(new Set(jobEvents.map((e) => e.jobId))).toEqual(jobIds);
    const batchEvents = [...events.values()].filter((e) => e.type === 'batch.completed');
    expect(batchEvents).toHaveLength(1);
    expect(JSON.parse(batchEvents[0]!.body)).toMatchObject({
      type: 'batch.completed',
      data: { batchId: res.body.batchId, status: 'completed', total: 1000, completed: 1000, failed: 0, pending: 0, progress: 100 },
    });
    // 143 ids answered 500 once or more, 47 of them twice: 190 retries at least.
    expect(hits.length).toBeGreaterThanOrEqual(1001 + 143 + 47);
    const owed = await stack.database.db.webhookDelivery.groupBy({ by: ['status'], where: { endpointId: created.body.id }, _count: true });
    expect(owed).toEqual([{ status: 'delivered', _count: 1001 }]);
  }, 300_000);
});
