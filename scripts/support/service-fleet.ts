// The whole service as an operator runs it, for the benchmarks that load it end to end
// (bench:rolling, bench:soak): its own database and queue prefix, generated company sites and
// a fake Messages API, N replicas of the API behind a round-robin proxy and N of each worker,
// each a child process started as `npm start` starts it, with a metrics listener of its own.
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { issueApiKey } from '@enrich/api-keys';
import { createPrismaClient, type Db, dropDatabase, ensureDatabase, migrate } from '@enrich/db';
import { createRedisConnection, removePrefixKeys, waitUntilConnected } from '@enrich/queue';
import { type ChildApp, FakeAnthropic, FixtureSites, freePort, SAMPLE_AI_ANSWER, spawnApp, stopApps } from '@enrich/testkit';
import { type FleetCompany, fleetSitePages } from '../bench-pipeline/fleet-sites';
import { RoundRobinProxy } from '../bench-rolling/round-robin-proxy';

const KINDS = {
  api: { entry: 'apps/api/src/main.ts', ready: /"msg":"api listening"/ },
  'worker-scrape': { entry: 'apps/worker-scrape/src/main.ts', ready: /"msg":"worker-scrape ready"/ },
  'worker-ai': { entry: 'apps/worker-ai/src/main.ts', ready: /"msg":"worker-ai ready"/ },
  'worker-webhooks': { entry: 'apps/worker-webhooks/src/main.ts', ready: /"msg":"worker-webhooks ready"/ },
} as const;

/** One replica: a restart replaces its process with a new one on the same ports. */
export interface Slot {
  name: string;
  kind: keyof typeof KINDS;
  env: NodeJS.ProcessEnv;
  metricsUrl: string;
  app?: ChildApp;
}

export interface ServiceFleet {
  /** The proxy in front of the API replicas. */
  baseUrl: string;
  key: string;
  db: Db;
  sites: FixtureSites;
  slots: Slot[];
  proxy: RoundRobinProxy;
  logFile: string;
  /** Starts the slot's process and waits until it says it is ready. */
  launch(slot: Slot): Promise<void>;
  stop(): Promise<void>;
}

export async function startServiceFleet(options: {
  name: string;
  companies: FleetCompany[];
  replicas: number;
  /** Model answers the fake Messages API holds. */
  aiAnswers: number;
  env?: NodeJS.ProcessEnv;
}): Promise<ServiceFleet> {
  const server = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/enrichment');
  // Per run, like the queue prefix: two benchmarks on one machine never drop each other's database.
  server.pathname = `/enrich_bench_${options.name}_${process.pid}`;
  const databaseUrl = server.toString();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `bench-${options.name}-${process.pid}`;
  const logFile = path.join(os.tmpdir(), `company-enrichment-bench-${options.name}-${process.pid}.log`);
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => console.error(`cleanup: ${(error as Error).message}`));
  };
  try {
    await dropDatabase(databaseUrl);
    await ensureDatabase(databaseUrl);
    await migrate(databaseUrl);
    cleanups.push(() => dropDatabase(databaseUrl));
    const db = createPrismaClient(databaseUrl, { maxConnections: 3 });
    cleanups.push(() => db.$disconnect());
    const redis = createRedisConnection(redisUrl, 'producer');
    await waitUntilConnected(redis, 5000);
    cleanups.push(async () => redis.disconnect());
    cleanups.push(() => removePrefixKeys(redis, prefix));

    const sites = new FixtureSites({ latencyMs: 50 });
    for (const [i, c] of options.companies.entries()) sites.site(c.domain, fleetSitePages(c, i));
    await sites.start();
    cleanups.push(() => sites.stop());
    const fake = new FakeAnthropic();
    for (let i = 0; i < options.aiAnswers; i += 1) fake.reply({ kind: 'tool', input: SAMPLE_AI_ANSWER, latencyMs: 100 });
    await fake.start();
    cleanups.push(() => fake.stop());

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: prefix,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SCRAPER_HOST_MAP: sites.hostMap(),
      LINKEDIN_ENABLED: 'false',
      RENDER_ENABLED: 'false',
      ANTHROPIC_API_KEY: 'sk-ant-bench-dummy',
      ANTHROPIC_BASE_URL: fake.baseURL,
      ...options.env,
    };
    const log = createWriteStream(logFile);
    cleanups.push(() => new Promise((resolve) => log.end(resolve)));
    const slots: Slot[] = [];
    for (const kind of Object.keys(KINDS) as (keyof typeof KINDS)[]) {
      for (let n = 1; n <= options.replicas; n += 1) {
        const metricsPort = await freePort();
        const port = kind === 'api' ? { PORT: String(await freePort()) } : {};
        slots.push({
          name: `${kind}-${n}`,
          kind,
          env: { ...env, ...port, METRICS_PORT: String(metricsPort) },
          metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
        });
      }
    }
    cleanups.push(() => stopApps(slots.flatMap((slot) => (slot.app ? [slot.app] : []))));
    const launch = async (slot: Slot) => {
      slot.app = spawnApp(slot.name, KINDS[slot.kind].entry, slot.env, log);
      await slot.app.waitForLine(KINDS[slot.kind].ready, 60_000);
    };
    await Promise.all(slots.map(launch));

    const proxy = new RoundRobinProxy(slots.filter((slot) => slot.kind === 'api').map((slot) => `http://127.0.0.1:${slot.env.PORT}`));
    const baseUrl = await proxy.start();
    cleanups.push(() => proxy.stop());
    const team = `bench-${options.name}`;
    const { key } = await issueApiKey(db, team, 'enterprise');
    await db.team.update({
      where: { name: team },
      data: { rateLimitPerMinute: 1_000_000, rateLimitPerDay: 100_000_000, monthlyQuota: 1_000_000_000 },
    });
    return { baseUrl, key, db, sites, slots, proxy, logFile, launch, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
