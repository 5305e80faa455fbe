// Benchmark (not a test): time for POST /enrich/bulk with 1,000 domains to answer 202, beside
// a bare BullMQ flow add of the same 1,000 item flows under one batch parent, measured
// interleaved in the same run. `npm run bench:bulk-accept` (BENCH_RUNS to change the count).
import type { AddressInfo } from 'node:net';
import { apiEnv, createApp, createAppContext } from '@enrich/api';
import { issueApiKey } from '@enrich/api-keys';
import { loadConfig } from '@enrich/config';
import { createPrismaClient, dropDatabase, ensureDatabase, migrate, newId, newJobId } from '@enrich/db';
import { createLogger } from '@enrich/logger';
import { batchFlow, bullPrefix, createRedisConnection, RedisQueueStore, removePrefixKeys, waitUntilConnected } from '@enrich/queue';
import { FlowProducer } from 'bullmq';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = 3;
const DOMAINS = 1000;
const base = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/enrichment');
base.pathname = '/enrich_bench_bulk';
const DATABASE_URL = base.toString();
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `bench-bulk-${process.pid}`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  await dropDatabase(DATABASE_URL);
  await ensureDatabase(DATABASE_URL);
  await migrate(DATABASE_URL);
  const db = createPrismaClient(DATABASE_URL, { maxConnections: 10 });
  const config = loadConfig(apiEnv, { DATABASE_URL, REDIS_URL, QUEUE_PREFIX: `${PREFIX}-api`, LOG_LEVEL: 'silent' });
  const redis = createRedisConnection(REDIS_URL, 'producer');
  await waitUntilConnected(redis, 5000);
  const queues = new RedisQueueStore(redis, config.QUEUE_PREFIX);
  const bareRedis = createRedisConnection(REDIS_URL, 'producer');
  await waitUntilConnected(bareRedis, 5000);
  const bareFlows = new FlowProducer({ connection: bareRedis, prefix: bullPrefix(`${PREFIX}-bare`) });
  const logger = createLogger('silent');
  const app = createApp(createAppContext({ config, db, queues, logger }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/enrich/bulk`;

  // An enterprise team whose limits do not get in the way of the measurement.
  const { key } = await issueApiKey(db, 'bench-bulk', 'enterprise');
  await db.team.update({ where: { name: 'bench-bulk' }, data: { rateLimitPerMinute: 1_000_000, monthlyQuota: 1_000_000_000 } });
  const retry = { attempts: config.JOB_ATTEMPTS, backoffMs: config.JOB_BACKOFF_MS };

  const api: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run += 1) {
    const domains = Array.from({ length: DOMAINS }, (_, i) => `bench-${run}-${i}.com`);
    const body = JSON.stringify({ domains });

    let started = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body });
    const answer = (await res.json()) as { accepted?: number };
    const apiMs = performance.now() - started;
    if (res.status !== 202 || answer.accepted !== DOMAINS)
      throw new Error(`bulk answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);

    // The baseline: the same flow (batch parent, 1,000 finalize ← scrape children), added bare.
    const items = domains.map((domain) => ({ jobId: newJobId(), domain }));
    started = performance.now();
    await bareFlows.add(batchFlow(newId('bat'), items, retry));
    const bareMs = performance.now() - started;

    if (run >= WARMUP) {
      api.push(apiMs);
      bare.push(bareMs);
    }
  }

  const rows = [
    ['', 'p50', 'p95', 'min'],
    ['POST /enrich/bulk → 202', ms(percentile(api, 50)), ms(percentile(api, 95)), ms(Math.min(...api))],
    ['bare FlowProducer.add', ms(percentile(bare, 50)), ms(percentile(bare, 95)), ms(Math.min(...bare))],
    ['ratio', (percentile(api, 50) / percentile(bare, 50)).toFixed(2), (percentile(api, 95) / percentile(bare, 95)).toFixed(2), ''],
  ];
  console.log(`bulk accept, ${DOMAINS} domains, ${RUNS} runs after ${WARMUP} warm-up (interleaved)`);
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(26) : cell.padStart(10))).join(''));

  server.close();
  await bareFlows.close();
  await removePrefixKeys(redis, config.QUEUE_PREFIX);
  await removePrefixKeys(redis, `${PREFIX}-bare`);
  await queues.close();
  bareRedis.disconnect();
  await db.$disconnect();
  await dropDatabase(DATABASE_URL);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
