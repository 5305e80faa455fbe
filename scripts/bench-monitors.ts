// Benchmark (not a test): `npm run bench:monitors`. BENCH_MONITORS monitors (100,000) of one
// interval (daily, a real day) added at once through the API's own store code (createMonitors,
// 1,000 per call as POST /monitors takes them), then:
//  - spread: their next checks bucketed per minute of the interval, max ÷ mean (target ≤ 1.5);
//  - storage: PostgreSQL rows and bytes (table and indexes) per monitor; Redis holds none;
//  - the sweep's own CPU per due check: process CPU around back-to-back sweep passes that claim
//    and submit due checks (admission, the start job queued, the monitors rescheduled), minus the
//    same number of passes with nothing due (the no-op baseline, measured in the same run), ÷ the
//    checks submitted (target ≤ 1 ms). PostgreSQL's own CPU is not in it;
//  - catch-up after a day down: every monitor due at once, the sweep run on its timer at
//    MONITOR_CHECKS_PER_SECOND / MONITOR_SWEEP_INTERVAL_MS (defaults 20 and 1,000) for
//    BENCH_CATCHUP_SECONDS (30); the achieved rate against the configured one (target: within
//    10 %, no second above 1.5× it).
// "A day down" is the sweep's clock moved a day on, not the rows rewritten. Queues: QUEUE_STORE
// (redis by default) under a prefix of its own; the database and the prefix are removed at the end.
import { randomBytes } from 'node:crypto';
import { createMonitors } from '@enrich/api';
import { issueApiKey } from '@enrich/api-keys';
import { createPrismaClient, dropDatabase, ensureDatabase, migrate, sqlPool } from '@enrich/db';
import { createLogger } from '@enrich/logger';
import { createMetrics } from '@enrich/metrics';
import { MonitorSweep, type MonitorSweepSettings, monitorCheckPace, type SweepReport, type TokenBucket } from '@enrich/pipeline';
import { createRedisConnection, openQueueStore, removePrefixKeys, waitUntilConnected } from '@enrich/queue';
import { runMain } from './support/run-main';

const N = Number(process.env.BENCH_MONITORS ?? 100_000);
const RATE = Number(process.env.MONITOR_CHECKS_PER_SECOND ?? 20);
const SWEEP_MS = Number(process.env.MONITOR_SWEEP_INTERVAL_MS ?? 1000);
const CATCHUP_SECONDS = Number(process.env.BENCH_CATCHUP_SECONDS ?? 30);
// Checks the CPU measure submits: enough passes of 500 to average, a fifth of the monitors at most.
const CPU_CHECKS = Math.min(20_000, Math.max(500, Math.floor(N / 5)));
const DAY_MS = 86_400_000;
const QUEUE_STORE = (process.env.QUEUE_STORE ?? 'redis') as 'redis' | 'postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const base = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/enrichment');
base.pathname = '/enrich_bench_monitors';
const DATABASE_URL = base.toString();

