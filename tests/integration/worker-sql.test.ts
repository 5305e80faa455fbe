import { FakeAnthropic, FixtureSites, SAMPLE_AI_ANSWER, sleep } from '@enrich/testkit';
import pg from 'pg';
import request from 'supertest';
import { startTestStack, type TestStack } from '../support/test-stack';

// The workers' paths send PostgreSQL only typed statements, never an ORM query: the
// ORM's first query compiles Prisma's query compiler (WebAssembly) into the process, about
// 60 MB of a worker's memory for the rest of its life, and each ORM query costs several times
// the CPU of the driver's own. Every statement a client of this process sends is recorded while
// the workers run a single job, a follower of it (another team, same domain: its results are
// copied from the leader), a bulk batch and the reconciler's passes; the ORM's statements are
// the ones naming tables by schema ("public"."…").

const DOMAINS = ['sql-lead.com', 'sql-batch-a.com', 'sql-batch-b.com'];

const sites = new FixtureSites();
for (const domain of DOMAINS) {
  const name = domain.replace(/\.com$/, '').replace(/-/g, ' ');
  sites.site(domain, {
    '/': `<!doctype html><html><head><title>${name}</title><meta name="description" content="${name} makes typed statements."></head>
      <body><h1>${name}</h1><p>${name} is a company that keeps its statements typed and its workers small.</p></body></html>`,
  });
}
const fake = new FakeAnthropic();
let stack: TestStack;

const sent: string[] = [];
const originalQuery = pg.Client.prototype.query;
function recordStatements(on: boolean): void {
  pg.Client.prototype.query = on
    ? (function (this: pg.Client, config: any, ...rest: any[]) {
        sent.push(typeof config === 'string' ? config : String(config?.text ?? ''));
        return (originalQuery as any).call(this, config, ...rest);
      } as typeof originalQuery)
    : originalQuery;
}

beforeAll(async () => {
  await sites.start();
  await fake.start();
  for (let i = 0; i < 10; i += 1) fake.reply({ kind: 'tool', input: SAMPLE_AI_ANSWER });
  stack = await startTestStack({
    label: 'workersql',
    hostMap: sites.hostMap(),
    workers: false,
    env: { ANTHROPIC_API_KEY: 'sk-ant-test-key' },
    aiBaseURL: fake.baseURL,
  });
}, 60_000);

afterAll(async () => {
  recordStatements(false);
  await stack?.stop();
  await fake.stop();
  await sites.stop();
});

it('runs single jobs, a follower, a batch and the reconciler with typed statements only', async () => {
  const [keyA, keyB] = [await stack.key('growth', 'workersql-a'), await stack.key('growth', 'workersql-b')];
  // Submitted before any worker runs: the second team's job follows the first's.
  const lead = await stack.submit(keyA, 'sql-lead.com');
  const follower = await stack.submit(keyB, 'sql-lead.com');
  const bulk = await request(stack.app)
    .post('/enrich/bulk')
    .set('Authorization', `Bearer ${keyA}`)
    .send({ domains: ['sql-batch-a.com', 'sql-batch-b.com'] });
  expect(bulk.status).toBe(202);
  const pool = new pg.Pool({ connectionString: stack.database.url, max: 1 });
  try {
    const follows = await pool.query('SELECT follows_job_id FROM enrichment_jobs WHERE id = $1', [follower]);
    expect(follows.rows[0].follows_job_id).toBe(lead);

    recordStatements(true);
    await stack.startWorkers();
    const processing = async () =>
      Number((await pool.query(`SELECT count(*) FROM enrichment_jobs WHERE status = 'processing'`)).rows[0].count);
    for (const deadline = Date.now() + 30_000; (await processing()) > 0; await sleep(100)) {
      if (Date.now() > deadline) throw new Error('jobs still processing after 30 s');
    }
    // Reconciler passes run every 500 ms here (RECONCILE_INTERVAL_MS).
    await sleep(1500);
    recordStatements(false);

    const ended = await pool.query('SELECT status::text AS status, count(*)::int AS n FROM enrichment_jobs GROUP BY 1');
    expect(ended.rows).toEqual([{ status: 'completed', n: 4 }]);
    const reused = await pool.query(`SELECT count(*)::int AS n FROM source_results WHERE job_id = $1`, [follower]);
    expect(reused.rows[0].n).toBe(3);
  } finally {
    recordStatements(false);
    await pool.end();
  }

  // What was recorded is the workers' traffic: the steps', the follower's copy, the reconciler's.
  expect(sent.length).toBeGreaterThan(40);
  expect(sent.some((text) => text.includes('WITH usable AS'))).toBe(true);
  expect(sent.some((text) => text.includes("status = 'processing' AND created_at <"))).toBe(true);
  expect(sent.some((text) => text.includes('INSERT INTO companies'))).toBe(true);
  expect(sent.filter((text) => text.includes('"public".'))).toEqual([]);
}, 60_000);
