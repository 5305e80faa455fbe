import { AppError, encodeErrorForQueue, ErrorCode } from '@enrich/errors';
import { DelayedError, type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { type JobName, type JobPayload, jobCatalog } from './job-catalog';
import { bullPrefix } from './queue-prefix';

export type StepHandler<N extends JobName> = (payload: JobPayload<N>, job: Job, token?: string) => Promise<unknown>;

/**
 * For a handler that must wait on other work: puts the job back as delayed for `ms` without
 * using up an attempt, and frees the worker slot meanwhile.
 */
export async function waitAndRetry(job: Job, token: string | undefined, ms: number): Promise<never> {
  await job.moveToDelayed(Date.now() + ms, token);
  throw new DelayedError();
}

export interface StepWorkerOptions {
  connection: Redis;
  queuePrefix: string;
  concurrency: number;
  lockDurationMs: number;
}

/** Whether BullMQ will not try this job again after the current failure. */
export function isFinalFailure(job: Job, error: Error): boolean {
  return error instanceof UnrecoverableError || error.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
}

/**
 * The one way a step handler is run: the payload is validated again against the catalogue,
 * and errors leave with their catalogue code encoded in the message so it survives Redis.
 * Non-retryable errors become UnrecoverableError so BullMQ stops retrying at once.
 */
export function createStepWorker<N extends JobName>(name: N, handler: StepHandler<N>, options: StepWorkerOptions): Worker {
  const entry = jobCatalog[name];
  return new Worker(
    entry.queue,
    async (job: Job, token?: string) => {
      const parsed = entry.payload.safeParse(job.data);
      if (!parsed.success) {
        const error = new AppError(ErrorCode.INVALID_JOB_PAYLOAD, `invalid ${name} payload: ${parsed.error.message}`);
        throw new UnrecoverableError(encodeErrorForQueue(error));
      }
      try {
        return await handler(parsed.data as JobPayload<N>, job, token);
      } catch (error) {
        if (error instanceof DelayedError) throw error;
        const appError =
          error instanceof AppError
            ? error
            : new AppError(ErrorCode.ENRICHMENT_FAILED, error instanceof Error ? error.message : String(error), {
                retryable: true,
                cause: error,
              });
        const message = encodeErrorForQueue(appError);
        throw appError.retryable ? new Error(message) : new UnrecoverableError(message);
      }
    },
    {
      connection: options.connection,
      prefix: bullPrefix(options.queuePrefix),
      concurrency: options.concurrency,
      lockDuration: options.lockDurationMs,
      // Check for jobs whose worker died as often as a lock can expire.
      stalledInterval: options.lockDurationMs,
      maxStalledCount: 2,
    },
  );
}