/** A sweep whose clock runs `offsetMs` ahead: the service coming back after that long down. */
class SweepAfter extends MonitorSweep {
  readonly passes: { at: number; report: SweepReport }[] = [];
  constructor(
    deps: ConstructorParameters<typeof MonitorSweep>[0],
    private readonly offsetMs: number,
  ) {
    super(deps);
  }
  override async runOnce(now = new Date()): Promise<SweepReport> {
    const report = await super.runOnce(new Date(now.getTime() + this.offsetMs));
    this.passes.push({ at: Date.now(), report });
    return report;
  }
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
const fmt = (value: number, digits = 2) => value.toFixed(digits);
const line = (name: string, value: string, target: string, missed: boolean) =>
  console.log(`${name.padEnd(44)} ${value.padStart(14)}   target ${target}${missed ? '   ABOVE TARGET' : ''}`);

runMain(async () => {
  await dropDatabase(DATABASE_URL); // a run that was killed leaves its database behind
  await ensureDatabase(DATABASE_URL);
  await migrate(DATABASE_URL);
  const db = createPrismaClient(DATABASE_URL, { maxConnections: 10 });
  const prefix = `bench-monitors-${randomBytes(3).toString('hex')}`;
  const queues = await openQueueStore(
    { QUEUE_STORE, QUEUE_PREFIX: prefix, REDIS_URL, REDIS_CLUSTER: false, DATABASE_URL },
    { role: 'worker', sharedPool: sqlPool(db) },
  );
  const pool = sqlPool(db);
  try {
    const { teamId } = await issueApiKey(db, 'bench-monitors', 'enterprise');
    // The checks are refreshes counted against the quota: one large enough that none is refused.
    await db.team.update({ where: { id: teamId }, data: { monthlyQuota: 100_000_000 } });
    const team = { teamId, plan: 'enterprise' as const };

    // Added at once: 1,000 a call, as POST /monitors takes them.
    const started = Date.now();
    for (let start = 0; start < N; start += 1000) {
      const domains = Array.from({ length: Math.min(1000, N - start) }, (_, i) => `m${start + i}.bench-monitors.com`);
      await createMonitors(db, team, { domains, interval: 'daily', fields: [] }, 86_400);
    }
    const addedMs = Date.now() - started;
    // What autovacuum would have done after a bulk load (it is off on these machines).
    await pool.query('VACUUM ANALYZE monitors');
    console.log(`bench:monitors: ${N} daily monitors added in ${fmt(addedMs / 1000, 1)} s (${QUEUE_STORE} queues)\n`);

    // Spread over the interval: per minute from the first monitor's creation.
    const { rows: spread } = await pool.query<{ minute: number; n: number }>(
      `SELECT floor(extract(epoch FROM next_check_at - (SELECT min(created_at) FROM monitors)) / 60)::int AS minute, count(*)::int AS n
       FROM monitors GROUP BY 1`,
    );
    const perMinute = new Map(spread.map((row) => [row.minute, row.n]));
    const minutes = DAY_MS / 60_000;
    const mean = N / minutes;
    const max = Math.max(...perMinute.values());
    const empty = Array.from({ length: minutes }, (_, m) => m).filter((m) => !perMinute.has(m)).length;
    line('checks per minute, max ÷ mean', `${fmt(max / mean)}`, '≤ 1.5', max / mean > 1.5);
    console.log(`  (${max} max, ${fmt(mean, 1)} mean over ${minutes} minutes, ${empty} minutes with none)`);

    // Storage.
    const { rows: size } = await pool.query<{ rows: number; bytes: string; heap: string }>(
      `SELECT (SELECT count(*)::int FROM monitors) AS rows, pg_total_relation_size('monitors') AS bytes,
              pg_relation_size('monitors') AS heap`,
    );
    const stored = size[0]!;
    line('PostgreSQL rows per monitor', fmt(stored.rows / N), '1 (monitors)', stored.rows / N > 1);
    line('PostgreSQL bytes per monitor', fmt(Number(stored.bytes) / N, 0), 'none set', false);
    console.log(
      `  (table ${fmt(Number(stored.heap) / N, 0)} B, indexes ${fmt((Number(stored.bytes) - Number(stored.heap)) / N, 0)} B; Redis: 0 keys per monitor, monitors live in PostgreSQL only)`,
    );

    const deps = {
      db,
      queues,
      retry: { attempts: 3, backoffMs: 1000 },
      logger: createLogger('silent'),
      metrics: createMetrics('worker-scrape'),
    };
    const settings = (sweepIntervalMs: number): MonitorSweepSettings => ({ daySeconds: 86_400, sweepIntervalMs, freshnessWindowHours: 24 });
    // Each measure's pace a bucket of its own in the deployment's shared state.
    const pace = (name: string, checksPerSecond: number, sweepIntervalMs: number): TokenBucket =>
      monitorCheckPace(queues.state, { checksPerSecond, sweepIntervalMs }, name);

    // The sweep's own CPU: passes of 500 (its largest claim) a day on, against as many passes with nothing due.
    const busy = new SweepAfter({ ...deps, settings: settings(50), pace: pace('bench-busy', 10_000, 50) }, DAY_MS);
    const idle = new SweepAfter({ ...deps, settings: settings(50), pace: pace('bench-idle', 10_000, 50) }, 0);
    await idle.runOnce(); // warm the statements
    let submitted = 0;
    let passes = 0;
    const busyStart = process.cpuUsage();
    const busyWall = performance.now();
    while (submitted < CPU_CHECKS) {
      const report = await busy.runOnce();
      submitted += report.submitted;
      passes += 1;
      if (report.submitted === 0) await new Promise((resolve) => setTimeout(resolve, 60));
    }
    const busyCpu = cpuMs(process.cpuUsage(busyStart));
    const busyWallMs = performance.now() - busyWall;
    const idleStart = process.cpuUsage();
    for (let i = 0; i < passes; i += 1) await idle.runOnce();
    const idleCpu = cpuMs(process.cpuUsage(idleStart));
    const perCheck = (busyCpu - idleCpu) / submitted;
    line('sweep CPU per due check (ms)', fmt(perCheck, 3), '≤ 1 ms', perCheck > 1);
    console.log(
      `  (${submitted} checks in ${passes} passes: ${fmt(busyCpu, 0)} ms CPU, ${fmt(busyWallMs, 0)} ms wall; ` +
        `the same passes with nothing due: ${fmt(idleCpu, 0)} ms CPU)`,
    );

    // Catch-up after a day down, paced, on the sweep's own timer.
    const catchUp = new SweepAfter({ ...deps, settings: settings(SWEEP_MS), pace: pace('bench-catch-up', RATE, SWEEP_MS) }, DAY_MS);
    const [{ due: dueAtStart }] = (
      await pool.query<{ due: number }>(`SELECT count(*)::int AS due FROM monitors WHERE next_check_at <= $1`, [
        new Date(Date.now() + DAY_MS),
      ])
    ).rows as [{ due: number }];
    const from = Date.now();
    catchUp.start();
    await new Promise((resolve) => setTimeout(resolve, CATCHUP_SECONDS * 1000));
    await catchUp.close();
    const seconds = (Date.now() - from) / 1000;
    const caught = catchUp.passes.reduce((sum, pass) => sum + pass.report.submitted, 0);
    // The steady rate: from the first pass (one sweep interval after start) to the last.
    const first = catchUp.passes[0];
    const last = catchUp.passes.at(-1);
    const steady = first && last && last.at > first.at ? (caught - first.report.submitted) / ((last.at - first.at) / 1000) : 0;
    const perSecond = new Map<number, number>();
    for (const pass of catchUp.passes) {
      const second = Math.floor((pass.at - from) / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + pass.report.submitted);
    }
    const peak = Math.max(0, ...perSecond.values());
    const band = `${fmt(RATE * 0.9, 1)}–${fmt(RATE * 1.1, 1)}`;
    line(`catch-up rate (checks/s, configured ${RATE})`, fmt(steady, 1), band, Math.abs(steady - RATE) > RATE * 0.1);
    line('catch-up busiest second (checks)', String(peak), `≤ ${fmt(RATE * 1.5, 0)}`, peak > RATE * 1.5);
    const hours = (dueAtStart - caught) / RATE / 3600;
    console.log(
      `  (${dueAtStart} due after the day down; ${caught} submitted in ${fmt(seconds, 1)} s, ${catchUp.passes.length} passes, ` +
        `${fmt(caught / seconds, 1)}/s counting the first interval; the rest take ${fmt(hours, 2)} h at ${RATE}/s)`,
    );
    return 0;
  } finally {
    await queues.close();
    if (QUEUE_STORE === 'redis') {
      const redis = createRedisConnection(REDIS_URL, 'producer');
      await waitUntilConnected(redis, 5000);
      await removePrefixKeys(redis, prefix);
      redis.disconnect();
    }
    await db.$disconnect();
    await dropDatabase(DATABASE_URL);
  }
});
