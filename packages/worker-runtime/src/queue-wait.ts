import type { QueueStore } from '@enrich/queue';
import type { Job } from 'bullmq';

/**
 * Seconds a job waited between becoming ready and a worker taking it (job.processedOn), or
 * undefined where BullMQ does not record when it became ready. The best BullMQ gives:
 *  - a job on its first take (attemptsStarted 1): ready at job.timestamp + opts.delay;
 *  - a flow parent (ai, finalize, batch) on its first take: ready when its last child ended,
 *    the latest finishedOn among its children (one read of the store, made off the step's path);
 *  - a job taken again is not measured: moveToDelayed (a follower's or a webhook retry's
 *    waitAndRetry, a backoff retry) stores only the new delay, not when it was moved, and a
 *    stalled job's release is not recorded either.
 */
export async function queueWaitSeconds(
  queues: Pick<QueueStore, 'latestChildEnd'>,
  job: Job,
  isFlowParent: boolean,
): Promise<number | undefined> {
  if (job.attemptsStarted > 1 || !job.processedOn) return undefined;
  let readyAt = job.timestamp + (job.opts.delay ?? 0);
  if (isFlowParent) {
    const childEnd = await queues.latestChildEnd(job);
    if (!(childEnd > 0)) return undefined;
    readyAt = Math.max(readyAt, childEnd);
  }
  return Math.max(0, job.processedOn - readyAt) / 1000;
}
