// The other design the issue named: BullMQ job schedulers, one per monitor (`every` its interval,
// `offset` its phase, so its checks fall where the sweep's do), on the bench's own Redis server.
// Measured: Redis memory and keys per monitor, how the next checks fall over the day, the CPU of
// due checks (a worker whose job runs the same check the sweep runs: the monitor's row read, its
// admission, the start job queued, the row rescheduled, through MonitorSweep.submitClaimed),
// and the cost of upserting, changing the cadence of and removing a scheduler.
import { type Db, withSqlTransaction } from '@enrich/db';
import type { DueMonitor, MonitorSweep } from '@enrich/pipeline';
import { bullPrefix, createRedisConnection, waitUntilConnected } from '@enrich/queue';
import { type Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { cpuSplit, type OpCost, timed } from './cpu-split';

export interface SchedulerFigures {
  add: OpCost;
  redisBytes: number;
  redisKeys: number;
  /** When each scheduler's next check falls (epoch ms). */
  nextChecks: number[];
  check: OpCost & { checks: number };
  /** A due job that does nothing: what BullMQ itself costs a check. */
  handoff: OpCost;
  cadence: OpCost;
  remove: OpCost;
}

export interface SchedulerBench {
  redisUrl: string;
  redisPid: number;
  database: string;
  prefix: string;
  db: Db;
  pool: pg.Pool;
  dayMs: number;
  /** Every monitor: a scheduler each. */
  monitors: { id: string; phase: number }[];
  /** The monitors whose checks are run (none the sweep's measures touch). */
  checked: string[];
  /** Runs a check as a sweep pass does. */
  sweep: MonitorSweep;
  /** Cadence changes and removals timed. */
  ops: number;
}

// Checks run side by side: each holds a transaction and its admission another connection, and
// the bench's pool has 10.
export const CONCURRENCY = 4;

const template = (id: string) => ({ name: 'monitor-check', data: { monitorId: id }, opts: { removeOnComplete: true, removeOnFail: true } });

// The claim's row, read by id: what a scheduler's job holds is its monitor's id.
const MONITOR_ROW = `SELECT m.id, m.team_id AS "teamId", m.domain, m.interval, m.phase, m.next_check_at AS "nextCheckAt",
  t.plan, t.monthly_quota AS "monthlyQuota" FROM monitors m JOIN teams t ON t.id = m.team_id WHERE m.id = $1`;

async function memory(redis: Redis): Promise<{ bytes: number; keys: number }> {
  const info = await redis.info('memory');
  return { bytes: Number(/used_memory:(\d+)/.exec(info)?.[1]), keys: await redis.dbsize() };
}

/** In slices of `size` side by side, as an API replica would upsert a POST's thousand monitors. */
async function inSlices<T>(items: T[], size: number, each: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(each));
}

export async function measureSchedulers(bench: SchedulerBench): Promise<SchedulerFigures> {
  const { dayMs, monitors, pool } = bench;
  const meter = () => cpuSplit(bench.redisPid, bench.database);
  const redis = createRedisConnection(bench.redisUrl, 'worker');
  const workerRedis = createRedisConnection(bench.redisUrl, 'worker');
  await waitUntilConnected(redis, 5000);
  const connection = { connection: redis, prefix: bullPrefix(bench.prefix) };
  const queue = new Queue('monitor-schedulers', connection);
  try {
    await queue.waitUntilReady();
    const before = await memory(redis);
    const add = await timed(monitors.length, meter, () =>
      inSlices(monitors, 100, ({ id, phase }) =>
        queue.upsertJobScheduler(`mon:${id}`, { every: dayMs, offset: Math.floor(phase * dayMs) }, template(id)),
      ),
    );
    const after = await memory(redis);
    const repeat = await redis.zrange(`${bullPrefix(bench.prefix)}:monitor-schedulers:repeat`, '0', '-1', 'WITHSCORES');
    const nextChecks = repeat.filter((_, i) => i % 2 === 1).map(Number);

    // Due checks: schedulers without an offset fall due at once (BullMQ's own default), and a
    // worker runs each job; each job it takes makes its scheduler's next one. Once with the
    // check, once with a job that does nothing (BullMQ's own share).
    const runDue = async (name: string, processor: (monitorId: string) => Promise<unknown>) => {
      const dueQueue = new Queue(name, connection);
      await inSlices(bench.checked, 100, (id) => dueQueue.upsertJobScheduler(`mon:${id}`, { every: dayMs }, template(id)));
      await dueQueue.close();
      return timed(bench.checked.length, meter, () => runAll(name, (job) => processor((job.data as { monitorId: string }).monitorId)));
    };
    const runAll = (name: string, processor: (job: Job) => Promise<unknown>) =>
      new Promise<void>((resolve, reject) => {
        const worker = new Worker(name, processor, { ...connection, connection: workerRedis, concurrency: CONCURRENCY });
        let ended = 0;
        const failures = new Set<string>();
        const count = () => {
          ended += 1;
          if (ended < bench.checked.length) return;
          void worker
            .close()
            .then(() => (failures.size > 0 ? reject(new Error(`scheduler jobs failed: ${[...failures].join('; ')}`)) : resolve()));
        };
        worker.on('completed', count);
        worker.on('failed', (_job, error) => {
          failures.add(error.message);
          count();
        });
      });
    const check = await runDue('monitor-scheduler-checks', async (monitorId) => {
      const { rows } = await pool.query<DueMonitor>(MONITOR_ROW, [monitorId]);
      await withSqlTransaction(bench.db, (tx) => bench.sweep.submitClaimed(tx, rows, new Date()));
    });
    const handoff = await runDue('monitor-scheduler-noop', async () => undefined);

    const changed = monitors.slice(0, bench.ops);
    const cadence = await timed(changed.length, meter, async () => {
      for (const { id, phase } of changed) {
        await queue.upsertJobScheduler(`mon:${id}`, { every: 7 * dayMs, offset: Math.floor(phase * 7 * dayMs) }, template(id));
      }
    });
    const removed = monitors.slice(bench.ops, 2 * bench.ops);
    const remove = await timed(removed.length, meter, async () => {
      for (const { id } of removed) await queue.removeJobScheduler(`mon:${id}`);
    });
    return {
      add,
      redisBytes: (after.bytes - before.bytes) / monitors.length,
      redisKeys: (after.keys - before.keys) / monitors.length,
      nextChecks,
      check: { ...check, checks: bench.checked.length },
      handoff,
      cadence,
      remove,
    };
  } finally {
    await queue.close();
    redis.disconnect();
    workerRedis.disconnect();
  }
}
