// `npm run demo`: the whole service on this machine, offline. Serves a handful of made-up
// company websites and their LinkedIn pages from local HTTP servers, runs the API, worker-scrape
// and worker-ai as child processes (as `npm start` does) with SCRAPER_HOST_MAP pointing those
// domains and linkedin.com at the local servers, enriches every company through the public HTTP
// API (one bulk request, then polling), prints the records, stops everything and exits.
import { createWriteStream, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aiEnv } from '@enrich/ai';
import { apiEnv } from '@enrich/api';
import { issueApiKey, revokeApiKey } from '@enrich/api-keys';
import { ConfigError, loadConfig } from '@enrich/config';
import { createPrismaClient, ensureDatabase, migrate } from '@enrich/db';
import { createRedisConnection, removePrefixKeys, waitUntilConnected } from '@enrich/queue';
import { defaultChromiumPath } from '@enrich/scraper';
import { type ChildApp, FixtureSites, freePort, spawnApp, stopApps } from '@enrich/testkit';
import { aiWorkerEnv } from '@enrich/worker-ai';
import { workerEnv } from '@enrich/worker-scrape';
import { recordsTable } from './demo/print-records';
import { SAMPLE_COMPANIES } from './demo/sample-companies';
import { linkedInSitePages, sampleSitePages } from './demo/sample-sites';
import { EnrichClient, waitForApi } from './support/enrich-client';

const TIMEOUT_MS = Number(process.env.DEMO_TIMEOUT_MS ?? 90_000);
const READY_TIMEOUT_MS = 30_000;
const LOG_FILE = path.join(os.tmpdir(), 'company-enrichment-demo.log');
const TEAM = 'demo';

