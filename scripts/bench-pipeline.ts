// Benchmark (not a test): 200 generated company sites, every page answered after 50 ms, and a
// fake Anthropic Messages API answering a valid tool_use after 300 ms. One worker-scrape, one
// worker-ai and the API run as child processes on a database (enrich_bench_pipeline, dropped
// and created afresh) and a queue prefix of their own; the 200 domains go in as one bulk
// request, polled until the batch completes. Prints the wall time beside the ideal for the
// configured concurrency (scripts/bench-pipeline/ideal.ts explains the formula), where the time
// went per domain, and each process's memory and CPU (Chromium separately), with the CPU
// targets per unit of work (Chromium per rendered page, worker-scrape per domain, worker-ai per
// model call beside the call itself, which bench-pipeline/model-call-baseline.ts measures). Then
// a second line: 1,000 domains through two scrape workers, and how the figures grew from the
// first line's (per-domain costs should stay flat: linear growth).
//
//   npm run bench:pipeline
//   SCRAPE_CONCURRENCY=20 AI_STEP_CONCURRENCY=16 AI_CONCURRENCY=16 npm run bench:pipeline
// Knobs: the worker settings in SETTINGS below (same names as the services'), BENCH_DOMAINS,
// BENCH_LARGE_DOMAINS (1000; 0 skips the second line), BENCH_LARGE_SCRAPE_WORKERS (2),
// BENCH_SHELL_EVERY (every n-th homepage a JavaScript shell; 0 none), BENCH_WARMUP (domains
// enriched per scrape worker before the measurement; 150), BENCH_CPU_PROFILE=1
// (BENCH_CPU_PROFILE_DIR to keep them), BENCH_NODE_OPTIONS (NODE_OPTIONS of the apps),
// BENCH_NODE_ARGS (V8 flags for the workers),
// BENCH_KEEP_DB=1 (keep the database to query afterwards), BENCH_TIMEOUT_MS,
// QUEUE_STORE (redis, the default, or postgres: where the apps keep their queues),
// BENCH_SUMMARY_FILE (where to write the wall and ideal times as JSON, for bench:queue-stores).
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiEnv } from '@enrich/api';
import { issueApiKey } from '@enrich/api-keys';
import { loadConfig } from '@enrich/config';
import { createPrismaClient, dropDatabase, ensureDatabase, migrate } from '@enrich/db';
import { createRedisConnection, removePrefixKeys, waitUntilConnected } from '@enrich/queue';
import { type ChildApp, FakeAnthropic, FixtureSites, freePort, SAMPLE_AI_ANSWER, spawnApp, stopApps } from '@enrich/testkit';
import { aiWorkerEnv } from '@enrich/worker-ai';
import { workerEnv } from '@enrich/worker-scrape';
import { fleetCompanies, fleetLinkedInPages, fleetSitePages } from './bench-pipeline/fleet-sites';
import { type DomainWork, idealBounds } from './bench-pipeline/ideal';
import { measureModelCallBaseline } from './bench-pipeline/model-call-baseline';
import { ProcessSampler, statusKb } from './bench-pipeline/process-sampler';
import { formatGrowth, formatProfile, formatReport, formatTargets, type LineFigures, lineFigures, secs } from './bench-pipeline/report';
import { loadScrapeTrips, loadTimelines } from './bench-pipeline/timeline';
import { profileIn, summarizeProfile } from './support/cpu-profile';
import { EnrichClient, waitForApi } from './support/enrich-client';
import { machineBusyMs } from './support/machine';
import { runMain } from './support/run-main';

