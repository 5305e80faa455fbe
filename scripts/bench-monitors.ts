// Benchmark (not a test): `npm run bench:monitors`. BENCH_MONITORS monitors (100,000) of one
// interval (daily, a real day) added at once through the API's own store code (createMonitors,
// 1,000 per call as POST /monitors takes them), then:
//  - spread: their next checks bucketed per minute of the interval, max ÷ mean (target ≤ 1.5);
//  - storage: PostgreSQL rows and bytes (table and indexes) per monitor; Redis holds none;
//  - the sweep's own CPU per due check: process CPU around back-to-back sweep passes that claim
//    and submit due checks (admission, the start job queued, the monitors rescheduled), minus the
//    same number of passes with nothing due (the no-op baseline, measured in the same run), ÷ the
//    checks submitted (target ≤ 1 ms); beside it the same passes' Redis and PostgreSQL CPU;
//  - catch-up after a day down: every monitor due at once, the sweep run on its own timer at
//    MONITOR_CHECKS_PER_SECOND / MONITOR_SWEEP_INTERVAL_MS (defaults 20 and 1,000) for
//    BENCH_CATCHUP_SECONDS (30); the achieved rate against the configured one (target: within
//    10 %, no second above 1.5× it);
//  - the sweep beside BullMQ job schedulers, one per monitor (bench-monitors/schedulers.ts), at
//    the same number of monitors: Redis memory, spread, CPU per due check (Node + Redis +
//    PostgreSQL), and the cost to add a monitor, change its cadence and delete it.
// "A day down" is the sweep's clock moved a day on, not the rows rewritten. Redis is a server of
// the bench's own (redis-server on a free port), so its memory and CPU are the bench's alone.
// Queues: QUEUE_STORE (redis by default) under a prefix of its own; the database is removed at
// the end.
import { randomBytes } from 'node:crypto';
import { createMonitors, deleteMonitor, updateMonitor } from '@enrich/api';
import { issueApiKey } from '@enrich/api-keys';
import { createPrismaClient, dropDatabase, ensureDatabase, migrate, sqlPool } from '@enrich/db';
import { createLogger } from '@enrich/logger';
import { createMetrics } from '@enrich/metrics';
import { MonitorSweep, type MonitorSweepSettings, monitorCheckPace, type SweepReport, type TokenBucket } from '@enrich/pipeline';
import { openQueueStore } from '@enrich/queue';
import { startRedisServer } from '@enrich/testkit';
import { type CpuSplit, cpuMinus, cpuPer, cpuSplit, cpuTotal, type OpCost, timed } from './bench-monitors/cpu-split';
import { CONCURRENCY, measureSchedulers } from './bench-monitors/schedulers';
import { runMain } from './support/run-main';

const N = Number(process.env.BENCH_MONITORS ?? 100_000);
const RATE = Number(process.env.MONITOR_CHECKS_PER_SECOND ?? 20);
const SWEEP_MS = Number(process.env.MONITOR_SWEEP_INTERVAL_MS ?? 1000);
const CATCHUP_SECONDS = Number(process.env.BENCH_CATCHUP_SECONDS ?? 30);
// Checks the CPU measure submits: enough passes of 500 to average, a fifth of the monitors at most.
const CPU_CHECKS = Math.min(20_000, Math.max(500, Math.floor(N / 5)));
// Cadence changes and deletions timed, each way.
const OPS = Math.min(1000, Math.floor(N / 10));
const DAY_MS = 86_400_000;
const MINUTES = DAY_MS / 60_000;
const QUEUE_STORE = (process.env.QUEUE_STORE ?? 'redis') as 'redis' | 'postgres';
const DATABASE = 'enrich_bench_monitors';
const base = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/enrichment');
base.pathname = `/${DATABASE}`;
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

const fmt = (value: number, digits = 2) => value.toFixed(digits);
const line = (name: string, value: string, target: string, missed: boolean) =>
  console.log(`${name.padEnd(44)} ${value.padStart(14)}   target ${target}${missed ? '   ABOVE TARGET' : ''}`);
const row = (name: string, sweep: string, schedulers: string) =>
  console.log(`${name.padEnd(44)} ${sweep.padStart(24)} ${schedulers.padStart(24)}`);
