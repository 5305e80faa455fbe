// `npm run bench:search`: latency of GET /companies/search over 100,000 companies of one team
// (BENCH_COMPANIES=1000000 for a large customer's), through HTTP to the real API app and,
// beside it, the same SQL (apps/api/src/search/search-sql.ts) sent straight to Postgres with
// node-postgres; each shape against its target. Then what the triggers that keep the teams'
// search rows in step add to the writes that fire them (bench-search-writes.ts). Not a test: it
// prints two tables. Deep pages of a broad search are measured as a client should ask for them,
// by cursor (the cursor a client walking there holds: the nextCursor of the page before); the
// same pages by page number are printed beside them as references, without a target: their
// cost grows with the depth.
//
// Environment: DATABASE_URL (only its server part is used; default postgresql://postgres@127.0.0.1:5432),
// BENCH_DATABASE (enrich_bench_search), REDIS_URL, BENCH_COMPANIES (100000), BENCH_RUNS (200 per
// shape, fewer when a shape's runs pass BENCH_CASE_SECONDS, 20), BENCH_KEEP=1 keeps the database,
// BENCH_REUSE=1 searches a database a BENCH_KEEP=1 run left (of the same size) after migrating it
// to the current migrations, instead of seeding again (minutes at 1,000,000).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiEnv, createApp, createAppContext, parseOrThrow, runSearch, type SearchInput, searchInput, searchQueryInput } from '@enrich/api';
import { issueApiKey } from '@enrich/api-keys';
import { loadConfig } from '@enrich/config';
import { createPrismaClient, dropDatabase, ensureDatabase, migrate, sqlConnection } from '@enrich/db';
import { createLogger } from '@enrich/logger';
import { createRedisConnection, RedisQueueStore, removePrefixKeys, waitUntilConnected } from '@enrich/queue';
import { recordedSql } from '@enrich/testkit';
import { Client } from 'pg';
import { seedCompanies } from './bench-search-data';
import { backendPid, WRITES, writeTimes } from './bench-search-writes';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const CASE_SECONDS = Number(process.env.BENCH_CASE_SECONDS ?? 20);
const MIN_RUNS = 20;
const WARMUP = 20;
/** Every shape's p95 through the API must stay below this. */
const TARGET_MS = 50;
const WRITE_RUNS = 500;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// The big team holds every company; the small one every 200th, to show that a small team's
// search starts from its own few companies rather than from all matches.
// `byCursor`: the page of `query` reached by cursor. `reference`: printed, held to no target.
interface Case {
  name: string;
  query: Record<string, string>;
  team?: 'small';
  byCursor?: true;
  reference?: true;
}
const REFERENCE = 'by page number: cost grows with depth; walk by cursor';
const CASES: Case[] = [
  { name: 'one word', query: { q: 'analytics' } },
  { name: 'one word, rarer', query: { q: 'nova' } },
  { name: 'prefix', query: { q: 'acm' } },
  { name: 'two words', query: { q: 'nova analytics' } },
  { name: 'typo', query: { q: 'anlytics' } },
  { name: 'typo beside a typo', query: { q: 'berln logstics' } },
  { name: 'q + filters', query: { q: 'analytics', businessStage: 'startup', minConfidence: '50' } },
  { name: 'listing, page 1', query: {} },
  { name: 'listing, page 2000', query: { page: '2000' } },
  { name: 'listing, industry + location', query: { industry: 'fintech', location: 'berlin' } },
  { name: 'listing, industry', query: { industry: 'fintech' } },
  { name: 'broad word', query: { q: 'software' } },
  { name: 'broad word, page 1000', query: { q: 'software', page: '1000' }, byCursor: true },
  { name: 'broad word, page 5000', query: { q: 'software', page: '5000' }, byCursor: true },
  { name: 'broad word + filters', query: { q: 'software', businessStage: 'growth', minConfidence: '60' } },
  { name: 'broad word + location', query: { q: 'software', location: 'berlin' } },
  { name: 'small team, broad word', query: { q: 'software' }, team: 'small' },
  { name: 'small team, typo', query: { q: 'anlytics' }, team: 'small' },
  { name: 'small team, listing', query: {}, team: 'small' },
  { name: 'broad word, page 1000 by page number', query: { q: 'software', page: '1000' }, reference: true },
  { name: 'broad word, page 5000 by page number', query: { q: 'software', page: '5000' }, reference: true },
];

function databaseUrl(): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432');
  url.pathname = `/${process.env.BENCH_DATABASE ?? 'enrich_bench_search'}`;
  return url.toString();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number) => value.toFixed(2);

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = process.hrtime.bigint();
  const result = await work();
  return [Number(process.hrtime.bigint() - start) / 1e6, result];
}

