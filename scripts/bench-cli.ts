// Benchmark (not a test): what the `enrich csv` command costs over the API it calls. A
// 1,000-row CSV goes through the command (its build, dist/cli.cjs, as a customer runs it), and
// the same 1,000 domains as one batch through raw API calls (POST /enrich/bulk, the batch polled,
// its items read page by page), against the same service, in alternating order, RUNS times
// each, both with refresh (every domain enriched again) and the same poll interval. Prints each
// run's wall time and the ratio of medians; the target is at most 5 % over the raw calls.
//
//   npm run bench:cli
// Environment: DATABASE_URL (its server), REDIS_URL, QUEUE_STORE, RUNS (3), LATENCY_MS (50).
import { execFile } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiEnv } from '@enrich/api';
import { issueApiKey, setTeamLimits } from '@enrich/api-keys';
import { loadConfig } from '@enrich/config';
import { createPrismaClient, dropDatabase, ensureDatabase, migrate } from '@enrich/db';
import { createRedisConnection, removePrefixKeys, waitUntilConnected } from '@enrich/queue';
import { FixtureSites, freePort, spawnService, stopApps } from '@enrich/testkit';
import { workerEnv } from '@enrich/worker-scrape';
import { buildClient, CLIENT_DIR } from './build-client';
import { EnrichClient, waitForApi } from './support/enrich-client';
import { runMain } from './support/run-main';

const ROWS = 1000;
const RUNS = Number(process.env.RUNS ?? 3);
const POLL_MS = 250;
const TARGET = 1.05;
const server = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/enrichment');
server.pathname = '/enrich_bench_cli';
const DATABASE_URL = server.toString();
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `bench-cli-${process.pid}`;
const LOG_FILE = path.join(os.tmpdir(), 'company-enrichment-bench-cli.log');
const run = promisify(execFile);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<number> {
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    await buildClient();
    await dropDatabase(DATABASE_URL);
    await ensureDatabase(DATABASE_URL);
    await migrate(DATABASE_URL);
    cleanups.push(() => dropDatabase(DATABASE_URL));
    const db = createPrismaClient(DATABASE_URL, { maxConnections: 2 });
    cleanups.push(() => db.$disconnect());
    if ((process.env.QUEUE_STORE ?? 'redis') === 'redis') {
      const redis = createRedisConnection(REDIS_URL, 'producer');
      await waitUntilConnected(redis, 5000);
      cleanups.push(async () => redis.disconnect());
      cleanups.push(() => removePrefixKeys(redis, PREFIX));
    }
    const sites = new FixtureSites({ latencyMs: Number(process.env.LATENCY_MS ?? 50) });
    const domains = Array.from({ length: ROWS }, (_, i) => `cli-bench-${i}.com`);
    for (const domain of domains) {
      sites.site(domain, {
        '/': `<!doctype html><html><head><title>${domain}</title><meta property="og:site_name" content="${domain}"><meta name="description" content="${domain} makes widgets for bakeries and breweries."></head><body></body></html>`,
      });
    }
    await sites.start();
    cleanups.push(() => sites.stop());

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL,
      REDIS_URL,
      QUEUE_PREFIX: PREFIX,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      METRICS_PORT: '0',
      SCRAPER_HOST_MAP: sites.hostMap(),
      LINKEDIN_ENABLED: 'false',
      RENDER_ENABLED: 'false',
      ANTHROPIC_API_KEY: '',
    };
    for (const schema of [apiEnv, workerEnv]) loadConfig(schema, env);
    const log = createWriteStream(LOG_FILE);
    cleanups.push(() => new Promise((resolve) => log.end(resolve)));
    const service = spawnService(env, log);
    cleanups.push(() => stopApps(service.all));
    await service.ready;
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForApi(baseUrl, 30_000);
    const { key } = await issueApiKey(db, 'bench-cli', 'enterprise');
    await setTeamLimits(db, 'bench-cli', { rateLimitPerMinute: 1_000_000, monthlyQuota: 1_000_000_000 });

    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-cli-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const input = path.join(dir, 'companies.csv');
    // The same entries as the raw batch: the two submissions are the same batch.
    writeFileSync(input, `company,website\n${domains.map((domain, i) => `Company ${i},${domain}`).join('\n')}\n`);

    const raw = new EnrichClient(baseUrl, key);
    const cliCpu: number[] = [];
    const viaApi = async () => {
      const started = performance.now();
      const accepted = await raw.submitBulk(domains, true);
      await raw.waitForBatch(accepted.batchId, { timeoutMs: 600_000, pollMs: POLL_MS });
      const items = await raw.batchItems(accepted.batchId);
      if (items.filter((item) => item.status === 'completed').length !== ROWS)
        throw new Error('the raw batch did not complete every domain');
      return performance.now() - started;
    };
    const viaCli = async (n: number) => {
      const output = path.join(dir, `enriched-${n}.csv`);
      const started = performance.now();
      // Under /usr/bin/time: the command's own CPU time is printed beside its wall time.
      const { stderr } = await run(
        '/usr/bin/time',
        [
          '-f',
          'cpu %U %S',
          process.execPath,
          path.join(CLIENT_DIR, 'dist/cli.cjs'),
          'csv',
          input,
          '-o',
          output,
          '--refresh',
          '--poll-ms',
          String(POLL_MS),
        ],
        {
          env: { ...process.env, ENRICH_API_KEY: key, ENRICH_BASE_URL: baseUrl, ENRICH_CONFIG: path.join(dir, 'none.json') },
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const elapsed = performance.now() - started;
      const cpu = /cpu ([\d.]+) ([\d.]+)/.exec(stderr);
      cliCpu.push(cpu ? Number(cpu[1]) + Number(cpu[2]) : Number.NaN);
      const lines = readFileSync(output, 'utf8').trimEnd().split('\n');
      if (lines.length !== ROWS + 1 || lines.slice(1).some((line) => !line.endsWith(',completed,')))
        throw new Error('the command did not complete every row');
      return elapsed;
    };

    // A first batch of each warms the service (connections, JIT) and is not counted.
    await viaApi();
    await viaCli(0);
    const api: number[] = [];
    const cli: number[] = [];
    for (let n = 1; n <= RUNS; n += 1) {
      // Alternating which goes first: neither always meets a warmer or a busier service.
      if (n % 2 === 1) {
        api.push(await viaApi());
        cli.push(await viaCli(n));
      } else {
        cli.push(await viaCli(n));
        api.push(await viaApi());
      }
      console.log(
        `run ${n}: raw API calls ${seconds(api.at(-1)!)}, enrich csv ${seconds(cli.at(-1)!)} (the command's own CPU ${cliCpu.at(-1)!.toFixed(2)} s)`,
      );
    }
    const ratio = median(cli) / median(api);
    console.log(
      `\nbench:cli: ${ROWS} rows, median raw API calls ${seconds(median(api))}, median enrich csv ${seconds(median(cli))}: ratio ${ratio.toFixed(3)} (target ≤ ${TARGET}) ${ratio <= TARGET ? 'OK' : 'ABOVE TARGET'}`,
    );
    console.log(`the apps' output: ${LOG_FILE}`);
    return ratio <= TARGET ? 0 : 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
  }
}

runMain(main);