const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 200);
const LARGE_DOMAINS = Number(process.env.BENCH_LARGE_DOMAINS ?? 1000);
const LARGE_SCRAPE_WORKERS = Number(process.env.BENCH_LARGE_SCRAPE_WORKERS ?? 2);
const LATENCY_MS = 50;
const AI_MS = 300;
// Every 20th homepage is a JavaScript shell (10 of 200) that only Chromium can read; 0 for none.
const SHELL_EVERY = Number(process.env.BENCH_SHELL_EVERY ?? 20);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 300_000);
// Domains enriched per scrape worker (some of them JavaScript shells) before the measured
// batch, so that module loading, JIT warm-up, first connections and Chromium's launch are not
// in the measurement: workers are long-lived. V8 goes on optimising the pipeline's functions
// for the first 120-140 domains a worker enriches (counted with --trace-opt: 2.2 s of its
// background compiling fell after the tenth domain), hence 150. BENCH_WARMUP=0 measures from cold.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 150);
// BENCH_CPU_PROFILE=1: the workers run with --cpu-prof, and where their CPU went is printed.
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE === '1';
// BENCH_CPU_PROFILE_DIR: where the profiles are kept (to open in a profiler); removed otherwise.
const KEEP_PROFILES = process.env.BENCH_CPU_PROFILE_DIR;
// BENCH_NODE_OPTIONS: NODE_OPTIONS for the three apps only (e.g. --max-old-space-size=256).
const APP_NODE_OPTIONS = process.env.BENCH_NODE_OPTIONS;
// BENCH_NODE_ARGS: node flags for the two workers that NODE_OPTIONS refuses (V8's own, e.g. --optimize-for-size).
const APP_NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

// The settings the workers get. Concurrencies default to the service's own defaults; any of
// them can be overridden from the environment (SCRAPE_CONCURRENCY=40 npm run bench:pipeline).
const setting = (name: string, fallback: string) => process.env[name] ?? fallback;
const SETTINGS = {
  SCRAPE_CONCURRENCY: setting('SCRAPE_CONCURRENCY', '10'),
  FINALIZE_CONCURRENCY: setting('FINALIZE_CONCURRENCY', '20'),
  AI_STEP_CONCURRENCY: setting('AI_STEP_CONCURRENCY', '8'),
  AI_CONCURRENCY: setting('AI_CONCURRENCY', '4'),
  RENDER_MAX_PAGES: setting('RENDER_MAX_PAGES', '2'),
  CRAWL_HOST_CONCURRENCY: setting('CRAWL_HOST_CONCURRENCY', '2'),
  // Set high on purpose: the default 20 a minute fleet-wide would make LinkedIn's rate, not our
  // pipeline, the subject of the measurement (200 pages would need 10 minutes). 600 is the
  // setting's maximum and lets all 200 requests through within one minute.
  LINKEDIN_REQUESTS_PER_MINUTE: setting('LINKEDIN_REQUESTS_PER_MINUTE', '600'),
};

const server = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/enrichment');
server.pathname = '/enrich_bench_pipeline';
const DATABASE_URL = server.toString();
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `bench-pipeline-${process.pid}`;
const LOG_FILE = path.join(os.tmpdir(), 'company-enrichment-bench-pipeline.log');

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
/** CPU seconds the whole machine has spent busy (all cores). */
const machineBusyS = () => machineBusyMs() / 1000;

