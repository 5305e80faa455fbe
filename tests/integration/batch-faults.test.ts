import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { choosePostgres, type PostgresChoice } from '@enrich/db';
import { type ChildApp, FixtureSites, freePort, sleep, spawnApp } from '@enrich/testkit';
import request from 'supertest';
import { startTestStack, type TestStack } from '../support/test-stack';

// A batch through both faults a small deployment meets, on whichever queue store the run uses:
// its scrape worker killed (SIGKILL) mid-batch, then its PostgreSQL restarted (a server of this
// test's own, stopped and started again on the same data). Nothing is lost: every item ends
// completed, with one company row each; and nothing runs twice: a domain whose job had ended
// before the faults is never fetched again, one in flight at the kill at most once more.

const DOMAINS = Array.from({ length: 24 }, (_, i) => `fault-${String(i).padStart(2, '0')}.com`);
const page = (domain: string) =>
  `<html><head><title>${domain} Ltd</title><meta name="description" content="${domain} keeps its data through faults."></head><body><p>About ${domain}.</p></body></html>`;
// Slow enough pages that the batch is mid-way when the worker dies.
const sites = new FixtureSites({ latencyMs: 300 });
for (const domain of DOMAINS) sites.site(domain, { '/': page(domain) });

let dataDir: string;
let port: number;
let postgres: PostgresChoice | undefined;
let stack: TestStack;
const workers: ChildApp[] = [];
const log = process.env.TEST_LOG_LEVEL ? process.stdout : undefined;

// A server of the test's own (the embedded one `npm start` runs), on the same port and data
// each time, so that the processes' DATABASE_URL stays right across the restart.
const startPostgres = async () =>
  choosePostgres({ configuredUrl: undefined, defaultUrl: `postgresql://postgres@127.0.0.1:${await freePort()}/none`, dataDir, port });
const restartPostgres = async () => {
  await postgres?.stop();
  postgres = await startPostgres();
};

beforeAll(async () => {
  await sites.start();
  // As root the server runs as the postgres user, which must be able to enter the folder.
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'enrich-batch-faults-'));
  chmodSync(dataDir, 0o755);
  port = await freePort();
  postgres = await startPostgres();
  const server = new URL(postgres.url);
  server.pathname = '';
  stack = await startTestStack({
    label: 'batchfaults',
    hostMap: sites.hostMap(),
    workers: false,
    databaseServer: server.toString(),
    env: { SCRAPE_CONCURRENCY: '4' },
  });
}, 180_000);
afterAll(async () => {
  for (const worker of workers) worker.child.kill('SIGKILL');
  await stack?.stop();
  await postgres?.stop();
  await sites.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const spawnWorkers = () => {
  const env = { ...process.env, ...stack.workerEnv };
  const started = [
    spawnApp('worker-scrape', 'apps/worker-scrape/src/main.ts', env, log),
    spawnApp('worker-ai', 'apps/worker-ai/src/main.ts', env, log),
  ];
  workers.push(...started);
  return started;
};

const homepageHits = (domain: string) => sites.hits.filter((h) => h.host.endsWith(domain) && h.path === '/').length;

it('loses no item and runs none twice when its worker is killed and PostgreSQL restarts mid-batch', async () => {
  const key = await stack.key('enterprise');
  const [scrape] = spawnWorkers();
  const accepted = await request(stack.app).post('/enrich/bulk').set('Authorization', `Bearer ${key}`).send({ domains: DOMAINS });
  expect(accepted.status).toBe(202);
  const batchId = accepted.body.batchId as string;
  const db = stack.database.db;
  const ended = async () => db.enrichmentJob.findMany({ where: { batchId, status: { not: 'processing' } }, select: { domain: true } });

  // A few items ended, the rest queued or in flight: the scrape worker dies without a word.
  for (const deadline = Date.now() + 60_000; (await ended()).length < 4; await sleep(50)) {
    if (Date.now() > deadline) throw new Error('the batch did not start');
  }
  scrape!.child.kill('SIGKILL');
  await scrape!.exited;
  const endedBefore = (await ended()).map((job) => job.domain);
  expect(endedBefore.length).toBeLessThan(DOMAINS.length);
  // Some were mid-way when it died: started, never ended.
  expect(await db.enrichmentJob.count({ where: { batchId, status: 'processing', startedAt: { not: null } } })).toBeGreaterThan(0);
  const hitsBefore = new Map(DOMAINS.map((domain) => [domain, homepageHits(domain)]));

  // Then the database goes down and comes back on the same data, under every process's feet.
  await restartPostgres();
  spawnWorkers(); // a surviving replica

  let status: { status?: string; completed?: number } = {};
  for (const deadline = Date.now() + 120_000; status.status !== 'completed'; await sleep(250)) {
    if (Date.now() > deadline) throw new Error(`batch still ${JSON.stringify(status)}`);
    const res = await request(stack.app).get(`/enrich/bulk/${batchId}`).set('Authorization', `Bearer ${key}`);
    if (res.status === 200) status = res.body;
  }
  expect(status).toMatchObject({ status: 'completed', total: DOMAINS.length, completed: DOMAINS.length, failed: 0 });
  const jobs = await db.enrichmentJob.findMany({ where: { batchId } });
  expect(jobs.map((job) => job.status)).toEqual(DOMAINS.map(() => 'completed'));
  expect(await db.company.count({ where: { domain: { in: DOMAINS } } })).toBe(DOMAINS.length);
  const companies = await db.company.findMany({ where: { domain: { in: DOMAINS } }, select: { domain: true, name: true } });
  for (const company of companies) expect(company.name).toBe(`${company.domain} Ltd`);
  for (const domain of DOMAINS) {
    const before = hitsBefore.get(domain) ?? 0;
    // Ended before the faults: never fetched again. In flight at the kill: once more at most.
    if (endedBefore.includes(domain)) expect([domain, homepageHits(domain)]).toEqual([domain, before]);
    else expect([domain, homepageHits(domain) <= 2]).toEqual([domain, true]);
  }
}, 240_000);
