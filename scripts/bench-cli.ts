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
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FixtureSites } from '@enrich/testkit';
import { buildClient, CLIENT_DIR } from './build-client';
import { type Cleanups, runCleanups, startBenchService } from './support/bench-service';
import { EnrichClient } from './support/enrich-client';
import { runMain } from './support/run-main';

const ROWS = 1000;
const RUNS = Number(process.env.RUNS ?? 3);
const POLL_MS = 250;
const TARGET = 1.05;
const run = promisify(execFile);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<number> {
  const cleanups: Cleanups = [];
  try {
    await buildClient();
    const sites = new FixtureSites({ latencyMs: Number(process.env.LATENCY_MS ?? 50) });
    const domains = Array.from({ length: ROWS }, (_, i) => `cli-bench-${i}.com`);
    for (const domain of domains) {
      sites.site(domain, {
        '/': `<!doctype html><html><head><title>${domain}</title><meta property="og:site_name" content="${domain}"><meta name="description" content="${domain} makes widgets for bakeries and breweries."></head><body></body></html>`,
      });
    }
    await sites.start();
    cleanups.push(() => sites.stop());

    const { baseUrl, key, logFile } = await startBenchService('cli', {
      hostMap: sites.hostMap(),
      env: { RENDER_ENABLED: 'false' },
      cleanups,
    });

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
    console.log(`the apps' output: ${logFile}`);
    return ratio <= TARGET ? 0 : 1;
  } finally {
    await runCleanups(cleanups);
  }
}

runMain(main);
