// The service as `npm start` runs it, for a benchmark that loads it only through its API
// (bench:quality, bench:cli): the API and the workers as child processes, on a database and a
// queue prefix of their own, with one team whose key and limits no run reaches.
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiEnv } from '@enrich/api';
import { issueApiKey, setTeamLimits } from '@enrich/api-keys';
import { loadConfig } from '@enrich/config';
import { createPrismaClient, dropDatabase, ensureDatabase, migrate } from '@enrich/db';
import { createRedisConnection, removePrefixKeys, waitUntilConnected } from '@enrich/queue';
import { freePort, spawnService, stopApps } from '@enrich/testkit';
import { workerEnv } from '@enrich/worker-scrape';
import { waitForApi } from './enrich-client';

/** What a benchmark undoes when it ends, last first. */
export type Cleanups = (() => Promise<unknown>)[];

export interface BenchService {
  baseUrl: string;
  /** The team's key (enterprise plan, limits out of reach). */
  key: string;
  /** Where the apps' output goes. */
  logFile: string;
}

/**
 * Starts the service for the benchmark `name` (database enrich_bench_<name> on DATABASE_URL's
 * server, queue prefix bench-<name>-<pid>) with the fetcher sent to `hostMap`; `env` adds to or
 * overrides its settings (RENDER_ENABLED…). LinkedIn and the AI source are off. Everything it
 * starts is undone by `cleanups`.
 */
export async function startBenchService(
  name: string,
  options: { hostMap: string; env?: NodeJS.ProcessEnv; cleanups: Cleanups },
): Promise<BenchService> {
  const { cleanups } = options;
  const server = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/enrichment');
  server.pathname = `/enrich_bench_${name.replaceAll('-', '_')}`;
  const databaseUrl = server.toString();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `bench-${name}-${process.pid}`;
  const logFile = path.join(os.tmpdir(), `company-enrichment-bench-${name}.log`);

  await dropDatabase(databaseUrl);
  await ensureDatabase(databaseUrl);
  await migrate(databaseUrl);
  cleanups.push(() => dropDatabase(databaseUrl));
  const db = createPrismaClient(databaseUrl, { maxConnections: 2 });
  cleanups.push(() => db.$disconnect());
  if ((process.env.QUEUE_STORE ?? 'redis') === 'redis') {
    const redis = createRedisConnection(redisUrl, 'producer');
    await waitUntilConnected(redis, 5000);
    cleanups.push(async () => redis.disconnect());
    cleanups.push(() => removePrefixKeys(redis, prefix));
  }

  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: prefix,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    METRICS_PORT: '0',
    SCRAPER_HOST_MAP: options.hostMap,
    LINKEDIN_ENABLED: 'false',
    ANTHROPIC_API_KEY: '',
    ...options.env,
  };
  for (const schema of [apiEnv, workerEnv]) loadConfig(schema, env);
  const log = createWriteStream(logFile);
  cleanups.push(() => new Promise((resolve) => log.end(resolve)));
  const service = spawnService(env, log);
  cleanups.push(() => stopApps(service.all));
  await service.ready;
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForApi(baseUrl, 30_000);
  const team = `bench-${name}`;
  const { key } = await issueApiKey(db, team, 'enterprise');
  await setTeamLimits(db, team, { rateLimitPerMinute: 1_000_000, monthlyQuota: 1_000_000_000 });
  return { baseUrl, key, logFile };
}

/** Runs the cleanups, last first, each failure reported and the rest still run. */
export async function runCleanups(cleanups: Cleanups): Promise<void> {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
}
