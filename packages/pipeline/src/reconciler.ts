import { type Db, typedSql, utc } from '@enrich/db';
import { ErrorCode } from '@enrich/errors';
import { countRequeue, type JobEvents } from '@enrich/jobs';
import type { Logger } from '@enrich/logger';
import type { Metrics } from '@enrich/metrics';
import { bullJobId, enrichmentFlow, jobCatalog, QueueName, type QueueStore, queueDeliveryAgain, type RetryPolicy } from '@enrich/queue';
import { findDueDeliveries } from '@enrich/webhooks';
import { failJob } from './job-failure';
import { createLease, type Lease } from './lease';
import { deliveryQueue } from './owed-deliveries';
import { staleJobs } from './reconciler.queries';

export interface ReconcilerOptions {
  db: Db;
  events: JobEvents;
  /** The process's queue store; the lease that lets one worker per interval reconcile lives beside it. */
  queues: QueueStore;
  retry: RetryPolicy;
  intervalMs: number;
  graceMs: number;
  logger: Logger;
  /** The worker's metrics: requeues by kind (job, delivery), and the batch items it ends. */
  metrics: Metrics;
  batchSize?: number;
}

export interface ReconcileReport {
  checked: number;
  requeued: number;
  failed: number;
  /** Owed webhook deliveries queued again. */
  deliveriesRequeued: number;
}

// Queue lookups made side by side for owed deliveries.
const LOOKUPS_AT_ONCE = 50;
// Start jobs read per pass to know which jobs still wait for their flows. Beyond this many the
// start workers are far behind (or down): a pending flow cannot be told from a lost one, so
// the pass leaves jobs' flows alone.
const PENDING_START_JOBS_READ = 2000;

/**
 * The queue store (Redis above all) may lose its data; Postgres may not. Every interval, one worker (whichever takes the
 * lock) looks at jobs Postgres says are processing and older than the grace period:
 *  - no finalize job in the queue and no start job waiting to add it: the flow is lost, queue
 *    it again;
 *  - finalize job failed but Postgres not told (its worker died): record the failure.
 * And at owed webhook deliveries due for longer than the grace period: one the queue does not
 * hold (or holds as ended while Postgres still owes it) is queued again.
 */
export class Reconciler {
  private readonly lease: Lease;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: ReconcilerOptions) {
    this.lease = createLease(options.queues.state);
  }

  private get startQueue() {
    return this.options.queues.queue(QueueName.start);
  }

  private get finalizeQueue() {
    return this.options.queues.queue(QueueName.finalize);
  }

  private get webhookQueue() {
    return this.options.queues.queue(QueueName.webhook);
  }

  start(): void {
    const tick = () => {
      this.running = this.runOnce()
        .catch((error: unknown) => this.options.logger.warn('reconcile pass failed', { error }))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.options.intervalMs);
        });
    };
    this.timer = setTimeout(tick, this.options.intervalMs);
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private takeLock(): Promise<boolean> {
    // Held for most of an interval so that one pass runs per interval across all workers.
    return this.lease.take('reconciler-lock', Math.max(100, Math.floor(this.options.intervalMs * 0.8)));
  }

  async runOnce(): Promise<ReconcileReport> {
    const report: ReconcileReport = { checked: 0, requeued: 0, failed: 0, deliveriesRequeued: 0 };
    if (!(await this.takeLock())) return report;
    const { db, retry, logger } = this.options;
    const stale = await staleJobs.run(
      { createdBefore: utc(new Date(Date.now() - this.options.graceMs)), limit: this.options.batchSize ?? 500 },
      typedSql(db, 'reconciler-stale-jobs'),
    );
    const starting = stale.length > 0 ? await this.jobsAwaitingStart() : new Set<string>();
    for (const job of stale) {
      report.checked += 1;
      const queued = await this.finalizeQueue.getJob(bullJobId('finalize', job.id));
      if (!queued) {
        if (starting === null || starting.has(job.id)) continue;
        await this.options.queues.flows().add(enrichmentFlow({ jobId: job.id, domain: job.domain }, retry));
        await countRequeue(db, job.id);
        this.options.metrics.reconcilerRequeues.labels('job').inc();
        report.requeued += 1;
        logger.warn('re-queued job missing from the queue store', { jobId: job.id, domain: job.domain });
        continue;
      }
      if ((await queued.getState()) === 'failed') {
        // Finalize's giveUp records the failure; this is a worker that died before it could, or a
        // job BullMQ failed itself (stalled too often): failJob ends its monitors' check too.
        const message = queued.failedReason || 'the finalize step failed';
        const { events, metrics } = this.options;
        const deliveries = deliveryQueue(this.webhookQueue, retry, logger);
        await failJob({ db, events, deliveries, metrics }, job.id, { code: ErrorCode.ENRICHMENT_FAILED, message });
        report.failed += 1;
      }
    }
    report.deliveriesRequeued = await this.requeueOwedDeliveries();
    return report;
  }

  /**
   * Jobs held by start jobs that have not run yet (their flows are about to be added), or null
   * when there are too many start jobs to read.
   */
  private async jobsAwaitingStart(): Promise<Set<string> | null> {
    const states = ['waiting', 'prioritized', 'delayed', 'active'] as const;
    const counts = await this.startQueue.getJobCounts(...states);
    if (Object.values(counts).reduce((a, b) => a + b, 0) > PENDING_START_JOBS_READ) return null;
    const pending = await this.startQueue.getJobs([...states], 0, PENDING_START_JOBS_READ);
    const ids = new Set<string>();
    for (const job of pending) {
      const parsed = jobCatalog.start.payload.safeParse(job?.data);
      if (parsed.success) for (const { jobId } of parsed.data.jobs) ids.add(jobId);
    }
    return ids;
  }

  private async requeueOwedDeliveries(): Promise<number> {
    const { db, retry, logger } = this.options;
    const due = await findDueDeliveries(db, new Date(Date.now() - this.options.graceMs), this.options.batchSize ?? 500);
    let requeued = 0;
    for (let i = 0; i < due.length; i += LOOKUPS_AT_ONCE) {
      await Promise.all(
        due.slice(i, i + LOOKUPS_AT_ONCE).map(async ({ id }) => {
          // Waiting, delayed or being attempted: the queue still carries it. Ended there while
          // Postgres still owes it (its worker died before recording): queued again.
          if (await queueDeliveryAgain(this.webhookQueue, id, retry)) requeued += 1;
        }),
      );
    }
    if (requeued > 0) {
      this.options.metrics.reconcilerRequeues.labels('delivery').inc(requeued);
      logger.warn('re-queued webhook deliveries missing from the queue store', { deliveries: requeued });
    }
    return requeued;
  }
}
