// Benchmark (not a test): the whole service under steady traffic for N minutes, watched as an
// operator would watch it. One process of each kind (as `npm start` runs them) behind the
// benchmark's proxy; the traffic: a single submission every 200 ms (refresh, so each runs the
// pipeline), each polled until it ends, and every minute a 50-domain batch followed on its event
// stream. Prints per interval each process's lowest RSS, V8 heap (committed) and external memory,
// the requests' p99, the scrape queue's wait and the errors; at the end, the slope of each
// process's memory after warm-up (target: under 1 MB per 10 minutes; the Theil–Sen slope of the
// intervals' floors, which one or two dips of a floor cannot tilt), p99 first against last,
// and the errors (target 0). RSS is sampled every 2 s and each interval keeps its lowest: V8's
// heap swings by tens of MB between collections, and a leak shows in the floor a collection
// leaves, which one sample per interval would bury in that swing.
//
//   npm run bench:soak -- --minutes 30
// Options: --minutes N (BENCH_MINUTES, 5), --interval S (BENCH_INTERVAL_S, 60), --warmup S
// (BENCH_WARMUP_S: intervals before it are left out of the slope; default a fifth of the run).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fleetCompanies } from './bench-pipeline/fleet-sites';
import { ClientLoad, percentile } from './support/client-load';
import { leastSquaresSlope, theilSenSlope } from './support/memory-trend';
import { runMain } from './support/run-main';
import { type Slot, startServiceFleet } from './support/service-fleet';

