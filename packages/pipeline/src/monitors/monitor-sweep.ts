import { teamLimits } from '@enrich/api-keys';
import { type Db, newJobId, type SqlTransaction, typedSql, utc, withSqlTransaction } from '@enrich/db';
import { admitJobs, intervalMs, type MonitorInterval, monthStart, nextCheckAt, undoAdmission } from '@enrich/jobs';
import type { Logger } from '@enrich/logger';
import type { Metrics } from '@enrich/metrics';
import { type QueueStore, type RetryPolicy, type SharedState, startJob, webhookJobs } from '@enrich/queue';
import { createTokenBucket, type TokenBucket } from '../token-bucket';
import {
  claimDueMonitors,
  countDueMonitors,
  type IClaimDueMonitorsResult,
  pauseForQuota,
  resumeQuotaPaused,
  scheduleChecks,
} from './monitor-sweep.queries';

export interface MonitorSweepSettings {
  /** MONITOR_DAY_SECONDS: how long a day of the intervals is (tests: seconds). */
  daySeconds: number;
  /** MONITOR_SWEEP_INTERVAL_MS: how often this process looks for due monitors. */
  sweepIntervalMs: number;
  /** FRESHNESS_WINDOW_HOURS: a record this fresh (and at most half an interval old) answers a check. */
  freshnessWindowHours: number;
}

export interface MonitorSweepDeps {
  db: Db;
  queues: QueueStore;
  retry: RetryPolicy;
  logger: Logger;
  metrics: Metrics;
  settings: MonitorSweepSettings;
  /** The fleet's pace (monitorCheckPace): every replica's sweep takes its checks from it. */
  pace: TokenBucket;
}

/**
 * The checks the whole fleet may submit: MONITOR_CHECKS_PER_SECOND shared by every scrape
 * worker through the deployment's shared state, so that adding replicas adds no checks a
 * second. At most one sweep interval's worth is banked: after downtime the backlog drains at
 * the rate, not in a burst.
 */
export function monitorCheckPace(
  state: SharedState,
  settings: { checksPerSecond: number; sweepIntervalMs: number },
  name = 'monitor-checks',
): TokenBucket {
  const { checksPerSecond, sweepIntervalMs } = settings;
  return createTokenBucket(state, {
    name,
    perSecond: checksPerSecond,
    burst: Math.max(1, (checksPerSecond * sweepIntervalMs) / 1000),
  });
}

export interface SweepReport {
  due: number;
  submitted: number;
  pausedForQuota: number;
}

/** A due monitor as the claim reads it, with what admitting its check needs of its team. */
export type DueMonitor = IClaimDueMonitorsResult;

// A sweep claims at most this many at once, however far behind: one transaction stays short.
const MAX_CLAIM = 500;

/**
 * Submits the checks of due monitors, paced: each pass claims at most what the fleet's pace
 * grants it, so checks left due by downtime are caught up at that rate rather than in a burst,
 * however many replicas sweep. A check is an ordinary admission of the team (admitJobs: one run per domain
 * shared with whatever else refreshes it, the monthly quota counted as for any submission, a
 * duplicate within the freshness window free), queued in one start job per team. A team whose
 * quota refuses its checks has those monitors paused (reason quota) until the next month. Runs in
 * every scrape worker: the claim's SKIP LOCKED keeps replicas off each other's rows.
 */
