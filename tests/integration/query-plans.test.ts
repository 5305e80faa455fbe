import { runSearch, searchInput, searchQuerySchema } from '@enrich/api';
import { sqlPool, typedSql } from '@enrich/db';
import { recordedSql } from '@enrich/testkit';
import type pg from 'pg';
import request from 'supertest';
import { startTestStack, type TestStack } from '../support/test-stack';

// The API's hot statements run as named statements, whose generic plan each connection keeps
// for its life (see sqlPool). On a new database, before autovacuum's first ANALYZE, the planner
// sees small tables; a plan made then must still be index probes, or it goes on scanning the
// whole table on every run as the table grows. This records every named statement the API runs
// for submissions, polls, batch polls and lookups, and asks PostgreSQL for its generic plan on
// such a database.
let stack: TestStack;
const statements = new Map<string, { text: string; values: unknown[] }>();

beforeAll(async () => {
  stack = await startTestStack({ label: 'query-plans', workers: false });
  // Never analyzed, whatever autovacuum would do during the run: the state of a new database.
  await stack.database.db.$executeRawUnsafe(`
    DO $$ DECLARE t text; BEGIN
      FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
        EXECUTE format('ALTER TABLE %I SET (autovacuum_enabled = false)', t);
      END LOOP;
    END $$`);
  const pool = sqlPool(stack.database.db);
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    const config = args[0] as pg.QueryConfig | string;
    if (typeof config === 'object' && config.name) statements.set(config.name, { text: config.text, values: config.values ?? [] });
    return query(...args);
  };
});
afterAll(async () => {
  await stack.stop();
});