/** One line of the benchmark: `domains` through `scrapeWorkers` scrape workers, on a fresh database and apps. */
async function runLine(domains: number, scrapeWorkers: number): Promise<LineFigures & { incomplete: number }> {
  const companies = fleetCompanies(domains, SHELL_EVERY);
  const warmupCount = WARMUP * scrapeWorkers;
  // At least two shells, so that Chromium has rendered before the measurement too.
  const warmupShellEvery = SHELL_EVERY > 0 ? Math.max(1, Math.min(SHELL_EVERY, Math.floor(warmupCount / 2))) : 0;
  const warmups = fleetCompanies(warmupCount, warmupShellEvery, 'warmup-company');
  const shells = companies.filter((c) => c.jsShell).length;
  console.log(
    `\npipeline benchmark: ${domains} domains (${shells} JavaScript-shell homepages) through ${scrapeWorkers} scrape worker${scrapeWorkers > 1 ? 's' : ''}, ${LATENCY_MS} ms per page, ${AI_MS} ms per model answer; ` +
      `${os.cpus().length} CPUs, load average ${loadavg()}`,
  );
  const settings = Object.entries(SETTINGS).map(([k, v]) => `${k}=${v}`);
  if (APP_NODE_OPTIONS) settings.push(`NODE_OPTIONS=${APP_NODE_OPTIONS}`);
  if (APP_NODE_ARGS.length > 0) settings.push(`worker flags: ${APP_NODE_ARGS.join(' ')}`);
  console.log(`settings: ${settings.join(' ')}`);

  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => console.error(`cleanup: ${(error as Error).message}`));
  };
  const onInterrupt = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onInterrupt);
  cleanups.push(async () => process.off('SIGINT', onInterrupt));

  try {
    await dropDatabase(DATABASE_URL);
    await ensureDatabase(DATABASE_URL);
    await migrate(DATABASE_URL);
    cleanups.push(() => (process.env.BENCH_KEEP_DB ? Promise.resolve() : dropDatabase(DATABASE_URL)));
    const db = createPrismaClient(DATABASE_URL, { maxConnections: 3 });
    cleanups.push(() => db.$disconnect());
    const redis = createRedisConnection(REDIS_URL, 'producer');
    await waitUntilConnected(redis, 5000);
    cleanups.push(async () => redis.disconnect());
    cleanups.push(() => removePrefixKeys(redis, PREFIX));

    const sites = new FixtureSites({ latencyMs: LATENCY_MS });
    for (const [i, c] of [...companies, ...warmups].entries()) sites.site(c.domain, fleetSitePages(c, i));
    sites.site('linkedin.com', fleetLinkedInPages([...companies, ...warmups]));
    await sites.start();
    cleanups.push(() => sites.stop());
    const fake = new FakeAnthropic();
    // One valid answer per domain, each after 300 ms; twice as many in case a step retries.
    for (let i = 0; i < 2 * (domains + warmupCount); i += 1) fake.reply({ kind: 'tool', input: SAMPLE_AI_ANSWER, latencyMs: AI_MS });
    await fake.start();
    cleanups.push(() => fake.stop());

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...SETTINGS,
      DATABASE_URL,
      REDIS_URL,
      QUEUE_STORE: process.env.QUEUE_STORE ?? 'redis',
      QUEUE_PREFIX: PREFIX,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SCRAPER_HOST_MAP: sites.hostMap(),
      LINKEDIN_ENABLED: 'true',
      RENDER_ENABLED: 'true',
      ANTHROPIC_API_KEY: 'sk-ant-bench-dummy',
      ANTHROPIC_BASE_URL: fake.baseURL,
      ...(APP_NODE_OPTIONS ? { NODE_OPTIONS: APP_NODE_OPTIONS } : {}),
    };
    // Refuse to start on a bad setting before anything runs, as `npm start` does.
    for (const schema of [apiEnv, workerEnv, aiWorkerEnv]) loadConfig(schema, env);
    const log = createWriteStream(LOG_FILE);
    cleanups.push(() => new Promise((resolve) => log.end(resolve)));
    const apps: ChildApp[] = [];
    cleanups.push(() => stopApps(apps));
    const profileDirs = { scrape: '', ai: '' };
    const profiling = (dir: keyof typeof profileDirs): string[] => {
      if (!CPU_PROFILE) return [];
      if (KEEP_PROFILES) mkdirSync(KEEP_PROFILES, { recursive: true });
      profileDirs[dir] = mkdtempSync(path.join(KEEP_PROFILES ?? os.tmpdir(), `bench-pipeline-${dir}-`));
      if (!KEEP_PROFILES) cleanups.push(async () => rmSync(profileDirs[dir], { recursive: true, force: true }));
      return ['--cpu-prof', '--cpu-prof-dir', profileDirs[dir]];
    };
    apps.push(
      spawnApp('api', 'apps/api/src/main.ts', env, log),
      spawnApp('worker-ai', 'apps/worker-ai/src/main.ts', env, log, [...APP_NODE_ARGS, ...profiling('ai')]),
      ...Array.from({ length: scrapeWorkers }, (_, i) =>
        spawnApp(scrapeWorkers > 1 ? `worker-scrape-${i + 1}` : 'worker-scrape', 'apps/worker-scrape/src/main.ts', env, log, [
          ...APP_NODE_ARGS,
          ...(i === 0 ? profiling('scrape') : []),
        ]),
      ),
    );
    const [api, ai, ...scrapes] = apps as [ChildApp, ChildApp, ...ChildApp[]];
    const scrape = scrapes[0]!;
    const baseUrl = `http://127.0.0.1:${port}`;
    await Promise.all([
      api.waitForLine(/"msg":"api listening"/, 30_000).then(() => waitForApi(baseUrl, 30_000)),
      ...scrapes.map((s) => s.waitForLine(/"msg":"worker-scrape ready"/, 30_000)),
      ai.waitForLine(/"msg":"worker-ai ready"/, 30_000),
    ]);
    const idleRssKb = new Map(apps.map((a) => [a.pid, statusKb(a.pid, 'VmRSS') ?? 0]));
    const { key } = await issueApiKey(db, 'bench-pipeline', 'enterprise');
    await db.team.update({ where: { name: 'bench-pipeline' }, data: { rateLimitPerMinute: 1_000_000, monthlyQuota: 1_000_000_000 } });
    const client = new EnrichClient(baseUrl, key);
    if (warmupCount > 0) {
      const warmStart = performance.now();
      const batch = await client.submitBulk(
        warmups.map((c) => c.domain),
        false,
      );
      await client.waitForBatch(batch.batchId, { timeoutMs: TIMEOUT_MS, pollMs: 100 });
      console.log(
        `warm-up: ${warmupCount} other domains (${warmups.filter((c) => c.jsShell).length} JavaScript shells) enriched in ${secs(performance.now() - warmStart)}, not measured`,
      );
    }

    const dbName = new URL(DATABASE_URL).pathname.slice(1);
    const sampler = new ProcessSampler(
      apps.map((a) => ({ name: a.name, pid: a.pid })),
      scrapes.map((s) => s.pid),
      [
        { name: `PostgreSQL backends of ${dbName}`, pattern: new RegExp(`^postgres: .* ${dbName} `) },
        { name: 'redis-server (shared with anything else using it)', pattern: /^(?:\S*\/)?redis-server / },
      ],
    );
    sampler.start();
    const benchCpu = process.cpuUsage();
    const machineAtStart = machineBusyS();
    const started = performance.now();
    const startedAt = Date.now();
    const accepted = await client.submitBulk(
      companies.map((c) => c.domain),
      false,
    );
    const acceptedMs = performance.now() - started;
    const done = await client.waitForBatch(accepted.batchId, { timeoutMs: TIMEOUT_MS, pollMs: 100 });
    const wallMs = performance.now() - started;
    const memory = sampler.stop();
    const benchCpuS = (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(benchCpu));
    const machineS = machineBusyS() - machineAtStart;
    const loadAfter = loadavg();

    // Every domain completed, with all three sources in its record.
    const items = await client.batchItems(done.batchId);
    const incomplete = items.filter(
      (item) => item.status !== 'completed' || !(['website', 'linkedin', 'ai'] as const).every((s) => item.data?.sources.includes(s)),
    );

    // Check the ideal's model against what the sites actually served per domain.
    const hits = sites.hits.filter((h) => h.at >= startedAt);
    const perDomain = new Map<string, string[]>();
    for (const h of hits) {
      const domain = h.host.replace(/^www\./, '');
      perDomain.set(domain, [...(perDomain.get(domain) ?? []), h.path]);
    }
    // The website scrape's sequential round trips, as each domain's crawl counted and stored them
    // (homepage → robots.txt → sitemap.xml → about ∥ contact for these sites); rendering apart.
    const storedTrips = await loadScrapeTrips(db, accepted.batchId);
    const measured = companies.filter((c) => storedTrips.has(c.domain));
    const scrapeTrips = new Map<number, number>();
    for (const c of measured) scrapeTrips.set(storedTrips.get(c.domain)!, (scrapeTrips.get(storedTrips.get(c.domain)!) ?? 0) + 1);
    const renderTrips = 3; // in Chromium: the page → /static/app.js → /api/page.json
    const renderWaitMs = 500; // then Playwright's networkidle: 500 ms without a request
    const work: DomainWork[] = measured.map((c) => ({
      scrapeTrips: storedTrips.get(c.domain)!,
      renderTrips: c.jsShell ? renderTrips : 0,
      renderWaitMs: c.jsShell ? renderWaitMs : 0,
      linkedinTrips: 1,
    }));
    if (work.length === 0)
      throw new Error('no domain has a stored round-trip count (source_results data.crawl.roundTrips): no ideal to compare with');
    const requestShapes = new Map<string, number>();
    for (const c of companies) {
      const shape = [...(perDomain.get(c.domain) ?? [])].sort().join(' ');
      const key = `${c.jsShell ? 'shell ' : 'static'}: ${shape}`;
      requestShapes.set(key, (requestShapes.get(key) ?? 0) + 1);
    }

    const aiSlots = Math.min(Number(SETTINGS.AI_STEP_CONCURRENCY), Number(SETTINGS.AI_CONCURRENCY));
    const { idealMs, bounds } = idealBounds({
      latencyMs: LATENCY_MS,
      aiMs: AI_MS,
      domains: work,
      scrapeConcurrency: Number(SETTINGS.SCRAPE_CONCURRENCY),
      renderSlots: Number(SETTINGS.RENDER_MAX_PAGES),
      aiSlots,
    });
    console.log(
      formatReport({
        domains,
        scrapeConcurrency: SETTINGS.SCRAPE_CONCURRENCY,
        wallMs,
        acceptedMs,
        idealMs,
        bounds,
        incomplete,
        requestsServed: hits.length,
        linkedinRequests: perDomain.get('linkedin.com')?.length ?? 0,
        requestShapes,
        scrapeTrips,
        unmeasured: companies.length - measured.length,
        modelRequests: fake.requests.length,
        modelMaxInFlight: fake.maxInFlight,
        timelines: await loadTimelines(db, accepted.batchId, fake.requests),
        memory,
        samples: sampler.samples,
        samplerCostMs: sampler.costMs,
        idleRssKb,
        benchCpuS,
        machineBusyS: machineS,
        cores: os.cpus().length,
        loadAfter,
        logFile: LOG_FILE,
      }),
    );
    const measuredCalls = fake.requests.filter((request) => request.at >= startedAt);
    const modelCall = await measureModelCallBaseline(
      measuredCalls.map((request) => request.body),
      aiSlots,
      AI_MS,
      env,
    );
    const figures = lineFigures({
      domains,
      scrapeWorkers,
      wallMs,
      idealMs,
      renders: shells,
      modelCalls: measuredCalls.length,
      modelCallMs: modelCall.cpuMsPerCall,
      memory,
    });
    console.log(formatTargets(figures));
    if (CPU_PROFILE) {
      await stopApps(apps); // profiles are written as the processes exit
      for (const [dir, app] of [
        [profileDirs.scrape, scrape],
        [profileDirs.ai, ai],
      ] as const) {
        const file = profileIn(dir);
        if (file) console.log(formatProfile(app.name, summarizeProfile(file, startedAt - app.spawnedAt)));
      }
    }
    return { ...figures, incomplete: incomplete.length };
  } finally {
    await cleanUp();
  }
}

async function main(): Promise<number> {
  const small = await runLine(DOMAINS, 1);
  // The first line's times, for bench:queue-stores.
  if (process.env.BENCH_SUMMARY_FILE) {
    const { wallMs, idealMs, incomplete } = small;
    writeFileSync(process.env.BENCH_SUMMARY_FILE, JSON.stringify({ wallMs, idealMs, incomplete }));
  }
  let ok = small.incomplete === 0 && small.targetsMet;
  if (LARGE_DOMAINS > 0) {
    const large = await runLine(LARGE_DOMAINS, LARGE_SCRAPE_WORKERS);
    console.log(formatGrowth(small, large));
    ok = ok && large.incomplete === 0 && large.targetsMet;
  }
  return ok ? 0 : 1;
}

runMain(main);
