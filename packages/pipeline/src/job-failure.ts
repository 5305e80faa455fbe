import type { Db } from '@enrich/db';
import type { ErrorCode } from '@enrich/errors';
import { type Ended, type JobEvents, markJobFailed } from '@enrich/jobs';
import type { Metrics } from '@enrich/metrics';
import { endMonitorChecks } from './monitors/record-changes';
import type { DeliveryQueue } from './owed-deliveries';

export interface JobFailureDeps {
  db: Db;
  events: JobEvents;
  /** Where the webhook deliveries the end owes are queued once it has committed. */
  deliveries: DeliveryQueue;
  metrics?: Metrics;
}

/**
 * Ends a job failed wherever its failure is found: finalize (the site could not be read, or the
 * step gave up) or the reconciler (a finalize job failed by BullMQ, stalled or its worker dead,
 * that nobody recorded). The one place for what a failed end changes beside the job row: the
 * batch item counted, the webhook deliveries it owes queued, and the check of the monitors whose
 * job it was ended with the error, so no path leaves a monitor's last check unwritten. Nothing
 * but the job row moves when the job had already ended.
 */
export async function failJob(
  deps: JobFailureDeps,
  jobId: string,
  error: { code: ErrorCode; message: string },
  requestId?: string,
): Promise<Ended> {
  const { db, events, deliveries, metrics } = deps;
  const failed = await markJobFailed(db, events, jobId, error.code, error.message);
  if (failed.batchItem) metrics?.batchItems.labels('failed').inc();
  await deliveries.queue(failed.deliveries, requestId);
  if (failed.ended) await endMonitorChecks(db, jobId, error, metrics);
  return failed;
}
