import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, createEventHub, listenerName } from '@enrich/api';
import { sqlPool } from '@enrich/db';
import { jobEvents, markJobFailed, noJobEvents } from '@enrich/jobs';
import { eventually, FixtureSites, SseClient, sleep } from '@enrich/testkit';
import type { Express } from 'express';
import { Redis } from 'ioredis';
import request from 'supertest';
import {
  strictBatchEvent,
  strictCompleted,
  strictError,
  strictFailed,
  strictProcessing,
  strictStartedEvent,
} from '../support/contract-schemas';
import { REDIS_URL, startTestStack, type TestStack } from '../support/test-stack';

// GET /enrich/{jobId}/events and GET /enrich/bulk/{batchId}/events with the workers running
// against fixture websites, read by a real HTTP client as the bytes arrive: order, resuming
// with Last-Event-ID, heartbeats, the end of a stream, team isolation, limits, a publish that
// never happened, another API replica, disconnects and shutdown.

const HEARTBEAT_MS = 300;
const page = (name: string) =>
  `<!doctype html><html><head><title>${name}</title><meta name="description" content="${name} makes things for people who make things."></head><body><h1>${name}</h1></body></html>`;
// Answers after `ms` (under the scrape timeout, 1.5 s in tests).
const slow = (name: string, ms: number) => async (_req: unknown, res: ServerResponse) => {
  await sleep(ms);
  res.writeHead(200, { 'content-type': 'text/html' }).end(page(name));
};

const sites = new FixtureSites();
for (let i = 1; i <= 12; i += 1) sites.site(`slow-${i}.com`, { '/': slow(`Slow ${i}`, 700) });
for (let i = 1; i <= 6; i += 1) sites.site(`quick-${i}.com`, { '/': page(`Quick ${i}`) });
// Never answers: the job stays processing for seconds (timeouts, then retries).
for (let i = 1; i <= 30; i += 1) sites.site(`hang-${i}.com`, { '/': () => undefined });

let stack: TestStack;
let server: Server;
let base: string;
let key: string;
let otherKey: string;
const bearer = (k: string) => ({ authorization: `Bearer ${k}` });
const open = (path: string, headers: Record<string, string> = {}, k = key) =>
  SseClient.open(`${base}${path}`, { ...bearer(k), ...headers });
const listen = (app: Express) =>
  new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

beforeAll(async () => {
  await sites.start();
  stack = await startTestStack({ label: 'sse', hostMap: sites.hostMap(), env: { SSE_HEARTBEAT_MS: String(HEARTBEAT_MS) } });
  key = await stack.key('free');
  otherKey = await stack.key('growth');
  server = await listen(stack.app);
  base = urlOf(server);
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await stack?.stop();
  await sites.stop();
});

