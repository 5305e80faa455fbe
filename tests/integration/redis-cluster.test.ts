import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bullPrefix, type RedisQueueStore } from '@enrich/queue';
import { FixtureSites, holdFirstVisit, SseClient } from '@enrich/testkit';
import { createRedisLinkedInGate } from '@enrich/worker-scrape';
import request from 'supertest';
import { strictBatchEvent, strictError } from '../support/contract-schemas';
import { type LocalRedisCluster, startRedisCluster } from '../support/redis-cluster';
import { startTestStack, type TestStack } from '../support/test-stack';

// REDIS_CLUSTER=true against a real three-master Redis Cluster (local redis-server processes,
// no replicas): a batch runs to the end and its event stream follows it, the rate limits
// refuse as the contract says, the LinkedIn throttle's scripts run; then one master is killed,
// first the one holding the deployment's slot, then another. Measured: submissions and /readyz
// answer 503 SERVICE_UNAVAILABLE within seconds, what was accepted stays in Postgres, and once
// the master is back (empty) the reconciler queues the lost work again and every accepted job
// ends (docs/operations.md, "Redis Cluster").

const page = (name: string) =>
  `<!doctype html><html><head><title>${name}</title><meta name="description" content="${name} makes things for people who make things."></head><body><h1>${name}</h1></body></html>`;
const held = holdFirstVisit(page('Held Co'));
const sites = new FixtureSites().site('held.com', { '/': held.handler });
for (let i = 1; i <= 8; i += 1) sites.site(`cluster-${i}.com`, { '/': page(`Cluster ${i}`) });

let cluster: LocalRedisCluster | undefined;
let stack: TestStack | undefined;
let server: Server | undefined;
let base = '';
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