// A bound value as SQL literal text, as the driver would send it (typed by the statement).
function literal(value: unknown, client: pg.PoolClient): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) {
    const element = (v: unknown) => (v === null || v === undefined ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`);
    return client.escapeLiteral(`{${value.map(element).join(',')}}`);
  }
  return client.escapeLiteral(String(value));
}

async function genericPlan(name: string, text: string, values: unknown[]): Promise<string> {
  const client = await sqlPool(stack.database.db).connect();
  try {
    await client.query('SET plan_cache_mode = force_generic_plan');
    const prepared = `plan_${name.replace(/\W/g, '_')}`;
    await client.query(`PREPARE ${prepared} AS ${text}`);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN EXECUTE ${prepared}${values.length ? `(${values.map((v) => literal(v, client)).join(', ')})` : ''}`,
    );
    await client.query(`DEALLOCATE ${prepared}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('RESET plan_cache_mode');
    client.release();
  }
}

it('plans every hot statement as index probes on a new database', async () => {
  const db = stack.database.db;
  const key = await stack.key('enterprise');
  const auth = { Authorization: `Bearer ${key}` };
  await db.company.create({ data: { domain: 'plans-fresh.com', name: 'Plans Fresh', sources: ['website'], confidence: 50 } });

  // Submissions: a fresh record, a new domain, a duplicate; their polls; a batch and its polls; a lookup.
  const fresh = await request(stack.app).post('/api/enrich').set(auth).send({ domain: 'plans-fresh.com' });
  const unique = await request(stack.app).post('/api/enrich').set(auth).send({ domain: 'plans-new.com' });
  const duplicate = await request(stack.app).post('/api/enrich').set(auth).send({ domain: 'plans-new.com' });
  expect([fresh.status, unique.status, duplicate.status]).toEqual([202, 202, 202]);
  expect((await request(stack.app).get(`/api/enrich/${fresh.body.jobId}`).set(auth)).body.status).toBe('completed');
  expect((await request(stack.app).get(`/api/enrich/${unique.body.jobId}`).set(auth)).body.status).toBe('processing');
  const batch = await request(stack.app)
    .post('/api/enrich/bulk')
    .set(auth)
    .send({ domains: ['plans-fresh.com', 'plans-a.com', 'plans-b.com'] });
  expect(batch.status).toBe(202);
  for (const query of ['', '', '?status=processing']) {
    expect((await request(stack.app).get(`/api/enrich/bulk/${batch.body.batchId}${query}`).set(auth)).status).toBe(200);
  }
  expect((await request(stack.app).get('/api/companies/plans-fresh.com').set(auth)).status).toBe(200);

  const hot = ['admit-jobs', 'recent-submissions', 'poll-jobs', 'poll-batch', 'poll-batch-status', 'poll-batch-versions', 'lookup-company'];
  expect([...statements.keys()]).toEqual(expect.arrayContaining(hot));
  // Tables the planner has no statistics of. (A migration analyzed team_companies: it is planned
  // from its real size, and autovacuum's ANALYZE, which re-plans, follows its growth.)
  const guessed = (
    await db.$queryRaw<{ relname: string }[]>`
      SELECT relname FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND reltuples < 0`
  ).map((row) => row.relname);
  expect(guessed).toEqual(expect.arrayContaining(['enrichment_jobs', 'companies', 'batches', 'usage_months']));
  const scans: string[] = [];
  for (const [name, { text, values }] of statements) {
    const plan = await genericPlan(name, text, values);
    for (const [, table] of plan.matchAll(/Seq Scan on (\w+)/g)) {
      if (guessed.includes(table!)) scans.push(`${name}: ${table}\n${plan}`);
    }
  }
  expect(scans).toEqual([]);
});

// A PL/pgSQL function keeps each of its statements' plans per connection, and after five calls
// may keep a generic one for good. running_leaders() is planned on every call instead (migration
// 20261201000000): a plan kept from a young enrichment_jobs walked every processing job for
// each domain asked about, for the connection's life. The session here asks for generic plans
// outright, and PostgreSQL's auto_explain shows the function's own statement as planned: a
// plan made for the call knows its array holds 3 domains, where a generic one guesses 10.
it('plans the running-leader lookup for each call, even in a session that keeps generic plans', async () => {
  const client = await sqlPool(stack.database.db).connect();
  const plans: string[] = [];
  const onNotice = (notice: { message?: string }) => plans.push(notice.message ?? '');
  client.on('notice', onNotice);
  try {
    await client.query("LOAD 'auto_explain'");
    await client.query(`SET auto_explain.log_min_duration = 0; SET auto_explain.sample_rate = 1; SET auto_explain.log_nested_statements = on;
      SET auto_explain.log_level = notice; SET plan_cache_mode = force_generic_plan`);
    for (let call = 0; call < 7; call += 1) {
      await client.query('SELECT running_leaders($1::text[])', [['leader-a.com', 'leader-b.com', 'leader-c.com']]);
    }
    const lookups = plans.filter((plan) => plan.includes('FROM enrichment_jobs l'));
    expect(lookups).toHaveLength(7);
    for (const plan of lookups) expect(plan).toMatch(/Function Scan on unnest d .*rows=3 /);
  } finally {
    client.off('notice', onNotice);
    await client.query('RESET ALL');
    client.release();
  }
});

// The planner takes a set-returning function for 1,000 rows: search's estimate, once a join of
// three such calls, was costed at 10^9 rows, above jit_above_cost (100,000 by default), and a
// server with JIT compiled it on every search, about 75 ms of a search that otherwise takes a few.
it('costs the search estimate far below JIT', async () => {
  const { connection, statements } = recordedSql(typedSql(stack.database.db));
  const query = searchQuerySchema.parse({ q: 'plans', industry: 'software', minConfidence: '10' });
  await runSearch(connection, searchInput('team_none', query));
  const estimate = statements.find((statement) => statement.text.includes('search_match_estimate'));
  const { rows } = await sqlPool(stack.database.db).query<{ 'QUERY PLAN': [{ Plan: { 'Total Cost': number } }] }>(
    `EXPLAIN (FORMAT JSON) ${estimate!.text}`,
    estimate!.values,
  );
  expect(rows[0]!['QUERY PLAN'][0].Plan['Total Cost']).toBeLessThan(1_000);
});