describe('a job’s stream', () => {
  it('sends every state change in order, the completed record last, then ends', async () => {
    const jobId = await stack.submit(key, 'slow-1.com');
    const stream = await open(`/enrich/${jobId}/events`);
    expect(stream.status).toBe(200);
    expect(stream.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers['cache-control']).toBe('no-cache, no-transform');
    await stream.waitForEnd();
    const names = stream.events.map((e) => `${e.id}:${e.event}`);
    // Opened at once, so it starts processing or, if a worker was quicker, started.
    expect([
      ['1:processing', '2:started', '3:completed'],
      ['2:started', '3:completed'],
    ]).toContainEqual(names);
    expect(stream.body.startsWith('retry: 2000\n\n')).toBe(true);
    for (const [i, event] of stream.events.entries()) {
      const data = stream.json(i);
      if (event.event === 'processing') strictProcessing.parse(data);
      if (event.event === 'started') expect(Date.parse(strictStartedEvent.parse(data).startedAt)).not.toBeNaN();
    }
    const completed = strictCompleted.parse(stream.json(stream.events.length - 1));
    expect(completed.data).toMatchObject({ domain: 'slow-1.com', name: 'Slow 1' });
    // The poll says the same.
    const poll = await request(stack.app).get(`/enrich/${jobId}`).set(bearer(key));
    expect(poll.body).toEqual(completed);
  });

  it('resumes after Last-Event-ID without losing an event, and answers 204 once the client has the last', async () => {
    const jobId = await stack.submit(key, 'slow-2.com');
    const first = await open(`/enrich/${jobId}/events`);
    await first.waitForEvents(1);
    first.close();
    await stack.waitForJob(key, jobId);

    const resumed = await open(`/enrich/${jobId}/events`, { 'last-event-id': '1' });
    await resumed.waitForEnd();
    expect(resumed.events.map((e) => `${e.id}:${e.event}`)).toEqual(['2:started', '3:completed']);
    const again = await open(`/api/enrich/${jobId}/events`, { 'last-event-id': '0' });
    await again.waitForEnd();
    expect(again.events.map((e) => e.id)).toEqual(['1', '2', '3']);
    // A new stream of an ended job: its last state, then the end.
    const late = await open(`/enrich/${jobId}/events?fields=name`);
    await late.waitForEnd();
    expect(late.events.map((e) => e.event)).toEqual(['completed']);
    expect(late.json<{ data: unknown }>(0).data).toEqual({ domain: 'slow-2.com', name: 'Slow 2', fieldSources: expect.any(Object) });

    const done = await open(`/enrich/${jobId}/events`, { 'last-event-id': '3' });
    expect(done.status).toBe(204);
    await done.waitForEnd();
    expect(done.events).toEqual([]);
  });

  it('sends a heartbeat comment at the configured interval while nothing happens', async () => {
    const jobId = await stack.submit(key, 'hang-1.com');
    const stream = await open(`/enrich/${jobId}/events`);
    await stream.waitFor(() => stream.comments.length >= 2, HEARTBEAT_MS * 6, 'two heartbeats');
    expect(stream.comments.slice(0, 2)).toEqual(['heartbeat', 'heartbeat']);
    expect(stream.isEnded).toBe(false);
    stream.close();
  });

  it('sends an end the job store never announced, from Postgres, within a heartbeat', async () => {
    const jobId = await stack.submit(key, 'hang-2.com');
    const stream = await open(`/enrich/${jobId}/events`);
    await stream.waitForEvents(1);
    const before = performance.now();
    // As if the worker died between its commit and its publish.
    expect((await markJobFailed(stack.database.db, noJobEvents, jobId, 'ENRICHMENT_FAILED', 'the worker died')).ended).toBe(true);
    await stream.waitForEnd(HEARTBEAT_MS * 10);
    const last = stream.events.at(-1)!;
    expect([last.id, last.event]).toEqual(['3', 'failed']);
    expect(strictFailed.parse(stream.json(stream.events.length - 1)).error).toEqual({
      code: 'ENRICHMENT_FAILED',
      message: 'the worker died',
    });
    expect(last.at - before).toBeLessThan(HEARTBEAT_MS * 5);
  });

  it('answers like the poll for another team’s job, an unknown id, no key or a bad Last-Event-ID', async () => {
    const jobId = await stack.submit(key, 'quick-1.com');
    for (const [path, k, status, code] of [
      [`/enrich/${jobId}/events`, otherKey, 404, 'JOB_NOT_FOUND'],
      ['/enrich/00000000-0000-4000-8000-000000000000/events', key, 404, 'JOB_NOT_FOUND'],
      ['/enrich/not-a-job/events', key, 404, 'JOB_NOT_FOUND'],
      [`/enrich/${jobId}/events?fields=revenue`, key, 400, 'VALIDATION_ERROR'],
    ] as const) {
      const res = await request(stack.app).get(path).set(bearer(k));
      expect([path, res.status, strictError.parse(res.body).error.code]).toEqual([path, status, code]);
    }
    const badId = await request(stack.app).get(`/enrich/${jobId}/events`).set(bearer(key)).set('Last-Event-ID', 'x');
    expect([badId.status, badId.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect((await request(stack.app).get(`/enrich/${jobId}/events`)).status).toBe(401);
    expect((await request(stack.app).post(`/enrich/${jobId}/events`).set(bearer(key))).status).toBe(405);
  });

  it('does not count against the rate limits, and reports them', async () => {
    // The free plan allows 5 requests a minute; this key has made some submissions already.
    const remaining = Number((await request(stack.app).get('/usage').set(bearer(key))).headers['x-ratelimit-remaining']);
    const jobId = (await request(stack.app).get('/enrich?limit=1').set(bearer(key))).body.data[0].jobId as string;
    for (let i = 0; i < 8; i += 1) {
      const stream = await open(`/enrich/${jobId}/events`);
      expect(stream.status).toBe(200);
      expect(stream.res.headers['x-ratelimit-remaining']).toBe(String(remaining));
      await stream.waitForEnd();
    }
    expect(Number((await request(stack.app).get('/usage').set(bearer(key))).headers['x-ratelimit-remaining'])).toBe(remaining);
  });

  it('is served by any API replica: the workers’ announcements reach another process’s subscriber', async () => {
    // A heartbeat too rare to matter here: what arrives came through the shared store.
    const events = createEventHub({ ...stack.context.config, SSE_HEARTBEAT_MS: 600_000 }, stack.context.queues.state, stack.context.logger);
    const replica = await listen(createApp({ ...stack.context, events }));
    try {
      const jobId = await stack.submit(otherKey, 'slow-3.com');
      const batch = await request(stack.app)
        .post('/enrich/bulk')
        .set(bearer(otherKey))
        .send({ domains: ['slow-6.com', 'slow-7.com'] });
      const [job, items] = await Promise.all([
        SseClient.open(`${urlOf(replica)}/enrich/${jobId}/events`, bearer(otherKey)),
        SseClient.open(`${urlOf(replica)}/enrich/bulk/${batch.body.batchId}/events`, bearer(otherKey)),
      ]);
      await Promise.all([job.waitForEnd(), items.waitForEnd()]);
      expect(job.events.at(-1)?.event).toBe('completed');
      expect(job.comments).toEqual([]);
      expect(items.events.map((e) => [e.id, e.event])).toEqual([
        ['0', 'progress'],
        ['1', 'item'],
        ['2', 'item'],
      ]);
    } finally {
      replica.closeAllConnections();
      replica.close();
      await events.close();
    }
  });
});

describe('a batch’s stream', () => {
  it('sends the counts, then every item as it ends, numbered, with the counts; resumes exactly; ends', async () => {
    const domains = ['quick-2.com', 'slow-4.com', 'quick-3.com', 'slow-5.com', 'hang-3.com'];
    const accepted = await request(stack.app).post('/enrich/bulk').set(bearer(otherKey)).send({ domains });
    const { batchId, jobs } = accepted.body as { batchId: string; jobs: { domain: string; jobId: string }[] };
    const stream = await open(`/enrich/bulk/${batchId}/events`, {}, otherKey);
    expect(stream.status).toBe(200);
    await stream.waitForEvents(1);
    const first = strictBatchEvent.parse(stream.json(0));
    expect(stream.events[0]!.event).toBe('progress');
    expect(first).toMatchObject({ batchId, total: 5, status: 'processing' });
    const startId = Number(stream.events[0]!.id);
    expect(startId).toBe(first.completed + first.failed);

    // The hanging site would take seconds: end that item through the job store, as a failure.
    await stream.waitFor(() => stream.events.length >= 5 - startId, 20_000, 'four items');
    const hanging = jobs.find((job) => job.domain === 'hang-3.com')!.jobId;
    const events = jobEvents(stack.context.queues.state, (error) => {
      throw error;
    });
    expect((await markJobFailed(stack.database.db, events, hanging, 'SCRAPE_FAILED', 'gave up')).ended).toBe(true);
    await stream.waitForEnd();

    const items = stream.events.slice(1);
    expect(items.map((e) => e.event)).toEqual(items.map(() => 'item'));
    expect(items.map((e) => Number(e.id))).toEqual(Array.from({ length: 5 - startId }, (_, i) => startId + i + 1));
    const data = items.map((_, i) => strictBatchEvent.parse(stream.json(i + 1)));
    data.forEach((event, i) => {
      expect(event.completed + event.failed).toBe(startId + i + 1);
      expect(event.pending).toBe(5 - (startId + i + 1));
    });
    const last = data.at(-1)!;
    expect(last).toMatchObject({ status: 'completed', progress: 100, completed: 4, failed: 1, pending: 0 });
    expect(last.item).toEqual({
      jobId: hanging,
      domain: 'hang-3.com',
      status: 'failed',
      error: { code: 'SCRAPE_FAILED', message: 'gave up' },
    });
    // Each item once; those that ended before the stream opened are in its first counts.
    expect(new Set(data.map((e) => e.item!.jobId)).size).toBe(data.length);

    // Resumed after the first item: every later one, with the very same data, then the end.
    const resumed = await open(`/enrich/bulk/${batchId}/events`, { 'last-event-id': items[0]!.id! }, otherKey);
    await resumed.waitForEnd();
    expect(resumed.events.map((e) => [e.id, e.event, JSON.parse(e.data)])).toEqual(
      items.slice(1).map((e) => [e.id, e.event, JSON.parse(e.data)]),
    );
    expect((await open(`/enrich/bulk/${batchId}/events`, { 'last-event-id': items.at(-1)!.id! }, otherKey)).status).toBe(204);
    // A new stream of an ended batch: the counts, completed, then the end.
    const late = await open(`/enrich/bulk/${batchId}/events`, {}, otherKey);
    await late.waitForEnd();
    expect(late.events.map((e) => [e.id, e.event])).toEqual([['5', 'progress']]);
    expect(late.json(0)).toMatchObject({ status: 'completed', completed: 4, failed: 1, pending: 0 });
  });

  it('is another team’s: 404 BATCH_NOT_FOUND', async () => {
    const accepted = await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(otherKey))
      .send({ domains: ['quick-4.com'] });
    for (const k of [key]) {
      const res = await request(stack.app).get(`/enrich/bulk/${accepted.body.batchId}/events`).set(bearer(k));
      expect([res.status, res.body.error.code]).toEqual([404, 'BATCH_NOT_FOUND']);
    }
    const unknown = await request(stack.app).get('/api/enrich/bulk/bat_nope/events').set(bearer(otherKey));
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'BATCH_NOT_FOUND']);
  });
});

