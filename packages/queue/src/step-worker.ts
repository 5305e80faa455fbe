import { AppError, ErrorCode } from '@enrich/errors';
import { DelayedError, type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { type JobName, type JobPayload, jobCatalog } from './job-catalog';
import { bullPrefix } from './queue-prefix';

/** What a step may know and do about its own run, beyond its payload. */
export interface StepContext {
  /** No retry follows if this attempt fails. */
  isLastAttempt: boolean;
  /** Puts the step back for `ms` without using an attempt, freeing the worker slot meanwhile. */
  waitAndRetry(ms: number): Promise<never>;
}

/** One pipeline step: exactly one per job name. */
export interface Step<N extends JobName> {
  run(payload: JobPayload<N>, ctx: StepContext): Promise<unknown>;
  /**
   * Called once when the step fails for good (not retryable, or its last attempt), before the
   * failure leaves: the step records in Postgres what the rest of the pipeline must know.
   */
  giveUp(payload: JobPayload<N>, error: AppError): Promise<void>;
}

export interface StepWorkerOptions {
  connection: Redis;
  queuePrefix: string;
  concurrency: number;
  lockDurationMs: number;
  /** Told when a step's giveUp could not record its failure (the failure still leaves). */
  onGiveUpError?(error: unknown, name: JobName): void;
}

async function waitAndRetry(job: Job, token: string | undefined, ms: number): Promise<never> {
  await job.moveToDelayed(Date.now() + ms, token);
  throw new DelayedError();
}

const asAppError = (error: unknown): AppError =>
  error instanceof AppError
    ? error
    : new AppError(ErrorCode.ENRICHMENT_FAILED, error instanceof Error ? error.message : String(error), { retryable: true, cause: error });

/**
 * The one way a step is run: the payload is validated again against the catalogue; an
 * unexpected error counts as a retryable internal fault; a failure for good goes through the
 * step's giveUp (so Postgres, not a queue message, says what failed and with which code) and
 * leaves as UnrecoverableError, so BullMQ stops retrying at once.
 */
export function createStepWorker<N extends JobName>(name: N, step: Step<N>, options: StepWorkerOptions): Worker {
  const entry = jobCatalog[name];
  return new Worker(
    entry.queue,
    async (job: Job, token?: string) => {
      const parsed = entry.payload.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`invalid ${name} payload: ${parsed.error.message}`);
      const payload = parsed.data as JobPayload<N>;
      const ctx: StepContext = {
        isLastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
        waitAndRetry: (ms) => waitAndRetry(job, token, ms),
      };
      try {
        return await step.run(payload, ctx);
      } catch (error) {
        if (error instanceof DelayedError) throw error;
        const appError = asAppError(error);
        if (appError.retryable && !ctx.isLastAttempt) throw appError;
        await step.giveUp(payload, appError).catch((cause: unknown) => options.onGiveUpError?.(cause, name));
        throw new UnrecoverableError(`${appError.code}: ${appError.message}`);
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
