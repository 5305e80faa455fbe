import { type Db, newJobId } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { enrichmentFlow, type RetryPolicy } from '@enrich/queue';
import type { FlowProducer } from 'bullmq';
import type { Redis } from 'ioredis';
import { type QuotaState, releaseEnrichments, reserveEnrichments } from '../limits/monthly-quota';
import { withTimeout } from '../with-timeout';

export interface SubmittedJob {
  jobId: string;
  domain: string;
  createdAt: Date;
  quota: QuotaState | undefined;
}

export interface SubmitDeps {
  db: Db;
  flows: FlowProducer;
  redis: Redis;
  retry: RetryPolicy;
}

export interface Submitter {
  teamId: string;
  monthlyQuota: number | null;
}

// BullMQ waits for a connection that has never been ready instead of failing; bound it.
export const ENQUEUE_TIMEOUT_MS = 3000;

export function queueUnavailable(cause?: unknown): AppError {
  return new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'the job queue is unavailable; retry shortly', { retryable: true, cause });
}

export function assertQueueReady(redis: Redis): void {
  if (redis.status !== 'ready') throw queueUnavailable();
}

/**
 * Writes the job row and, unless it is a duplicate, counts it against the monthly quota, in
 * one transaction (Postgres is the record of truth); then queues its flow. When the queue
 * cannot take it, the row and the count are undone and the caller gets 503: a job is
 * accepted only when it is both recorded and queued. Should the process die between the two
 * steps, the reconciler finds the row and queues it.
 */
export async function submitJob(deps: SubmitDeps, submitter: Submitter, domain: string, duplicate: boolean): Promise<SubmittedJob> {
  assertQueueReady(deps.redis);
  const charge = duplicate ? 0 : 1;
  const { job, quota } = await deps.db.$transaction(async (tx) => {
    const quota = charge ? await reserveEnrichments(tx, submitter.teamId, charge, submitter.monthlyQuota) : undefined;
    const job = await tx.enrichmentJob.create({ data: { id: newJobId(), teamId: submitter.teamId, domain } });
    return { job, quota };
  });
  try {
    await withTimeout(deps.flows.add(enrichmentFlow({ jobId: job.id, domain }, deps.retry)), ENQUEUE_TIMEOUT_MS);
  } catch (error) {
    await deps.db
      .$transaction(async (tx) => {
        await tx.enrichmentJob.delete({ where: { id: job.id } });
        await releaseEnrichments(tx, submitter.teamId, charge, job.createdAt);
      })
      .catch(() => undefined);
    throw queueUnavailable(error);
  }
  return { jobId: job.id, domain, createdAt: job.createdAt, quota };
}
