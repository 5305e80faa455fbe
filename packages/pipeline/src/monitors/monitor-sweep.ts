import { teamLimits } from '@enrich/api-keys';
import { type Db, newJobId, type SqlTransaction, typedSql, utc, withSqlTransaction } from '@enrich/db';
import { admitJobs, intervalMs, type MonitorInterval, monthStart, nextCheckAt, undoAdmission } from '@enrich/jobs';
import type { Logger } from '@enrich/logger';
import type { Metrics } from '@enrich/metrics';
import { type QueueStore, type RetryPolicy, startJob, webhookJobs } from '@enrich/queue';
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
  /** MONITOR_CHECKS_PER_SECOND: the most checks this process submits a second, catch-up included. */
  checksPerSecond: number;
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
}

export interface SweepReport {
  due: number;
  submitted: number;
  pausedForQuota: number;
}

type DueMonitor = IClaimDueMonitorsResult;

// A sweep claims at most this many at once, however far behind: one transaction stays short.
const MAX_CLAIM = 500;

/**
 * Submits the checks of due monitors, paced: each pass claims at most what the rate allows for
 * the time since the last one, so checks left due by downtime are caught up at that rate rather
 * than in a burst. A check is an ordinary admission of the team (admitJobs: one run per domain
 * shared with whatever else refreshes it, the monthly quota counted as for any submission, a
 * duplicate within the freshness window free), queued in one start job per team. A team whose
 * quota refuses its checks has those monitors paused (reason quota) until the next month. Runs in
 * every scrape worker: the claim's SKIP LOCKED keeps replicas off each other's rows.
 */
export class MonitorSweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private lastPass = Date.now();
  private allowance = 0;

  constructor(private readonly deps: MonitorSweepDeps) {}

  start(): void {
    const tick = () => {
      this.running = this.runOnce()
        .catch((error: unknown) => this.deps.logger.warn('monitor sweep failed', { error }))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.deps.settings.sweepIntervalMs);
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

  /** One pass: resume monitors a past month's quota paused, then submit what the pace allows of the due ones. */
  async runOnce(now = new Date()): Promise<SweepReport> {
    const { db, metrics, settings } = this.deps;
    await resumeQuotaPaused.run({ now: utc(now), monthStart: utc(monthStart(now)) }, typedSql(db, 'monitors-resume'));
    const [{ due } = { due: 0 }] = await countDueMonitors.run({ now: utc(now) }, typedSql(db, 'monitors-due'));
    metrics.monitorsDue.set(due);
    // The pace: checks earned since the last pass (at most one sweep interval's worth banked).
    const elapsed = Math.max(0, now.getTime() - this.lastPass);
    this.lastPass = now.getTime();
    const perSweep = (settings.checksPerSecond * settings.sweepIntervalMs) / 1000;
    this.allowance = Math.min(Math.max(perSweep, 1), this.allowance + (settings.checksPerSecond * elapsed) / 1000);
    const limit = Math.min(MAX_CLAIM, Math.floor(this.allowance));
    if (due === 0 || limit === 0) return { due, submitted: 0, pausedForQuota: 0 };
    const report = await withSqlTransaction(db, async (tx) => {
      const claimed = await claimDueMonitors.run({ now: utc(now), limit }, tx('monitors-claim'));
      let submitted = 0;
      let paused = 0;
      for (const group of byTeamAndInterval(claimed)) {
        const done = await this.submitChecks(tx, group, now);
        submitted += done.submitted;
        paused += done.paused;
      }
      return { due, submitted, pausedForQuota: paused };
    });
    this.allowance -= report.submitted + report.pausedForQuota;
    return report;
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