const cleanups: (() => Promise<unknown>)[] = [];
let cleaning: Promise<void> | undefined;
/** Undoes everything started so far, last first; safe to call twice. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => console.error(`cleanup: ${(error as Error).message}`));
  })();
  return cleaning;
}

const say = (text = '') => console.log(text);

async function main(): Promise<number> {
  // The normal DATABASE_URL and REDIS_URL (defaults as in `npm start`); bad values stop here.
  const { DATABASE_URL, REDIS_URL } = loadConfig(apiEnv);
  const { ANTHROPIC_API_KEY: aiKey, AI_MODEL } = loadConfig(aiEnv);
  const chromium = process.env.CHROMIUM_PATH ?? defaultChromiumPath();

  say(`Company enrichment demo: ${SAMPLE_COMPANIES.length} made-up companies, their websites and LinkedIn pages served on this machine.`);
  const sites = new FixtureSites();
  for (const company of SAMPLE_COMPANIES) sites.site(company.domain, sampleSitePages(company));
  sites.site('linkedin.com', linkedInSitePages(SAMPLE_COMPANIES));
  await sites.start();
  cleanups.push(() => sites.stop());
  say(`  sample sites on 127.0.0.1:${sites.port}: ${SAMPLE_COMPANIES.map((c) => `${c.domain} (${c.style})`).join(', ')}, linkedin.com`);

  // The same preparation as `npm start`: create the database if missing, apply migrations.
  try {
    if (await ensureDatabase(DATABASE_URL)) say(`  created database ${new URL(DATABASE_URL).pathname.slice(1)}`);
    const applied = await migrate(DATABASE_URL);
    if (applied.length) say(`  applied migrations: ${applied.join(', ')}`);
  } catch (error) {
    throw new Error(`PostgreSQL at DATABASE_URL is not usable: ${(error as Error).message}`);
  }
  const redis = createRedisConnection(REDIS_URL, 'producer');
  cleanups.push(async () => redis.disconnect());
  try {
    await waitUntilConnected(redis, 5000);
  } catch (error) {
    throw new Error(`Redis at REDIS_URL is not reachable: ${(error as Error).message}`);
  }
  // Queues of their own, so the demo's jobs never mix with a running `npm start`'s.
  const queuePrefix = `demo-${process.pid}`;
  cleanups.push(() => removePrefixKeys(redis, queuePrefix));

  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL,
    REDIS_URL,
    // This script reads and clears the queues in Redis itself.
    QUEUE_STORE: 'redis',
    QUEUE_PREFIX: queuePrefix,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    SCRAPER_HOST_MAP: sites.hostMap(),
    LINKEDIN_ENABLED: 'true',
    RENDER_ENABLED: 'true',
    CHROMIUM_PATH: chromium,
    // The reconciler re-queues every job the database says is processing and no queue of this
    // prefix holds; on the shared database those are other deployments' jobs (a running
    // `npm start`), which the demo must not take. It never fires during a demo run.
    RECONCILE_INTERVAL_MS: '3600000',
  };
  // Refuse to start on a bad setting before anything runs, as `npm start` does.
  for (const schema of [apiEnv, workerEnv, aiWorkerEnv]) loadConfig(schema, env);
  const log = createWriteStream(LOG_FILE);
  cleanups.push(() => new Promise((resolve) => log.end(resolve)));
  const apps: ChildApp[] = [];
  cleanups.push(() => stopApps(apps));
  apps.push(
    spawnApp('api', 'apps/api/src/main.ts', env, log),
    spawnApp('worker-scrape', 'apps/worker-scrape/src/main.ts', env, log),
    spawnApp('worker-ai', 'apps/worker-ai/src/main.ts', env, log),
  );
  const [api, scrape, ai] = apps as [ChildApp, ChildApp, ChildApp];
  const baseUrl = `http://127.0.0.1:${port}`;
  await Promise.all([
    api.waitForLine(/"msg":"api listening"/, READY_TIMEOUT_MS).then(() => waitForApi(baseUrl, READY_TIMEOUT_MS)),
    scrape.waitForLine(/"msg":"worker-scrape ready"/, READY_TIMEOUT_MS),
    ai.waitForLine(/"msg":"worker-ai ready/, READY_TIMEOUT_MS),
  ]);
  say(
    `  API on ${baseUrl}; worker-scrape and worker-ai on queue prefix ${queuePrefix} (pids ${apps.map((a) => a.pid).join(', ')}; logs in ${LOG_FILE})`,
  );
  if (!existsSync(chromium))
    say(`  note: no Chromium at ${chromium}; the JavaScript-only homepage will be read as fetched (set CHROMIUM_PATH)`);
  say(
    aiKey
      ? `  AI source: ON — worker-ai asks ${AI_MODEL} through the Anthropic API${process.env.ANTHROPIC_BASE_URL ? ` at ${process.env.ANTHROPIC_BASE_URL}` : ''} for industry, stage and insights.`
      : '  AI source: OFF — ANTHROPIC_API_KEY is not set, so records come from the websites and LinkedIn only.\n' +
          '             To include it: ANTHROPIC_API_KEY=sk-ant-… npm run demo',
  );

  const db = createPrismaClient(DATABASE_URL, { maxConnections: 2 });
  cleanups.push(() => db.$disconnect());
  const { key } = await issueApiKey(db, TEAM, 'growth');
  // The key only lives for this run.
  cleanups.push(() => revokeApiKey(db, key));
  say(`  API key for team "${TEAM}" (growth plan): ${key.slice(0, 12)}… (revoked when the demo ends)`);

  const client = new EnrichClient(baseUrl, key);
  const domains = SAMPLE_COMPANIES.map((c) => c.domain);
  const started = Date.now();
  // refresh: run the pipeline again even when an earlier demo run left fresh records.
  const accepted = await client.submitBulk(domains, true);
  say();
  say(
    `POST /api/enrich/bulk {"domains": [${domains.length} domains], "refresh": true} → batch ${accepted.batchId}, ${accepted.accepted} accepted`,
  );
  let shown = -1;
  const done = await client.waitForBatch(accepted.batchId, {
    timeoutMs: TIMEOUT_MS,
    pollMs: 250,
    onProgress: (view) => {
      const finished = view.completed + view.failed;
      if (finished === shown) return;
      shown = finished;
      say(
        `  GET /api/enrich/bulk/${view.batchId}: ${view.status}, ${finished}/${view.total} done (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    },
  });
  const items = await client.batchItems(done.batchId);

  say();
  say(recordsTable(items));
  const example = items.find((item) => item.data);
  if (example) {
    const job = await client.job(example.jobId);
    say();
    say(`The full record of ${example.domain} (GET /api/enrich/${example.jobId}, "data"):`);
    say(JSON.stringify(job.data, null, 2));
  }
  say();
  if (!aiKey)
    say(
      'AI source was off (no ANTHROPIC_API_KEY): industry, size, stage and founding year come from LinkedIn, the rest from the websites.',
    );
  const failed = items.filter((item) => item.status !== 'completed');
  say(
    `${items.length - failed.length} of ${items.length} companies enriched in ${((Date.now() - started) / 1000).toFixed(1)} s. Stopping the service…`,
  );
  return failed.length === 0 ? 0 : 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the demo`);
    void cleanUp().finally(() => process.exit(130));
  });
}

main()
  .catch((error: unknown) => {
    console.error(`demo failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`);
    console.error(`(service logs: ${LOG_FILE})`);
    return 1;
  })
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  });
