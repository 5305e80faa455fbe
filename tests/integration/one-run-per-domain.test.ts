import { type ChildApp, FixtureSites, freePort, sleep, spawnApp, stopApps } from '@enrich/testkit';
import request from 'supertest';
import { startTestStack, type TestStack } from '../support/test-stack';

// One run per domain, whatever arrives together: submissions of one domain sent at the same
// moment through two API processes, by two teams, single and bulk mixed, share one pipeline run.
// The homepage answers slowly, so every submission lands while the run is in flight: the case
// where two admissions that each found no leader would both lead unless the leader is chosen
// under a lock.

const DOMAINS = 24;
const HOMEPAGE_MS = 1200;

const domainOf = (i: number) => `onerun-${i}.com`;
const sites = new FixtureSites();
for (let i = 0; i < DOMAINS; i += 1) {
  sites.site(domainOf(i), {
    '/': async (_req, res) => {
      await sleep(HOMEPAGE_MS);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><html><head><title>One Run ${i}</title><meta property="og:site_name" content="One Run ${i}">
         <meta name="description" content="One Run ${i} makes a single thing, once."></head><body><h1>One Run ${i}</h1></body></html>`,
      );
    },
  });
}

let stack: TestStack;
const children: ChildApp[] = [];
let apis: [string, string];
let keyA: string;
let keyB: string;

async function startApi(): Promise<string> {
  const port = await freePort();
  children.push(spawnApp('api', 'apps/api/src/main.ts', { ...process.env, ...stack.workerEnv, PORT: String(port), HOST: '127.0.0.1' }));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(100)) {
    if ((await fetch(`${url}/healthz`).catch(() => undefined))?.ok) return url;
  }
  throw new Error('API process did not start');
}

beforeAll(async () => {
  await sites.start();
  stack = await startTestStack({
    label: 'onerun',
    hostMap: sites.hostMap(),
    env: { SCRAPE_CONCURRENCY: '60', SCRAPER_TIMEOUT_MS: '5000', SHARED_RUN_MAX_WAIT_MS: '60000' },
  });
  [keyA, keyB] = [await stack.key('growth', 'onerun-a'), await stack.key('growth', 'onerun-b')];
  // Windows far above the load: only the shared run is under test. Set before the API
  // processes start, so that their key caches read these limits.
  await stack.database.db.team.updateMany({ data: { rateLimitPerMinute: 100_000, rateLimitPerDay: 1_000_000 } });
  apis = [await startApi(), await startApi()];
}, 90_000);

afterAll(async () => {
  await stopApps(children);
  await stack?.stop();
  await sites.stop();
});

type Sent = { team: 'A' | 'B'; jobId: string; domain: string };

const single = (api: string, key: string, domain: string) =>
  request(api).post('/enrich').set('Authorization', `Bearer ${key}`).send({ domain });
const bulk = (api: string, key: string, domains: string[]) =>
  request(api).post('/enrich/bulk').set('Authorization', `Bearer ${key}`).send({ domains });

it('admits one leader per domain for simultaneous submissions across teams, processes, single and bulk', async () => {
  const [a, b] = apis;
  const d = (i: number) => domainOf(i);
  // Domains 0–5: pairs across teams, in one process or over both; 6–11: pairs of one team over both
  // processes; 12–17: triples (two teams, single and bulk); 18–23: only in two bulk batches
  // sent at once by the two teams, overlapping with the singles of 12–17 too.
  const singles: [string, 'A' | 'B', string][] = [];
  for (let i = 0; i < 6; i += 1) singles.push(i % 2 ? [a, 'A', d(i)] : [b, 'A', d(i)], [i % 3 ? a : b, 'B', d(i)]);
  for (let i = 6; i < 12; i += 1) singles.push([a, 'A', d(i)], [b, 'A', d(i)]);
  for (let i = 12; i < 18; i += 1) singles.push([b, 'B', d(i)], [a, 'A', d(i)]);
  const bulkA = [12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23].map(d);
  const bulkB = [18, 19, 20, 21, 22, 23].map(d);
  const key = { A: keyA, B: keyB };

  const answers = await Promise.all([
    ...singles.map(([api, team, domain]) =>
      single(api, key[team], domain).then((res) => {
        expect(res.status).toBe(202);
        return [{ team, domain, jobId: res.body.jobId as string }];
      }),
    ),
    bulk(a, keyA, bulkA).then((res) => {
      expect(res.status).toBe(202);
      return batchJobs(a, keyA, 'A', res.body.batchId);
    }),
    bulk(b, keyB, bulkB).then((res) => {
      expect(res.status).toBe(202);
      return batchJobs(b, keyB, 'B', res.body.batchId);
    }),
  ]);
  const sent: Sent[] = answers.flat();
  expect(sent).toHaveLength(singles.length + bulkA.length + bulkB.length);

  // Every job completes, and all jobs of a domain with the same record.
  const problems: string[] = [];
  const records = new Map<string, string>();
  for (const job of sent) {
    const res = await stack.waitForJob(key[job.team], job.jobId, 60_000);
    expect(res.body.status).toBe('completed');
    expect(res.body.data.name).toBe(`One Run ${job.domain.match(/\d+/)![0]}`);
    const record = JSON.stringify(res.body.data);
    if ((records.get(job.domain) ?? record) !== record) problems.push(`${job.domain}: jobs completed with different records`);
    records.set(job.domain, record);
  }
  expect(records.size).toBe(DOMAINS);

  // One run per domain: the homepage fetched once, one leader, every other job follows it.
  const homepageHits = (domain: string) => sites.hits.filter((h) => (h.host === domain || h.host === `www.${domain}`) && h.path === '/');
  const rows = await stack.database.db.enrichmentJob.findMany({ where: { id: { in: sent.map((s) => s.jobId) } } });
  for (let i = 0; i < DOMAINS; i += 1) {
    const fetched = homepageHits(d(i)).length;
    if (fetched !== 1) problems.push(`${d(i)}: homepage fetched ${fetched} times`);
    const ofDomain = rows.filter((row) => row.domain === d(i));
    const leaders = ofDomain.filter((row) => row.followsJobId === null);
    if (leaders.length !== 1) problems.push(`${d(i)}: ${leaders.length} leaders`);
    if (!ofDomain.every((row) => row.followsJobId === null || row.followsJobId === leaders[0]?.id)) {
      problems.push(`${d(i)}: a job follows another than the leader`);
    }
  }

  // Charged as the contract says: a team's first submission of a domain counts against its
  // month, a duplicate of it (sent at the same moment or later) does not.
  const teams = await stack.database.db.team.findMany({ where: { name: { in: ['onerun-a', 'onerun-b'] } } });
  for (const team of teams) {
    const ofTeam = rows.filter((row) => row.teamId === team.id);
    const domains = new Set(ofTeam.map((row) => row.domain));
    for (const domain of domains) {
      const charged = ofTeam.filter((row) => row.domain === domain && row.charged).length;
      if (charged !== 1) problems.push(`${team.name} charged ${charged} times for ${domain}`);
    }
    const usage = await stack.database.db.usageMonth.findMany({ where: { teamId: team.id } });
    const counted = usage.reduce((sum, month) => sum + month.enrichments, 0);
    if (counted !== domains.size) problems.push(`${team.name}: month counts ${counted} for ${domains.size} domains`);
  }
  expect(problems).toEqual([]);
}, 180_000);

async function batchJobs(api: string, key: string, team: 'A' | 'B', batchId: string): Promise<Sent[]> {
  const res = await request(api).get(`/enrich/bulk/${batchId}?limit=100`).set('Authorization', `Bearer ${key}`);
  expect(res.status).toBe(200);
  return (res.body.items as { jobId: string; domain: string }[]).map((item) => ({ team, jobId: item.jobId, domain: item.domain }));
}