export class MonitorSweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: MonitorSweepDeps) {}

  start(): void {
    const { sweepIntervalMs } = this.deps.settings;
    const tick = () => {
      const began = Date.now();
      this.running = this.runOnce()
        .catch((error: unknown) => this.deps.logger.warn('monitor sweep failed', { error }))
        .finally(() => {
          // Timed from the pass's start: the pace banks one interval's worth at most, so passes
          // timed from their ends would lose each pass's own duration from the rate.
          if (this.timer) this.timer = setTimeout(tick, Math.max(0, sweepIntervalMs - (Date.now() - began)));
        });
    };
    this.timer = setTimeout(tick, this.deps.settings.sweepIntervalMs);
  }

  /** Stops sweeping; a pass under way finishes (its claims commit or roll back whole). */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /**
   * One pass: resume monitors a past month's quota paused, then submit what the pace grants of
   * the due ones. `now` is the pass's clock, the pace's included (tests pass a fake one).
   */
  async runOnce(now = new Date()): Promise<SweepReport> {
    const { db, metrics, pace, logger } = this.deps;
    await resumeQuotaPaused.run({ now: utc(now), monthStart: utc(monthStart(now)) }, typedSql(db, 'monitors-resume'));
    const [{ due } = { due: 0 }] = await countDueMonitors.run({ now: utc(now) }, typedSql(db, 'monitors-due'));
    metrics.monitorsDue.set(due);
    if (due === 0) return { due, submitted: 0, pausedForQuota: 0 };
    const limit = await pace.take(Math.min(MAX_CLAIM, due), now);
    if (limit === 0) return { due, submitted: 0, pausedForQuota: 0 };
    let used = 0;
    try {
      const report = await this.claimAndSubmit(due, limit, now);
      used = report.submitted + report.pausedForQuota;
      return report;
    } finally {
      // Rows another replica held (SKIP LOCKED), or a pass that failed: the fleet may use them.
      if (used < limit) {
        await pace
          .giveBack(limit - used, now)
          .catch((error: unknown) => logger.warn('monitor checks not given back to the pace', { error }));
      }
    }
  }

  private claimAndSubmit(due: number, limit: number, now: Date): Promise<SweepReport> {
    return withSqlTransaction(this.deps.db, async (tx) => {
      const claimed = await claimDueMonitors.run({ now: utc(now), limit }, tx('monitors-claim'));
      return { due, ...(await this.submitClaimed(tx, claimed, now)) };
    });
  }

  /**
   * Submits the checks of monitors claimed in `tx`, as a pass does with its claim. Public for
   * bench:monitors, whose BullMQ job schedulers (one per monitor) run a check through it.
   */
  async submitClaimed(tx: SqlTransaction, claimed: DueMonitor[], now: Date): Promise<Omit<SweepReport, 'due'>> {
    let submitted = 0;
    let paused = 0;
    for (const group of byTeamAndInterval(claimed)) {
      const done = await this.submitChecks(tx, group, now);
      submitted += done.submitted;
      paused += done.paused;
    }
    return { submitted, pausedForQuota: paused };
  }

  /** One team's due checks of one interval: admitted together, or each alone when the quota refuses the group. */
  private async submitChecks(tx: SqlTransaction, group: DueMonitor[], now: Date): Promise<{ submitted: number; paused: number }> {
    const admitted = await this.admit(group, now);
    if (admitted) {
      await this.schedule(tx, group, admitted, now);
      return { submitted: group.length, paused: 0 };
    }
    if (group.length === 1) {
      await this.pause(tx, group, now);
      return { submitted: 0, paused: 1 };
    }
    let submitted = 0;
    let paused = 0;
    for (const monitor of group) {
      const one = await this.submitChecks(tx, [monitor], now);
      submitted += one.submitted;
      paused += one.paused;
    }
    return { submitted, paused };
  }

  /** Admits the group's checks and queues them; null when the month's quota cannot cover them. */
  private async admit(group: DueMonitor[], now: Date): Promise<{ id: string; fresh: boolean }[] | null> {
    const { db, queues, retry, settings, metrics } = this.deps;
    const first = group[0]!;
    const interval = intervalMs(first.interval as MonitorInterval, settings.daySeconds);
    const windowMs = settings.freshnessWindowHours * 3_600_000;
    const admission = {
      teamId: first.teamId,
      batch: null,
      createdAt: now,
      jobs: group.map((monitor) => ({ id: newJobId(), domain: monitor.domain })),
      monthlyQuota: teamLimits(first.plan, { rateLimitPerMinute: null, rateLimitPerDay: null, monthlyQuota: first.monthlyQuota }).monthly,
      month: monthStart(now),
      // A check wants a record no older than half its interval, however long records stay fresh.
      freshAfter: windowMs === 0 ? null : new Date(now.getTime() - Math.min(windowMs, interval / 2)),
      duplicateSince: windowMs === 0 ? null : new Date(now.getTime() - windowMs),
    };
    const result = await admitJobs(db, admission);
    if (!result.admitted) return null;
    const toRun = result.jobs.filter((job) => !job.fresh).map((job) => ({ jobId: job.id, domain: job.domain }));
    const deliveries = webhookJobs(result.deliveries, retry);
    try {
      if (toRun.length > 0 || deliveries.length > 0) {
        await queues.flows().addBulk([...(toRun.length > 0 ? [startJob(toRun, retry)] : []), ...deliveries]);
      }
    } catch (error) {
      // The rows and the charge go back; the monitors stay due and the next pass tries again.
      await undoAdmission(db, admission, result).catch(() => undefined);
      throw error;
    }
    for (const monitor of group) metrics.monitorCheckLateness.observe(Math.max(0, now.getTime() - monitor.nextCheckAt.getTime()) / 1000);
    metrics.monitorChecks.labels('submitted').inc(group.length);
    return result.jobs.map((job) => ({ id: job.id, fresh: job.fresh }));
  }

  private async schedule(tx: SqlTransaction, group: DueMonitor[], jobs: { id: string; fresh: boolean }[], now: Date): Promise<void> {
    const { daySeconds } = this.deps.settings;
    await scheduleChecks.run(
      {
        now: utc(now),
        ids: group.map((monitor) => monitor.id),
        jobIds: jobs.map((job) => job.id),
        // The next point of each monitor's interval after now: a monitor checked late skips the points it missed.
        nextChecks: group.map((monitor) =>
          utc(nextCheckAt(monitor.phase, intervalMs(monitor.interval as MonitorInterval, daySeconds), now)),
        ),
        fresh: jobs.map((job) => job.fresh),
      },
      tx('monitors-schedule'),
    );
  }

  private async pause(tx: SqlTransaction, group: DueMonitor[], now: Date): Promise<void> {
    const message = 'the monthly quota is used up; checks resume next month';
    await pauseForQuota.run({ now: utc(now), ids: group.map((monitor) => monitor.id), message }, tx('monitors-pause-quota'));
    this.deps.metrics.monitorChecks.labels('refused').inc(group.length);
  }
}

function byTeamAndInterval(monitors: DueMonitor[]): DueMonitor[][] {
  const groups = new Map<string, DueMonitor[]>();
  for (const monitor of monitors) {
    const key = `${monitor.teamId}\0${monitor.interval}`;
    const group = groups.get(key);
    if (group) group.push(monitor);
    else groups.set(key, [monitor]);
  }
  return [...groups.values()];
}
