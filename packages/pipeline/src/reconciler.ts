import type { Db } from '@enrich/db';
import { ErrorCode } from '@enrich/errors';
import { countRequeue, type JobEvents, markJobFailed } from '@enrich/jobs';
import type { Logger } from '@enrich/logger';
import { bullJobId, bullPrefix, enrichmentFlow, QueueName, type RetryPolicy } from '@enrich/queue';
import { FlowProducer, Queue } from 'bullmq';
import type { Redis } from 'ioredis';

export interface ReconcilerOptions {
  db: Db;
  events: JobEvents;
  connection: Redis;
  queuePrefix: string;
  retry: RetryPolicy;
  intervalMs: number;
  graceMs: number;
  logger: Logger;
  batchSize?: number;
}

export interface ReconcileReport {
  checked: number;
  requeued: number;
  failed: number;
}

/**
 * Redis may lose its data; Postgres may not. Every interval, one worker (whichever takes the
 * lock) looks at jobs Postgres says are processing and older than the grace period:
 *  - no finalize job in the queue: the flow is lost, queue it again;
 *  - finalize job failed but Postgres not told (its worker died): record the failure.
 */
export class Reconciler {
  private readonly finalizeQueue: Queue;
  private readonly flows: FlowProducer;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: ReconcilerOptions) {
    const prefix = bullPrefix(options.queuePrefix);
    this.finalizeQueue = new Queue(QueueName.finalize, { connection: options.connection, prefix });
    this.flows = new FlowProducer({ connection: options.connection, prefix });
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
    await Promise.all([this.finalizeQueue.close(), this.flows.close()]);
  }

  private async takeLock(): Promise<boolean> {
    const key = `${bullPrefix(this.options.queuePrefix)}:reconciler-lock`;
    // Held for most of an interval so that one pass runs per interval across all workers.
    const ttl = Math.max(100, Math.floor(this.options.intervalMs * 0.8));
    return (await this.options.connection.set(key, String(process.pid), 'PX', ttl, 'NX')) === 'OK';
  }

  async runOnce(): Promise<ReconcileReport> {
    const report: ReconcileReport = { checked: 0, requeued: 0, failed: 0 };
    if (!(await this.takeLock())) return report;
    const { db, retry, logger } = this.options;
    const stale = await db.enrichmentJob.findMany({
      where: { status: 'processing', createdAt: { lt: new Date(Date.now() - this.options.graceMs) } },
      select: { id: true, domain: true },
      orderBy: { createdAt: 'asc' },
      take: this.options.batchSize ?? 500,
    });
    for (const job of stale) {
      report.checked += 1;
      const queued = await this.finalizeQueue.getJob(bullJobId('finalize', job.id));
      if (!queued) {
        await this.flows.add(enrichmentFlow({ jobId: job.id, domain: job.domain }, retry));
        await countRequeue(db, job.id);
        report.requeued += 1;
        logger.warn('re-queued job missing from Redis', { jobId: job.id, domain: job.domain });
        continue;
      }
      if ((await queued.getState()) === 'failed') {
        // Finalize's giveUp records the failure; this is a worker that died before it could.
        await markJobFailed(
          db,
          this.options.events,
          job.id,
          ErrorCode.ENRICHMENT_FAILED,
          queued.failedReason || 'the finalize step failed',
        );
        report.failed += 1;
      }
    }
    return report;
  }
}