const arg = (name: string, env: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`);
  return Number(at >= 0 ? process.argv[at + 1] : (process.env[env] ?? fallback));
};
const MINUTES = arg('minutes', 'BENCH_MINUTES', 5);
const INTERVAL_S = arg('interval', 'BENCH_INTERVAL_S', 60);
const WARMUP_S = arg('warmup', 'BENCH_WARMUP_S', (MINUTES * 60) / 5);
const POOL = 300;
const BATCH = 50;
const SUBMIT_EVERY_MS = 200;
const RSS_SAMPLE_MS = 2000;

const rssMb = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
};

/** The values of the process's metric `name` (summed over label sets), read from its /metrics. */
async function scrape(slot: Slot, names: string[]): Promise<Record<string, number>> {
  const text = await fetch(slot.metricsUrl).then(
    (res) => res.text(),
    () => '',
  );
  const values: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(\{[^}]*\})? ([\d.e+-]+)$/.exec(line);
    if (match && names.includes(match[1]!) && !match[2]?.includes('le=')) values[match[1]!] = (values[match[1]!] ?? 0) + Number(match[3]);
  }
  return values;
}

async function main(): Promise<number> {
  const companies = fleetCompanies(POOL, 0, 'soak');
  console.log(
    `soak: ${MINUTES} min, one process of each kind; a single submission (refresh) every ${SUBMIT_EVERY_MS} ms, a ${BATCH}-domain batch ` +
      `every minute; ${INTERVAL_S} s intervals, warm-up ${WARMUP_S} s; ${os.cpus().length} CPUs`,
  );
  const runs = Math.ceil(((MINUTES * 60_000) / SUBMIT_EVERY_MS + MINUTES * BATCH) * 1.5);
  const fleet = await startServiceFleet({ name: 'soak', companies, replicas: 1, aiAnswers: runs });
  try {
    const load = new ClientLoad(fleet.baseUrl, fleet.key);
    const started = Date.now();
    const endAt = started + MINUTES * 60_000;
    let next = 0;
    const submitter = (async () => {
      while (Date.now() < endAt) {
        void load.submitSingle(companies[next++ % POOL]!.domain, true);
        await sleep(SUBMIT_EVERY_MS);
      }
    })();
    const poller = (async () => {
      while (Date.now() < endAt || load.openJobs > 0) {
        await load.pollOpen();
        await sleep(250);
        if (Date.now() > endAt + 120_000) break;
      }
    })();
    const batches = (async () => {
      for (let i = 0; Date.now() < endAt; i += 1) {
        const domains = Array.from({ length: BATCH }, (_, k) => companies[(i * BATCH + k) % POOL]!.domain);
        const batchId = await load.submitBatch(domains, true);
        if (batchId) void load.followBatch(batchId, () => Date.now() > endAt + 120_000);
        await sleep(60_000);
      }
    })();

    const memory = new Map<string, [number, number][]>(); // process → (minutes, lowest RSS MB of the interval)
    const p99s: number[] = [];
    let lastWait = { sum: 0, count: 0 };
    let errorsBefore = 0;
    console.log(
      `\n${'min'.padStart(5)}  ${fleet.slots.map((s) => `${s.name} RSS↓/heap/ext MB`.padStart(30)).join(' ')}   p99 ms  queue wait ms  errors`,
    );
    while (Date.now() < endAt) {
      const intervalStart = Date.now();
      const intervalEnd = Math.min(intervalStart + INTERVAL_S * 1000, endAt);
      const lowest = fleet.slots.map(() => Number.POSITIVE_INFINITY);
      do {
        fleet.slots.forEach((slot, i) => {
          lowest[i] = Math.min(lowest[i]!, rssMb(slot.app!.pid));
        });
        await sleep(Math.min(RSS_SAMPLE_MS, Math.max(0, intervalEnd - Date.now())));
      } while (Date.now() < intervalEnd);
      const minutes = (Date.now() - started) / 60_000;
      const columns: string[] = [];
      for (const [i, slot] of fleet.slots.entries()) {
        const rss = lowest[i]!;
        const node = await scrape(slot, ['nodejs_heap_size_total_bytes', 'nodejs_external_memory_bytes']);
        const mb = (bytes: number | undefined) => ((bytes ?? 0) / 1024 / 1024).toFixed(1);
        columns.push(
          `${rss.toFixed(1)} / ${mb(node.nodejs_heap_size_total_bytes)} / ${mb(node.nodejs_external_memory_bytes)}`.padStart(30),
        );
        if ((Date.now() - started) / 1000 >= WARMUP_S) {
          const series = memory.get(slot.name) ?? [];
          series.push([minutes, rss]);
          memory.set(slot.name, series);
        }
      }
      const scrapeSlot = fleet.slots.find((s) => s.kind === 'worker-scrape')!;
      const wait = await scrape(scrapeSlot, ['enrich_queue_wait_seconds_sum', 'enrich_queue_wait_seconds_count']);
      const sum = wait.enrich_queue_wait_seconds_sum ?? 0;
      const count = wait.enrich_queue_wait_seconds_count ?? 0;
      const meanWaitMs = count > lastWait.count ? ((sum - lastWait.sum) / (count - lastWait.count)) * 1000 : 0;
      lastWait = { sum, count };
      const inInterval = load.samples.filter((s) => s.at >= intervalStart);
      const p99 = percentile(
        inInterval.map((s) => s.ms),
        99,
      );
      p99s.push(p99);
      const errors = load.failures.length - errorsBefore;
      errorsBefore = load.failures.length;
      console.log(
        `${minutes.toFixed(1).padStart(5)}  ${columns.join(' ')}   ${p99.toFixed(0).padStart(6)}  ${meanWaitMs.toFixed(0).padStart(13)}  ${String(errors).padStart(6)}`,
      );
    }
    await Promise.all([submitter, batches]);
    await Promise.race([poller, sleep(120_000)]);

    console.log('');
    let pass = load.failures.length === 0;
    for (const [name, series] of memory) {
      const perTenMinutes = theilSenSlope(series) * 10;
      const ok = perTenMinutes < 1;
      pass &&= ok;
      console.log(
        `${`memory slope of ${name} after warm-up`.padEnd(48)} ${perTenMinutes.toFixed(2).padStart(8)} MB / 10 min   < 1   ${ok ? 'PASS' : 'ABOVE TARGET'}` +
          `   (least squares: ${(leastSquaresSlope(series) * 10).toFixed(2)})`,
      );
    }
    const afterWarmup = p99s.slice(Math.min(p99s.length - 1, Math.ceil(WARMUP_S / INTERVAL_S)));
    console.log(
      `${'p99 ms, first interval after warm-up → last'.padEnd(48)} ${afterWarmup[0]?.toFixed(0)} → ${afterWarmup.at(-1)?.toFixed(0)}`,
    );
    console.log(`${'requests'.padEnd(48)} ${load.samples.length}`);
    console.log(
      `${'errors (4xx/5xx or no answer)'.padEnd(48)} ${String(load.failures.length).padStart(8)}   0     ${load.failures.length === 0 ? 'PASS' : 'ABOVE TARGET'}`,
    );
    if (load.failures.length > 0) console.log(`failures (first 10):\n  ${load.failures.slice(0, 10).join('\n  ')}`);
    console.log(`the apps' output: ${fleet.logFile}`);
    return pass ? 0 : 1;
  } finally {
    await fleet.stop();
  }
}

runMain(main);