/**
 * The query of a page reached by cursor: `query` without its page number, with the cursor a
 * client walking there holds, the nextCursor of the page before. Undefined when the search ends
 * before that page.
 */
async function cursorQuery(agent: http.Agent, port: number, key: string, query: Record<string, string>) {
  const { page, ...rest } = query;
  const before = new URLSearchParams({ ...rest, page: String(Number(page) - 1) });
  const served = await httpGet(agent, port, `/companies/search?${before}`, key);
  const { nextCursor } = (JSON.parse(served.body) as { pagination: { nextCursor: string | null } }).pagination;
  return nextCursor === null ? undefined : { ...rest, cursor: nextCursor };
}

/** Where the listing walk of a page by cursor starts, as EXPLAIN ANALYZE shows it: the key must be its index condition. */
async function walkStart(client: Client, input: SearchInput): Promise<string> {
  const { connection, statements } = recordedSql(sqlConnection(client));
  await runSearch(connection, input);
  const walk = statements.find((statement) => statement.text.includes('ORDER BY w.enriched_at DESC'));
  if (!walk) return 'no walk (the page was ranked)';
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${walk.text}`, walk.values);
  const lines = rows.map((row) => row['QUERY PLAN'].trim());
  const scan = lines.findIndex((line) => line.includes('team_companies_team_id_enriched_at_domain_idx on team_companies w'));
  const condition = scan < 0 ? undefined : lines[scan + 1];
  if (!condition?.includes('enriched_at <=')) throw new Error(`the walk does not start at the cursor's key:\n${lines.join('\n')}`);
  return `${lines[scan]} / ${condition}`;
}

