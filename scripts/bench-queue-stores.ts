// Benchmark (not a test): the two queue stores side by side in one run. `bench:api`'s submit
// scenarios and `bench:pipeline` run twice each, one after the other on this machine: with the
// queues in Redis (QUEUE_STORE=redis) and in PostgreSQL (QUEUE_STORE=postgres), everything else
// alike. Prints each figure, the PostgreSQL/Redis ratio and the target:
//   submit throughput (POST /enrich, unique and duplicate domains): PostgreSQL ≥ 0.5 of Redis;
//   the pipeline's wall time for its batch: PostgreSQL ≤ 1.1 of Redis.
// Each benchmark's own output goes to this process's output as it runs.
//
//   npm run bench:queue-stores
// Knobs: those of the two benchmarks (BENCH_DURATION_S, BENCH_DOMAINS, …), passed on.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { QueueStoreKind } from '@enrich/queue';
import { runMain } from './support/run-main';

const root = path.resolve(__dirname, '..');
const STORES: readonly QueueStoreKind[] = ['redis', 'postgres'];
const TARGETS = { submit: 0.5, pipeline: 1.1 } as const;

interface ApiSummary {
  lines: { name: string; processes: number; apiRps: number; bareRps: number }[];
  faults: boolean;
}
interface PipelineSummary {
  wallMs: number;
  idealMs: number;
  incomplete: number;
}

/** Runs one benchmark script with the queues in `store`; its summary, read back from the file it wrote. */
function run<T>(script: string, args: string[], store: QueueStoreKind, dir: string): T {
  const file = path.join(dir, `${path.basename(script, '.ts')}-${store}.json`);
  console.log(`\n== ${script} ${args.join(' ')}, QUEUE_STORE=${store}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], {
    cwd: root,
    stdio: 'inherit',
    // bench:pipeline's first line only: the comparison is of the stores, not of batch sizes.
    env: { ...process.env, QUEUE_STORE: store, BENCH_SUMMARY_FILE: file, BENCH_LARGE_DOMAINS: '0' },
  });
  // A benchmark exits 1 when one of its own targets is missed; its summary is still the
  // comparison's input. No summary: it failed before measuring.
  if (!existsSync(file)) throw new Error(`${script} with QUEUE_STORE=${store} exited ${result.status ?? result.signal} without a summary`);
  if (result.status !== 0) console.log(`(${script} exited ${result.status ?? result.signal}: a target of its own was missed, above)`);
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

const cell = (text: string, width: number) => text.padStart(width);

async function main(): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-queue-stores-'));
  try {
    const api = Object.fromEntries(
      STORES.map((store) => [store, run<ApiSummary>('scripts/bench-api.ts', ['--scenarios', 'submit,duplicate'], store, dir)]),
    ) as Record<QueueStoreKind, ApiSummary>;
    const pipeline = Object.fromEntries(
      STORES.map((store) => [store, run<PipelineSummary>('scripts/bench-pipeline.ts', [], store, dir)]),
    ) as Record<QueueStoreKind, PipelineSummary>;

    const rows: { label: string; redis: number; postgres: number; unit: string; ratio: number; ok: boolean; target: string }[] = [];
    for (const line of api.redis.lines.filter((l) => l.processes === 1)) {
      const other = api.postgres.lines.find((l) => l.name === line.name && l.processes === 1);
      if (!other) continue;
      const ratio = other.apiRps / line.apiRps;
      rows.push({
        label: line.name,
        redis: line.apiRps,
        postgres: other.apiRps,
        unit: 'req/s',
        ratio,
        ok: ratio >= TARGETS.submit,
        target: `≥ ${TARGETS.submit}`,
      });
    }
    const wall = pipeline.postgres.wallMs / pipeline.redis.wallMs;
    rows.push({
      label: `pipeline wall (ideal ${(pipeline.redis.idealMs / 1000).toFixed(2)} s)`,
      redis: pipeline.redis.wallMs / 1000,
      postgres: pipeline.postgres.wallMs / 1000,
      unit: 's',
      ratio: wall,
      ok: wall <= TARGETS.pipeline,
      target: `≤ ${TARGETS.pipeline}`,
    });

    console.log(`\nqueues in PostgreSQL against queues in Redis, one run each on this machine (${os.cpus().length} CPUs)`);
    console.log(`${'measure'.padEnd(44)}${cell('Redis', 12)}${cell('PostgreSQL', 12)}${cell('ratio', 8)}${cell('target', 9)}`);
    for (const row of rows) {
      const figure = (value: number) => (row.unit === 's' ? `${value.toFixed(2)} s` : `${Math.round(value)}/s`);
      const verdict = row.ok ? 'ok' : row.target.startsWith('≤') ? 'ABOVE TARGET' : 'BELOW TARGET';
      console.log(
        `${row.label.padEnd(44)}${cell(figure(row.redis), 12)}${cell(figure(row.postgres), 12)}${cell(row.ratio.toFixed(2), 8)}${cell(row.target, 9)}  ${verdict}`,
      );
    }
    const incomplete = pipeline.redis.incomplete + pipeline.postgres.incomplete;
    if (api.redis.faults || api.postgres.faults || incomplete > 0)
      console.log('\nINVALID: a run had faults or unfinished domains (see above)');
    return rows.every((row) => row.ok) && incomplete === 0 ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

runMain(main);
