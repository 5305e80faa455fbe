import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QUEUE_STATES, queueDepth } from '@enrich/api';
import { type MetricsListener, startMetricsListener } from '@enrich/metrics';
import { QueueName } from '@enrich/queue';
import { type ChildApp, freePort, SseClient, sleep, spawnApp, stopApps } from '@enrich/testkit';
import request from 'supertest';
import { startTestStack, type TestStack } from '../support/test-stack';

// The API's Prometheus metrics: what requests, refusals, bulk admissions and event streams
// leave in them, the queue depths read on each scrape, and the listener that serves them
// (its own port, an optional bearer token). Workers are off: queued jobs stay where they are.

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

// The text exposition format, one sample a line: name{label="value",...} value.
function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, name, value] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!;
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

const sampleValue = (all: Sample[], name: string, labels: Record<string, string>): number | undefined =>
  all.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

const DURATION = 'enrich_http_request_duration_seconds_count';
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const UNKNOWN_JOB = '0b7e3a2c-9d4f-4c1e-8a6b-5f2d1c0e9a87';

let stack: TestStack;
let server: Server;
let depth: () => Promise<void>;
const listeners: MetricsListener[] = [];
const secrets: string[] = [UNKNOWN_JOB, 'metrics-', 'no-such-path'];

beforeAll(async () => {
  stack = await startTestStack({ label: 'apimetrics', workers: false });
  depth = queueDepth(stack.context.metrics, stack.context.queues);
  server = await new Promise<Server>((resolve) => {
    const s = stack.app.listen(0, '127.0.0.1', () => resolve(s));
  });
});
afterAll(async () => {
  await Promise.all(listeners.map((l) => l.close()));
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await stack?.stop();
});

const scrape = async (listener: MetricsListener, headers: Record<string, string> = {}) => {
  const res = await fetch(listener.url, { headers });
  return { status: res.status, text: await res.text() };
};