// A plain keep-alive HTTP GET: less client overhead in the numbers than fetch.
function httpGet(agent: http.Agent, port: number, path: string, key: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { Authorization: `Bearer ${key}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function main(): Promise<void> {
  const url = databaseUrl();
  const reuse = process.env.BENCH_REUSE === '1';
  if (!reuse) await dropDatabase(url); // a run that was killed leaves its database behind
  await ensureDatabase(url);
  await migrate(url);
  const client = new Client({ connectionString: url });
  await client.connect();
  const db = createPrismaClient(url);
  const queuePrefix = `bench-search-${randomBytes(3).toString('hex')}`;
  const redis = createRedisConnection(REDIS_URL, 'producer');
  const queues = new RedisQueueStore(redis, queuePrefix);
  let server: http.Server | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await waitUntilConnected(redis, 5000);
    const big = await issueApiKey(db, 'bench-search', 'enterprise');
    const small = await issueApiKey(db, 'bench-search-small', 'enterprise');
    const { rows: held } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
    if (reuse && held[0]!.n === COMPANIES) {
      console.log(`reused the ${COMPANIES} companies already in ${url}`);
    } else {
      if (held[0]!.n > 0) throw new Error(`${url} holds ${held[0]!.n} companies, not ${COMPANIES}: run without BENCH_REUSE`);
      const [seedMs, analyzed] = await timed(() => seedCompanies(client, big.teamId, COMPANIES));
      await client.query(
        `INSERT INTO team_companies (team_id, domain, enriched_at)
         SELECT $1, domain, enriched_at FROM team_companies WHERE team_id = $2 AND abs(hashtext(domain)) % 200 = 0`,
        [small.teamId, big.teamId],
      );
      console.log(
        `seeded ${COMPANIES} companies in ${(seedMs / 1000).toFixed(1)} s; ANALYZE ran ${analyzed} times during the load ` +
          '(whenever a tenth of the rows were new, as autovacuum would) and VACUUM ANALYZE after it',
      );
    }
    // What autovacuum would have done by now; the visibility map lets index-only scans skip the heap.
    await client.query('VACUUM ANALYZE');

    const config = loadConfig(apiEnv, { DATABASE_URL: url, REDIS_URL, QUEUE_PREFIX: queuePrefix, LOG_LEVEL: 'silent' });
    const logger = createLogger('silent');
    const app = createApp(createAppContext({ config, db, queues, logger }));
    server = await new Promise<http.Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    const port = (server.address() as AddressInfo).port;
    const direct = sqlConnection(client);

    const table: string[][] = [];
    for (const { name, query: asked, team, byCursor, reference } of CASES) {
      const { key, teamId } = team === 'small' ? small : big;
      const query = byCursor ? await cursorQuery(agent, port, key, asked) : asked;
      if (!query) {
        console.log(`  ${name} by cursor: not reached, the search ends before it at this size`);
        table.push([`${name} by cursor`, 'not reached', '', '', '', '', '', '', '']);
        continue;
      }
      const path = `/companies/search?${new URLSearchParams(query)}`;
      const input = searchInput(teamId, parseOrThrow(searchQueryInput, query, 'query'));
      const api = () => httpGet(agent, port, path, key);
      const sql = () => runSearch(direct, input);

      // Both sides must be doing the same work: same total, same page.
      const served = await api();
      if (served.status !== 200) throw new Error(`${name}: HTTP ${served.status} ${served.body}`);
      const body = JSON.parse(served.body) as { results: { domain: string }[]; pagination: { total: number; totalEstimated?: true } };
      const page = await sql();
      if (
        body.pagination.total !== page.total ||
        body.results.map((r) => r.domain).join() !== page.rows.map((r) => r.company.domain).join()
      ) {
        throw new Error(`${name}: the API and the direct query disagree`);
      }

      for (let i = 0; i < WARMUP; i += 1) {
        await api();
        await sql();
      }
      const apiTimes: number[] = [];
      const sqlTimes: number[] = [];
      // Interleaved, so that any drift of the machine touches both sides alike. A slow shape
      // stops after CASE_SECONDS (with MIN_RUNS at least), so a run at 1,000,000 takes minutes.
      const until = Date.now() + CASE_SECONDS * 1000;
      for (let i = 0; i < RUNS && (i < MIN_RUNS || Date.now() < until); i += 1) {
        apiTimes.push((await timed(api))[0]);
        sqlTimes.push((await timed(sql))[0]);
      }
      apiTimes.sort((a, b) => a - b);
      sqlTimes.sort((a, b) => a - b);
      const [a50, a95, d50, d95] = [percentile(apiTimes, 50), percentile(apiTimes, 95), percentile(sqlTimes, 50), percentile(sqlTimes, 95)];
      const verdict = reference ? REFERENCE : a95 < TARGET_MS ? 'ok' : 'ABOVE TARGET';
      const total = body.pagination.totalEstimated ? `≈${page.total}` : String(page.total);
      const target = reference ? 'none' : `< ${TARGET_MS}`;
      const shown = byCursor ? `${name} by cursor` : name;
      table.push([shown, total, String(apiTimes.length), ms(a50), ms(a95), ms(d50), ms(d95), target, verdict]);
      console.log(`  ${shown}: API p95 ${ms(a95)} ms, direct p95 ${ms(d95)} ms (${apiTimes.length} runs) ${verdict}`);
      if (byCursor) console.log(`    its walk: ${await walkStart(client, input)}`);
    }

    const head = ['case', 'total (≈ estimated)', 'runs', 'API p50', 'API p95', 'direct p50', 'direct p95', 'target (API p95)', ''];
    console.log(
      `\n${COMPANIES} companies, up to ${RUNS} runs per case (${CASE_SECONDS} s at most) after ${WARMUP} warm-up runs; times in ms\n`,
    );
    console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
    for (const row of table) console.log(`| ${row.join(' | ')} |`);

    // Each enriched by the big team only: one team row for the update to reach.
    // Spread over the table (hashtext order), so the writes do not all land on a few hot pages.
    const { rows: spare } = await client.query<{ domain: string }>(
      `SELECT domain FROM team_companies WHERE team_id = $1 AND abs(hashtext(domain)) % 200 <> 0 ORDER BY hashtext(domain) LIMIT $2`,
      [big.teamId, WRITE_RUNS + WARMUP],
    );
    const domains = spare.map((r) => r.domain);
    const pid = await backendPid(client);
    const teams = { small: small.teamId, big: big.teamId };
    const writeHead = ['write', 'p50', 'p95', 'PG CPU mean', 'p50 without the triggers', 'p95 without the triggers', 'PG CPU mean without'];
    console.log(
      `\n${COMPANIES} companies: writes, ${WRITE_RUNS} runs each, rolled back; times in ms (PG CPU: the backend's CPU time per write)\n`,
    );
    console.log(`| ${writeHead.join(' | ')} |\n|${writeHead.map(() => '---').join('|')}|`);
    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
    for (const write of WRITES) {
      await writeTimes(client, pid, write, teams, domains.slice(0, WARMUP), true);
      const on = await writeTimes(client, pid, write, teams, domains.slice(WARMUP), true);
      const off = await writeTimes(client, pid, write, teams, domains.slice(WARMUP), false);
      const cells = [on, off].flatMap((t) => [ms(percentile(t.wall, 50)), ms(percentile(t.wall, 95)), ms(mean(t.cpu))]);
      console.log(`| ${[write.name, ...cells].join(' | ')} |`);
    }
  } finally {
    agent.destroy();
    if (server) await new Promise((resolve) => server!.close(resolve));
    await removePrefixKeys(redis, queuePrefix);
    await queues.close();
    await db.$disconnect();
    await client.end();
    if (process.env.BENCH_KEEP !== '1') await dropDatabase(url);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