beforeAll(async () => {
  await sites.start();
  cluster = await startRedisCluster({ masters: 3, nodeTimeoutMs: 2000 });
  stack = await startTestStack({
    label: 'cluster',
    hostMap: sites.hostMap(),
    redisUrl: cluster.url,
    // The held site answers when the test says so, after the master is back.
    env: { REDIS_CLUSTER: 'true', SCRAPER_TIMEOUT_MS: '30000', SSE_HEARTBEAT_MS: '500' },
  });
  server = await new Promise<Server>((resolve) => {
    const s = stack!.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 30_000);

afterAll(async () => {
  held.held()?.destroy();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  try {
    // A node killed by a failed test comes back first, so the workers can close.
    for (const node of cluster?.nodes ?? []) if (!node.child) await cluster!.restart(node.port);
    await stack?.stop();
  } finally {
    await cluster?.stop();
    await sites.stop();
  }
}, 30_000);

it('runs a batch to the end with its event stream, and limits requests, on the cluster', async () => {
  const { app, queuePrefix } = stack!;
  const key = await stack!.key('free');
  const domains = ['cluster-1.com', 'cluster-2.com', 'cluster-3.com', 'cluster-4.com'];
  const accepted = await request(app).post('/enrich/bulk').set(bearer(key)).send({ domains });
  expect(accepted.status).toBe(202);
  const { batchId } = accepted.body as { batchId: string };

  const stream = await SseClient.open(`${base}/enrich/bulk/${batchId}/events`, bearer(key));
  expect(stream.status).toBe(200);
  await stream.waitForEnd();
  const last = strictBatchEvent.parse(stream.json(stream.events.length - 1));
  expect(last).toMatchObject({ batchId, status: 'completed', total: 4, completed: 4, failed: 0, pending: 0 });
  const status = await request(app).get(`/enrich/bulk/${batchId}`).set(bearer(key));
  expect(status.body).toMatchObject({ status: 'completed', completed: 4 });

  // Free plan: 5 requests a minute; the bulk POST was the first.
  for (let i = 5; i <= 8; i += 1) {
    const res = await request(app)
      .post('/enrich')
      .set(bearer(key))
      .send({ domain: `cluster-${i}.com` });
    expect(res.status).toBe(202);
    expect(res.headers['x-ratelimit-remaining']).toBe(String(8 - i));
  }
  const refused = await request(app).post('/enrich').set(bearer(key)).send({ domain: 'cluster-9.com' });
  expect(refused.status).toBe(429);
  expect(strictError.parse(refused.body).error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', details: { window: 'minute', limit: 5 } });

  // The LinkedIn fleet throttle's scripts (two keys each) run on the cluster too.
  const gate = createRedisLinkedInGate((stack!.context.queues as RedisQueueStore).redis, {
    prefix: queuePrefix,
    requestsPerMinute: 2,
    maxWaitMs: 0,
  });
  expect([await gate.acquire(), await gate.acquire(), await gate.acquire()]).toEqual([true, true, false]);
  await gate.penalize(60_000);
  expect(await gate.recentPenalties()).toBe(0);

  // The queues and the counters are on the cluster, all in the prefix's slot.
  const owner = await cluster!.masterOf(bullPrefix(queuePrefix));
  const keys = (await cluster!.cli(owner, '--scan', '--pattern', `${bullPrefix(queuePrefix)}*`)).split('\n');
  expect(keys.some((k) => k.includes(':rl:minute:'))).toBe(true);
  expect(keys.some((k) => k.includes(':batch:'))).toBe(true);
  expect(keys.some((k) => k.includes(':linkedin:'))).toBe(true);
}, 40_000);

it('answers 503 while the master of its slot is dead, and loses nothing it accepted', async () => {
  const { app, database, queuePrefix } = stack!;
  const key = await stack!.key('growth');
  const inFlight = await stack!.submit(key, 'held.com');
  await held.visited; // a scrape worker is mid-fetch
  // Its event stream, open across the outage, must still see the job end.
  const stream = await SseClient.open(`${base}/enrich/${inFlight}/events`, bearer(key));
  expect(stream.status).toBe(200);

  const owner = await cluster!.masterOf(bullPrefix(queuePrefix));
  await cluster!.kill(owner);

  // Readiness says so, within its 2 s check.
  let started = Date.now();
  const ready = await request(app).get('/readyz');
  const readyMs = Date.now() - started;
  expect(ready.status).toBe(503);
  expect(strictError.parse(ready.body).error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  expect(ready.body.error.details.checks.redis).not.toBe('ok');
  expect(readyMs).toBeLessThan(5000);

  // A submission is refused with the contract's error, not a hang or a 500, and leaves no job behind.
  started = Date.now();
  const refused = await request(app).post('/enrich').set(bearer(key)).send({ domain: 'cluster-10.com' });
  const submitMs = Date.now() - started;
  expect([refused.status, strictError.parse(refused.body).error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  expect(submitMs).toBeLessThan(10_000);
  expect(await database.db.enrichmentJob.count({ where: { domain: 'cluster-10.com' } })).toBe(0);

  // Once the other masters mark it failed the whole cluster refuses (CLUSTERDOWN): still 503.
  await cluster!.waitForState('fail', 10_000, cluster!.nodes.find((n) => n.port !== owner)!.port);
  const bulk = await request(app)
    .post('/enrich/bulk')
    .set(bearer(key))
    .send({ domains: ['cluster-11.com', 'cluster-12.com'] });
  expect([bulk.status, strictError.parse(bulk.body).error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  expect(await database.db.enrichmentJob.count({ where: { domain: { in: ['cluster-11.com', 'cluster-12.com'] } } })).toBe(0);

  // What was accepted is in Postgres, still processing: a poll answers from there.
  const polled = await request(app).get(`/enrich/${inFlight}`).set(bearer(key));
  expect([polled.status, polled.body.status]).toEqual([200, 'processing']);

  // The master comes back with its slots and no data; the reconciler queues the lost job again.
  await cluster!.restart(owner);
  await cluster!.waitForState('ok', 15_000);
  held.held()!.writeHead(503).end();
  const done = await stack!.waitForJob(key, inFlight, 30_000);
  expect(done.body.status).toBe('completed');
  expect(done.body.data.name).toBe('Held Co');
  await stream.waitForEnd(10_000);
  expect(stream.events.at(-1)?.event).toBe('completed');
  const job = await database.db.enrichmentJob.findUniqueOrThrow({ where: { id: inFlight } });
  expect(job.requeues).toBeGreaterThanOrEqual(1);

  // And the service is whole again.
  expect((await request(app).get('/readyz')).status).toBe(200);
  const after = await stack!.submit(key, 'cluster-10.com');
  expect((await stack!.waitForJob(key, after, 20_000)).body.status).toBe('completed');
  // Every job the API accepted in this file ended.
  expect(await database.db.enrichmentJob.count({ where: { status: 'processing' } })).toBe(0);
  console.info(`redis-cluster: master :${owner} killed; /readyz 503 in ${readyMs} ms, POST /enrich 503 in ${submitMs} ms`);
}, 60_000);

it('serves on while another master is dead, until the cluster marks it failed; then 503 until it is back', async () => {
  const { app, database, queuePrefix } = stack!;
  const key = await stack!.key('growth');
  const owner = await cluster!.masterOf(bullPrefix(queuePrefix));
  const other = cluster!.nodes.find((n) => n.port !== owner)!.port;
  await cluster!.kill(other);

  // Within cluster-node-timeout the deployment's slot still answers: nothing changes.
  const served = await request(app).post('/enrich').set(bearer(key)).send({ domain: 'cluster-13.com' });
  expect(served.status).toBe(202);
  expect((await request(app).get('/readyz')).status).toBe(200);

  // Then the cluster refuses every slot (full coverage is required by default): 503, nothing admitted.
  await cluster!.waitForState('fail', 10_000, owner);
  const ready = await request(app).get('/readyz');
  expect([ready.status, strictError.parse(ready.body).error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  const refused = await request(app).post('/enrich').set(bearer(key)).send({ domain: 'cluster-14.com' });
  expect([refused.status, strictError.parse(refused.body).error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  expect(await database.db.enrichmentJob.count({ where: { domain: 'cluster-14.com' } })).toBe(0);

  await cluster!.restart(other);
  await cluster!.waitForState('ok', 15_000);
  expect((await stack!.waitForJob(key, served.body.jobId as string, 20_000)).body.status).toBe('completed');
  expect((await request(app).get('/readyz')).status).toBe(200);
}, 60_000);