describe('the API’s metrics after a round of requests', () => {
  let all: Sample[];
  let jobId: string;
  let batchId: string;

  beforeAll(async () => {
    const key = await stack.key('growth');
    jobId = await stack.submit(key, 'metrics-one.com');
    // A poll under both spellings, and one of a job nobody has: one route.
    expect((await request(stack.app).get(`/api/enrich/${jobId}`).set(bearer(key))).status).toBe(200);
    expect((await request(stack.app).get(`/enrich/${jobId}`).set(bearer(key))).status).toBe(200);
    expect((await request(stack.app).get(`/enrich/${UNKNOWN_JOB}`).set(bearer(key))).status).toBe(404);
    expect((await request(stack.app).get('/no-such-path/metrics-x.com')).status).toBe(404);
    // Refused by a route of the dashboard's router (mounted at /dashboard/api) through the app's error handler.
    expect((await request(stack.app).get('/api/dashboard/api/keys')).status).toBe(401);
    // The dashboard's pages (built or not).
    await request(stack.app).get('/dashboard/metrics-page');

    const bulk = await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(key))
      .send({ domains: ['metrics-a.com', 'metrics-b.com', 'metrics-c.com', 'not a domain'] });
    expect(bulk.status).toBe(202);
    batchId = bulk.body.batchId;
    secrets.push(jobId, batchId, ...bulk.body.jobs.map((j: { jobId: string }) => j.jobId));

    // A free team's sixth submission in a minute, and a team past its monthly quota.
    const free = await stack.key('free');
    for (let i = 1; i <= 5; i += 1) await stack.submit(free, `metrics-free-${i}.com`);
    const refused = await request(stack.app).post('/enrich').set(bearer(free)).send({ domain: 'metrics-free-6.com' });
    expect([refused.status, refused.body.error.code]).toEqual([429, 'RATE_LIMIT_EXCEEDED']);
    const quotaKey = await stack.key('growth', 'metrics-quota-team');
    await stack.database.db.team.update({ where: { name: 'metrics-quota-team' }, data: { monthlyQuota: 1 } });
    await stack.submit(quotaKey, 'metrics-quota-1.com');
    const overQuota = await request(stack.app).post('/enrich').set(bearer(quotaKey)).send({ domain: 'metrics-quota-2.com' });
    expect([overQuota.status, overQuota.body.error.code]).toEqual([429, 'QUOTA_EXCEEDED']);

    const listener = await startMetricsListener(
      stack.context.metrics,
      { METRICS_PORT: 0, METRICS_HOST: '127.0.0.1', METRICS_TOKEN: undefined },
      depth,
    );
    listeners.push(listener);
    const { status, text } = await scrape(listener);
    expect(status).toBe(200);
    all = samples(text);
  });

  it('times requests by route template: both spellings of a path are one route, unknown paths are `unmatched`', () => {
    expect(sampleValue(all, DURATION, { method: 'POST', route: '/enrich', status_class: '2xx', app: 'api' })).toBe(7);
    expect(sampleValue(all, DURATION, { method: 'POST', route: '/enrich', status_class: '4xx' })).toBe(2);
    expect(sampleValue(all, DURATION, { method: 'GET', route: '/enrich/:jobId', status_class: '2xx' })).toBe(2);
    expect(sampleValue(all, DURATION, { method: 'GET', route: '/enrich/:jobId', status_class: '4xx' })).toBe(1);
    expect(sampleValue(all, DURATION, { method: 'POST', route: '/enrich/bulk', status_class: '2xx' })).toBe(1);
    expect(sampleValue(all, DURATION, { method: 'GET', route: '/dashboard/api/keys', status_class: '4xx' })).toBe(1);
    expect(sampleValue(all, DURATION, { method: 'GET', route: 'unmatched', status_class: '4xx' })).toBe(1);
    expect(sampleValue(all, DURATION, { method: 'GET', route: 'dashboard' })).toBe(1);
  });

  it('never puts an id, a domain or a raw path in a label', () => {
    const ours = all.filter((s) => s.name.startsWith('enrich_'));
    const values = [...new Set(ours.flatMap((s) => Object.values(s.labels)))];
    expect(values.filter((v) => secrets.some((secret) => v.includes(secret)))).toEqual([]);
    const routes = new Set(ours.flatMap((s) => (s.labels.route ? [s.labels.route] : [])));
    for (const route of routes) expect(route).toMatch(/^(unmatched|dashboard|(\/([a-z.-]+|:[A-Za-z]+))+)$/);
  });

  it('reports every queue’s depth by state, read from BullMQ when scraped', () => {
    for (const queue of Object.values(QueueName)) {
      for (const state of QUEUE_STATES)
        expect([queue, state, sampleValue(all, 'enrich_queue_jobs', { queue, state })]).toEqual([queue, state, expect.any(Number)]);
    }
    // The single submissions wait in start jobs; the batch waits for its children.
    expect(sampleValue(all, 'enrich_queue_jobs', { queue: 'start', state: 'waiting' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(all, 'enrich_queue_jobs', { queue: 'batch', state: 'waiting-children' })).toBe(1);
  });

  it('counts the bulk items admitted and the refusals by plan and limit', () => {
    expect(sampleValue(all, 'enrich_batch_items_total', { state: 'admitted' })).toBe(3);
    expect(sampleValue(all, 'enrich_limit_refusals_total', { plan: 'free', limit: 'minute' })).toBe(1);
    expect(sampleValue(all, 'enrich_limit_refusals_total', { plan: 'growth', limit: 'month' })).toBe(1);
  });

  it('counts an event stream while it is open', async () => {
    const key = await stack.key('growth');
    const id = await stack.submit(key, 'metrics-stream.com');
    const open = async () => (await stack.context.metrics.eventStreams.get()).values.find((v) => v.labels.kind === 'job')?.value ?? 0;
    const before = await open();
    const stream = await SseClient.open(`http://127.0.0.1:${(server.address() as AddressInfo).port}/enrich/${id}/events`, bearer(key));
    await stream.waitForEvents(1);
    expect(await open()).toBe(before + 1);
    stream.close();
    for (const deadline = Date.now() + 5000; (await open()) !== before && Date.now() < deadline; ) await sleep(20);
    expect(await open()).toBe(before);
  });
});

describe('the metrics listener', () => {
  it('with METRICS_TOKEN, serves only to its bearer; other paths are 404', async () => {
    const token = 'metrics-token-of-the-test-0123';
    const listener = await startMetricsListener(stack.context.metrics, {
      METRICS_PORT: 0,
      METRICS_HOST: '127.0.0.1',
      METRICS_TOKEN: token,
    });
    listeners.push(listener);
    expect((await scrape(listener)).status).toBe(401);
    expect((await scrape(listener, { Authorization: `Bearer ${token}x` })).status).toBe(401);
    const served = await scrape(listener, { Authorization: `Bearer ${token}` });
    expect(served.status).toBe(200);
    expect(served.text).toContain('enrich_http_request_duration_seconds_bucket');
    const other = await fetch(listener.url.replace(/\/metrics$/, '/other'), { headers: { Authorization: `Bearer ${token}` } });
    expect(other.status).toBe(404);
  });

  it('is started by the API process (METRICS_PORT), times its requests and stops with it', async () => {
    const port = await freePort();
    const api: ChildApp = spawnApp('api', 'apps/api/src/main.ts', {
      ...process.env,
      ...stack.workerEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    });
    try {
      // Both waited for at once: the second line may arrive with the first.
      const [line] = await Promise.all([
        api.waitForLine(/api metrics listening/, 30_000),
        api.waitForLine(/"msg":"api listening"/, 30_000),
      ]);
      const url = (JSON.parse(line) as { url: string }).url;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      const all = samples(await (await fetch(url)).text());
      expect(sampleValue(all, DURATION, { method: 'GET', route: '/healthz', status_class: '2xx', app: 'api' })).toBe(1);
      expect(sampleValue(all, 'enrich_queue_jobs', { queue: 'start', state: 'waiting' })).toEqual(expect.any(Number));
    } finally {
      await stopApps([api]);
    }
    expect((await api.exited).code).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
