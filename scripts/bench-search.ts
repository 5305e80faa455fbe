// `npm run bench:search`: latency of GET /companies/search over 100,000 companies of one team,
// through HTTP to the real API app and, beside it, the same SQL (apps/api/src/search/search-sql.ts)
// sent straight to Postgres with node-postgres; then what the triggers that keep the teams'
// search rows in step add to the writes that fire them. Not a test: it prints two tables.
//
// Environment: DATABASE_URL (only its server part is used; default postgresql://postgres@127.0.0.1:5432),
// REDIS_URL, BENCH_COMPANIES (100000), BENCH_RUNS (200), BENCH_KEEP=1 keeps the database.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiEnv, createApp, createAppContext, parseOrThrow, runSearch, searchInput, searchQueryInput } from '@enrich/api';
import { issueApiKey } from '@enrich/api-keys';
import { loadConfig } from '@enrich/config';
import { createPrismaClient, dropDatabase, ensureDatabase, migrate, sqlConnection } from '@enrich/db';
import { createLogger } from '@enrich/logger';
import { createRedisConnection, RedisQueueStore, removePrefixKeys, waitUntilConnected } from '@enrich/queue';
import { Client } from 'pg';
import { seedCompanies } from './bench-search-data';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// The big team holds every company; the small one every 200th, to show that a small team's
// search starts from its own few companies rather than from all matches.
const CASES: { name: string; query: Record<string, string>; team?: 'small' }[] = [
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
  { name: 'broad word, page 1000', query: { q: 'software', page: '1000' } },
  { name: 'small team, broad word', query: { q: 'software' }, team: 'small' },
  { name: 'small team, typo', query: { q: 'anlytics' }, team: 'small' },
];

function databaseUrl(): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432');
  url.pathname = '/enrich_bench_search';
  return url.toString();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number) => value.toFixed(2);

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = process.hrtime.bigint();
  const result = await work();
  return [Number(process.hrtime.bigint() - start) / 1e6, result];
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

// Writes that fire the triggers of migration 20261121140000_team_search, on companies the small
// team has not enriched, each rolled back so that the data stays as seeded; timed with the
// triggers, and with them disabled (no copy, so no copied words to index either).
const WRITES: { name: string; sql: string; params: (smallTeam: string, domain: string) => string[] }[] = [
  {
    name: 'company re-enriched with a new name',
    sql: `UPDATE companies SET name = name || ' Renamed' WHERE domain = $1`,
    params: (_smallTeam, domain) => [domain],
  },
  {
    name: 'team enriches a company',
    sql: 'INSERT INTO team_companies (team_id, domain, enriched_at) VALUES ($1, $2, now())',
    params: (smallTeam, domain) => [smallTeam, domain],
  },
];
const TRIGGERS = [
  ['companies', 'companies_team_search_columns'],
  ['team_companies', 'team_companies_search_columns'],
];

async function writeTimes(client: Client, write: (typeof WRITES)[number], smallTeam: string, domains: string[], triggers: boolean) {
  const times: number[] = [];
  for (const domain of domains) {
    await client.query('BEGIN');
    if (!triggers) for (const [table, trigger] of TRIGGERS) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
    times.push((await timed(() => client.query(write.sql, write.params(smallTeam, domain))))[0]);
    await client.query('ROLLBACK');
  }
  return times.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const url = databaseUrl();
  await dropDatabase(url); // a run that was killed leaves its database behind
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
    const [seedMs] = await timed(() => seedCompanies(client, big.teamId, COMPANIES));
    await client.query(
      `INSERT INTO team_companies (team_id, domain, enriched_at)
       SELECT $1, domain, enriched_at FROM team_companies WHERE team_id = $2 AND abs(hashtext(domain)) % 200 = 0`,
      [small.teamId, big.teamId],
    );
    // What autovacuum would have done by now; the visibility map lets count(*) skip the heap.
    await client.query('VACUUM ANALYZE');
    console.log(`seeded ${COMPANIES} companies in ${(seedMs / 1000).toFixed(1)} s`);

    const config = loadConfig(apiEnv, { DATABASE_URL: url, REDIS_URL, QUEUE_PREFIX: queuePrefix, LOG_LEVEL: 'silent' });
    const logger = createLogger('silent');
    const app = createApp(createAppContext({ config, db, queues, logger }));
    server = await new Promise<http.Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    const port = (server.address() as AddressInfo).port;
    const direct = sqlConnection(client);

    const table: string[][] = [];
    for (const { name, query, team } of CASES) {
      const { key, teamId } = team === 'small' ? small : big;
      const path = `/companies/search?${new URLSearchParams(query)}`;
      const input = searchInput(teamId, parseOrThrow(searchQueryInput, query, 'query'));
      const api = () => httpGet(agent, port, path, key);
      const sql = () => runSearch(direct, input);

      // Both sides must be doing the same work: same total, same page.
      const served = await api();
      if (served.status !== 200) throw new Error(`${name}: HTTP ${served.status} ${served.body}`);
      const body = JSON.parse(served.body) as { results: { domain: string }[]; pagination: { total: number } };
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
      // Interleaved, so that any drift of the machine touches both sides alike.
      for (let i = 0; i < RUNS; i += 1) {
        apiTimes.push((await timed(api))[0]);
        sqlTimes.push((await timed(sql))[0]);
      }
      apiTimes.sort((a, b) => a - b);
      sqlTimes.sort((a, b) => a - b);
      const [a50, a95, d50, d95] = [percentile(apiTimes, 50), percentile(apiTimes, 95), percentile(sqlTimes, 50), percentile(sqlTimes, 95)];
      table.push([name, String(page.total), ms(a50), ms(a95), ms(d50), ms(d95), (a50 / d50).toFixed(2), (a95 / d95).toFixed(2)]);
      console.log(`  ${name}: API p95 ${ms(a95)} ms, direct p95 ${ms(d95)} ms`);
    }

    const head = ['case', 'total', 'API p50', 'API p95', 'direct p50', 'direct p95', 'API/direct p50', 'API/direct p95'];
    console.log(`\n${COMPANIES} companies, ${RUNS} runs per case after ${WARMUP} warm-up runs; times in ms\n`);
    console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
    for (const row of table) console.log(`| ${row.join(' | ')} |`);

    // Each enriched by the big team only: one team row for the update to reach.
    const { rows: spare } = await client.query<{ domain: string }>(
      `SELECT domain FROM team_companies WHERE team_id = $1 AND abs(hashtext(domain)) % 200 <> 0 ORDER BY domain LIMIT $2`,
      [big.teamId, RUNS + WARMUP],
    );
    const domains = spare.map((r) => r.domain);
    const writeHead = ['write', 'p50', 'p95', 'p50 without the triggers', 'p95 without the triggers'];
    console.log(`\nwrites, ${RUNS} runs each, rolled back; times in ms\n`);
    console.log(`| ${writeHead.join(' | ')} |\n|${writeHead.map(() => '---').join('|')}|`);
    for (const write of WRITES) {
      await writeTimes(client, write, small.teamId, domains.slice(0, WARMUP), true);
      const on = await writeTimes(client, write, small.teamId, domains.slice(WARMUP), true);
      const off = await writeTimes(client, write, small.teamId, domains.slice(WARMUP), false);
      console.log(`| ${[write.name, ...[on, off].flatMap((t) => [ms(percentile(t, 50)), ms(percentile(t, 95))])].join(' | ')} |`);
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
