import { AppError, encodeErrorForQueue, ErrorCode } from '@enrich/errors';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { type JobName, type JobPayload, jobCatalog } from './job-catalog';
import { bullPrefix } from './queue-prefix';

export type StepHandler<N extends JobName> = (payload: JobPayload<N>, job: Job) => Promise<unknown>;

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
    async (job: Job) => {
      const parsed = entry.payload.safeParse(job.data);
      if (!parsed.success) {
        const error = new AppError(ErrorCode.INVALID_JOB_PAYLOAD, `invalid ${name} payload: ${parsed.error.message}`);
        throw new UnrecoverableError(encodeErrorForQueue(error));
      }
      try {
        return await handler(parsed.data as JobPayload<N>, job);
      } catch (error) {
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