describe('the process’s streams', () => {
  it('share one subscriber connection, and let go of a channel when its last client leaves', async () => {
    const hub = stack.context.events;
    const state = stack.context.queues.state;
    const jobIds: string[] = [];
    for (let i = 4; i <= 23; i += 1) jobIds.push(await stack.submit(otherKey, `hang-${i}.com`));
    // Two clients on each of the first five jobs.
    const streams = await Promise.all([...jobIds, ...jobIds.slice(0, 5)].map((id) => open(`/enrich/${id}/events`, {}, otherKey)));
    await Promise.all(streams.map((s) => s.waitForEvents(1)));
    expect(hub.stats()).toEqual({ streams: 25, channels: 20 });

    if (state.kind === 'postgres') {
      // One LISTEN connection; its logical channels are the hub's bookkeeping (stats, below).
      const { rows } = await sqlPool(stack.database.db).query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
        [listenerName(state.channel)],
      );
      expect(rows[0]!.n).toBe(1);
      for (const s of streams) s.close();
      await eventually(() => hub.stats().streams === 0, 5000, { every: 50 });
      expect(hub.stats()).toEqual({ streams: 0, channels: 0 });
      return;
    }
    const redis = new Redis(REDIS_URL);
    try {
      const clients = (await redis.client('LIST')) as string;
      const subscribers = clients.split('\n').filter((line) => line.includes(`name={${stack.queuePrefix}}:api-events `));
      expect(subscribers).toHaveLength(1);
      const channel = (id: string) => `{${stack.queuePrefix}}:events:job:${id}`;
      for (const s of streams) s.close();
      await eventually(() => hub.stats().streams === 0, 5000, { every: 50 });
      await eventually(
        async () => {
          const counts = (await redis.pubsub('NUMSUB', ...jobIds.map(channel))) as (string | number)[];
          return counts.filter((_, i) => i % 2 === 1).every((n) => Number(n) === 0);
        },
        5000,
        { every: 50 },
      );
      expect(hub.stats()).toEqual({ streams: 0, channels: 0 });
    } finally {
      redis.disconnect();
    }
  });

  it('are ended cleanly when the API shuts down', async () => {
    const events = createEventHub(stack.context.config, stack.context.queues.state, stack.context.logger);
    const replica = await listen(createApp({ ...stack.context, events }));
    try {
      const jobId = await stack.submit(otherKey, 'hang-24.com');
      const stream = await SseClient.open(`${urlOf(replica)}/enrich/${jobId}/events`, bearer(otherKey));
      await stream.waitForEvents(1);
      await events.close();
      await stream.waitForEnd(2000);
      const refused = await request(replica).get(`/enrich/${jobId}/events`).set(bearer(otherKey));
      expect([refused.status, refused.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    } finally {
      replica.closeAllConnections();
      replica.close();
    }
  });
});
