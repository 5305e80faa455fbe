import { type Db, newJobId } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { enrichmentFlow, type RetryPolicy } from '@enrich/queue';
import type { FlowProducer } from 'bullmq';
import type { Redis } from 'ioredis';
import { type QuotaState, releaseEnrichments, reserveEnrichments } from '../limits/monthly-quota';
import { withTimeout } from '../with-timeout';
import { freshDomains, runningLeader, touchTeamCompanies } from './shared-runs';

export interface SubmittedJob {
  jobId: string;
  domain: string;
  createdAt: Date;
  quota: QuotaState | undefined;
  /** Completed at once from a fresh stored record. */
  reused: boolean;
}

export interface SubmitDeps {
  db: Db;
  flows: FlowProducer;
  redis: Redis;
  retry: RetryPolicy;
  freshnessWindowHours: number;
}

export interface SubmitOptions {
  /** The submission duplicates a recent one by the same team: free of charge. */
  duplicate: boolean;
  /** Run the pipeline even when a fresh record is stored. */
  refresh: boolean;
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
 * A domain with a fresh stored record completes at once, in the same transaction, with no
 * flow; a domain already being enriched gets a job that follows that run (shared-run.ts).
 */
export async function submitJob(deps: SubmitDeps, submitter: Submitter, domain: string, options: SubmitOptions): Promise<SubmittedJob> {
  assertQueueReady(deps.redis);
  const charge = options.duplicate ? 0 : 1;
  const now = new Date();
  const { job, quota, reused } = await deps.db.$transaction(async (tx) => {
    const quota = charge ? await reserveEnrichments(tx, submitter.teamId, charge, submitter.monthlyQuota) : undefined;
    const reused = !options.refresh && (await freshDomains(tx, [domain], deps.freshnessWindowHours, now)).has(domain);
    if (reused) {
      await touchTeamCompanies(tx, submitter.teamId, [domain], now);
      const job = await tx.enrichmentJob.create({
        data: { id: newJobId(), teamId: submitter.teamId, domain, status: 'completed', createdAt: now, startedAt: now, completedAt: now },
      });
      return { job, quota, reused };
    }
    const followsJobId = await runningLeader(tx, domain);
    const job = await tx.enrichmentJob.create({ data: { id: newJobId(), teamId: submitter.teamId, domain, followsJobId } });
    return { job, quota, reused };
  });
  if (reused) return { jobId: job.id, domain, createdAt: job.createdAt, quota, reused };
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
  return { jobId: job.id, domain, createdAt: job.createdAt, quota, reused };
}
