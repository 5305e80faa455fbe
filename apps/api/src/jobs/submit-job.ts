import { type Db, newJobId } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { enrichmentFlow, type RetryPolicy } from '@enrich/queue';
import type { FlowProducer } from 'bullmq';
import type { Redis } from 'ioredis';
import { withTimeout } from '../with-timeout';

export interface SubmittedJob {
  jobId: string;
  domain: string;
  createdAt: Date;
}

// BullMQ waits for a connection that has never been ready instead of failing; bound it.
const ENQUEUE_TIMEOUT_MS = 3000;

function queueUnavailable(cause?: unknown): AppError {
  return new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'the job queue is unavailable; retry shortly', { retryable: true, cause });
}

/**
 * Writes the job row (Postgres is the record of truth), then queues its flow. When the queue
 * cannot take it, the row is removed again and the caller gets 503: a job is accepted only
 * when it is both recorded and queued. Should the process die between the two steps, the
 * reconciler finds the row and queues it.
 */
export async function submitJob(
  deps: { db: Db; flows: FlowProducer; redis: Redis; retry: RetryPolicy },
  teamId: string,
  domain: string,
): Promise<SubmittedJob> {
  if (deps.redis.status !== 'ready') throw queueUnavailable();
  const job = await deps.db.enrichmentJob.create({ data: { id: newJobId(), teamId, domain } });
  try {
    await withTimeout(deps.flows.add(enrichmentFlow({ jobId: job.id, domain }, deps.retry)), ENQUEUE_TIMEOUT_MS);
  } catch (error) {
    await deps.db.enrichmentJob.delete({ where: { id: job.id } }).catch(() => undefined);
    throw queueUnavailable(error);
  }
  return { jobId: job.id, domain, createdAt: job.createdAt };
}