const cpuCell = (cpu: CpuSplit) => `${fmt(cpuTotal(cpu), 3)} (${fmt(cpu.node, 3)}/${fmt(cpu.redis, 3)}/${fmt(cpu.postgres, 3)})`;
const opCell = (op: OpCost) => `${fmt(op.wallMs, 3)} ms, ${fmt(cpuTotal(op.cpu), 3)} CPU`;

/** How evenly `times` fall over the day from `from`: the busiest minute against the mean. */
function spread(times: number[], from: number): { ratio: number; max: number; mean: number; empty: number } {
  const perMinute = new Map<number, number>();
  for (const t of times) {
    const minute = Math.floor((t - from) / 60_000);
    perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
  }
  const mean = times.length / MINUTES;
  const max = Math.max(...perMinute.values());
  const empty = Array.from({ length: MINUTES }, (_, m) => m).filter((m) => !perMinute.has(m)).length;
  return { ratio: max / mean, max, mean, empty };
}

runMain(async () => {
  await dropDatabase(DATABASE_URL); // a run that was killed leaves its database behind
  await ensureDatabase(DATABASE_URL);
  await migrate(DATABASE_URL);
  const redisServer = await startRedisServer();
  const db = createPrismaClient(DATABASE_URL, { maxConnections: 10 });
  const prefix = `bench-monitors-${randomBytes(3).toString('hex')}`;
  const queues = await openQueueStore(
    { QUEUE_STORE, QUEUE_PREFIX: prefix, REDIS_URL: redisServer.url, REDIS_CLUSTER: false, DATABASE_URL },
    { role: 'worker', sharedPool: sqlPool(db) },
  );
  const pool = sqlPool(db);
  const cpu = () => cpuSplit(redisServer.pid, DATABASE);
  try {
    const { teamId } = await issueApiKey(db, 'bench-monitors', 'enterprise');
    // The checks are refreshes counted against the quota: one large enough that none is refused.
    await db.team.update({ where: { id: teamId }, data: { monthlyQuota: 100_000_000 } });
    const team = { teamId, plan: 'enterprise' as const };

    // Added at once: 1,000 a call, as POST /monitors takes them.
    const started = Date.now();
    const adding = cpu();
    for (let start = 0; start < N; start += 1000) {
      const domains = Array.from({ length: Math.min(1000, N - start) }, (_, i) => `m${start + i}.bench-monitors.com`);
      await createMonitors(db, team, { domains, interval: 'daily', fields: [] }, 86_400);
    }
    const addedMs = Date.now() - started;
    const sweepAdd: OpCost = { wallMs: addedMs / N, cpu: cpuPer(adding.end(), N) };
    // What autovacuum would have done after a bulk load (it is off on these machines).
    await pool.query('VACUUM ANALYZE monitors');
    console.log(`bench:monitors: ${N} daily monitors added in ${fmt(addedMs / 1000, 1)} s (${QUEUE_STORE} queues)\n`);

    // Spread over the interval: per minute from the first monitor's creation.
    const { rows: times } = await pool.query<{ t: number; from: number }>(
      `SELECT extract(epoch FROM next_check_at) * 1000 AS t, extract(epoch FROM (SELECT min(created_at) FROM monitors)) * 1000 AS from
       FROM monitors`,
    );
    const sweepSpread = spread(
      times.map((r) => Number(r.t)),
      Number(times[0]!.from),
    );
    line('checks per minute, max ÷ mean', `${fmt(sweepSpread.ratio)}`, '≤ 1.5', sweepSpread.ratio > 1.5);
    console.log(
      `  (${sweepSpread.max} max, ${fmt(sweepSpread.mean, 1)} mean over ${MINUTES} minutes, ${sweepSpread.empty} minutes with none)`,
    );

    // Storage.
    const { rows: size } = await pool.query<{ rows: number; bytes: string; heap: string }>(
      `SELECT (SELECT count(*)::int FROM monitors) AS rows, pg_total_relation_size('monitors') AS bytes,
              pg_relation_size('monitors') AS heap`,
    );
    const stored = size[0]!;
    const rowBytes = Number(stored.bytes) / N;
    line('PostgreSQL rows per monitor', fmt(stored.rows / N), '1 (monitors)', stored.rows / N > 1);
    line('PostgreSQL bytes per monitor', fmt(rowBytes, 0), 'none set', false);
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
    const busyCpu = cpu();
    const busyWall = performance.now();
    while (submitted < CPU_CHECKS) {
      const report = await busy.runOnce();
      submitted += report.submitted;
      passes += 1;
      if (report.submitted === 0) await new Promise((resolve) => setTimeout(resolve, 60));
    }
    const busySplit = busyCpu.end();
    const busyWallMs = performance.now() - busyWall;
    const idleCpu = cpu();
    for (let i = 0; i < passes; i += 1) await idle.runOnce();
    const idleSplit = idleCpu.end();
    const sweepCheck = cpuPer(cpuMinus(busySplit, idleSplit), submitted);
    line('sweep CPU per due check (ms)', fmt(sweepCheck.node, 3), '≤ 1 ms', sweepCheck.node > 1);
    console.log(
      `  (${submitted} checks in ${passes} passes: ${fmt(busySplit.node, 0)} ms CPU, ${fmt(busyWallMs, 0)} ms wall; ` +
        `the same passes with nothing due: ${fmt(idleSplit.node, 0)} ms CPU; per check beside it, Redis ${fmt(sweepCheck.redis, 3)} ms ` +
        `and PostgreSQL ${fmt(sweepCheck.postgres, 3)} ms)`,
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

    // The same monitors as BullMQ job schedulers; their checks on monitors no measure above touched.
    const { rows: monitors } = await pool.query<{ id: string; phase: number }>('SELECT id, phase FROM monitors ORDER BY created_at, id');
    const { rows: untouched } = await pool.query<{ id: string }>(
      'SELECT id FROM monitors WHERE check_job_id IS NULL ORDER BY next_check_at DESC LIMIT $1',
      [CPU_CHECKS],
    );
    const schedulersFrom = Date.now();
    const schedulers = await measureSchedulers({
      redisUrl: redisServer.url,
      redisPid: redisServer.pid,
      database: DATABASE,
      prefix,
      db,
      pool,
      dayMs: DAY_MS,
      monitors,
      checked: untouched.map((r) => r.id),
      sweep: new MonitorSweep({ ...deps, settings: settings(SWEEP_MS), pace: pace('bench-schedulers', 10_000, SWEEP_MS) }),
      ops: OPS,
    });
    const schedulerSpread = spread(schedulers.nextChecks, schedulersFrom);

    // The sweep's cadence change and deletion: the API's own store calls, one row each.
    const changed = monitors.slice(2 * OPS, 3 * OPS);
    const sweepCadence = await timed(changed.length, cpu, async () => {
      for (const { id } of changed) await updateMonitor(db, team, id, { interval: 'weekly' }, 86_400);
    });
    const removed = monitors.slice(3 * OPS, 4 * OPS);
    const sweepRemove = await timed(removed.length, cpu, async () => {
      for (const { id } of removed) await deleteMonitor(db, teamId, id);
    });

    console.log(`\nsweep beside BullMQ job schedulers (one per monitor), ${N} daily monitors; CPU ms as total (Node/Redis/PostgreSQL)`);
    row('', 'sweep', 'job schedulers');
    row('Redis memory per monitor', '0 B, 0 keys', `${fmt(schedulers.redisBytes, 0)} B, ${fmt(schedulers.redisKeys, 1)} keys`);
    row('PostgreSQL bytes per monitor', `${fmt(rowBytes, 0)} B`, `${fmt(rowBytes, 0)} B (the row stays)`);
    row('checks per minute, max ÷ mean', fmt(sweepSpread.ratio), fmt(schedulerSpread.ratio));
    row('CPU per due check (ms)', cpuCell(sweepCheck), cpuCell(schedulers.check.cpu));
    row('  of which BullMQ (a job doing nothing)', '', cpuCell(schedulers.handoff.cpu));
    row('add a monitor (per monitor)', opCell(sweepAdd), `+ ${opCell(schedulers.add)}`);
    row("change a monitor's cadence", opCell(sweepCadence), `+ ${opCell(schedulers.cadence)}`);
    row('delete a monitor', opCell(sweepRemove), `+ ${opCell(schedulers.remove)}`);
    console.log(
      `  (schedulers: ${schedulers.check.checks} due checks run by a worker of concurrency ${CONCURRENCY} in ${fmt((schedulers.check.wallMs * schedulers.check.checks) / 1000, 1)} s, ` +
        `each the sweep's own check of one monitor; "+": on top of the row's write, which the API keeps making for its reads; ` +
        `sweep checks: ${submitted} in passes of 500)`,
    );
    return 0;
  } finally {
    await queues.close();
    await db.$disconnect();
    await dropDatabase(DATABASE_URL);
    redisServer.stop();
  }
});
