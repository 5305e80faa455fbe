import type { Db } from '@enrich/db';
import { decodeQueuedError, ErrorCode } from '@enrich/errors';
import type { Logger } from '@enrich/logger';
import { isFinalFailure } from '@enrich/queue';
import type { Worker } from 'bullmq';
import { markJobFailed } from './job-outcome';

/**
 * When BullMQ gives up on the finalize step (retries exhausted, or unrecoverable), the job is
 * marked failed in Postgres with the code the step failed with. If this process dies before
 * it can do so, the reconciler records it from the failed BullMQ job instead.
 */
export function recordFinalFailures(worker: Worker, db: Db, logger: Logger): void {
  worker.on('failed', (job, error) => {
    if (!job || !isFinalFailure(job, error)) return;
    const jobId = (job.data as { jobId?: unknown }).jobId;
    if (typeof jobId !== 'string') return;
    const decoded = decodeQueuedError(error.message);
    const code = decoded?.code ?? ErrorCode.ENRICHMENT_FAILED;
    const message = decoded?.message ?? error.message;
    markJobFailed(db, jobId, code, message)
      .then((changed) => changed && logger.warn('job failed', { jobId, step: job.name, code, message }))
      .catch((cause: unknown) => logger.error('could not record job failure', { jobId, error: cause }));
  });
}
