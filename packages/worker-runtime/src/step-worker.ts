import { AppError, ErrorCode } from '@enrich/errors';
import type { Logger } from '@enrich/logger';
import type { Metrics } from '@enrich/metrics';
import { FLOW_PARENT_STEPS, type JobName, type JobPayload, jobCatalog, type QueueStore } from '@enrich/queue';
import { DelayedError, type Job, UnrecoverableError, type Worker } from 'bullmq';
import { queueWaitSeconds } from './queue-wait';

/** What a step may know and do about its own run, beyond its payload. */
export interface StepContext {
  /** No retry follows if this attempt fails. */
  isLastAttempt: boolean;
  /** Puts the step back for `ms` without using an attempt, freeing the worker slot meanwhile. */
  waitAndRetry(ms: number): Promise<never>;
  /** This run's logger: its lines carry the step, the job and the request id that submitted it. */
  logger: Logger;
}

/** One pipeline step: exactly one per job name. */
export interface Step<N extends JobName> {
  run(payload: JobPayload<N>, ctx: StepContext): Promise<unknown>;
  /**
   * Called once when the step fails for good (not retryable, or its last attempt), before the
   * failure leaves: the step records in Postgres what the rest of the pipeline must know.
   */
  giveUp(payload: JobPayload<N>, error: AppError, ctx: StepContext): Promise<void>;
}

export interface StepWorkerOptions {
  /** The process's queue store: the worker runs on it, whichever it is. */
  queues: QueueStore;
  concurrency: number;
  lockDurationMs: number;
  /** The process's logger; each job's run gets a child of it (StepContext.logger). */
  logger: Logger;
  /** The process's metrics: each job's queue wait and its step's duration by outcome. */
  metrics: Metrics;
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

// One child per job run: the step, the job (the enrichment job's id where the payload has one,
// else the queue job's) and the id of the request that submitted it, when it travelled along.
function runLogger(logger: Logger, step: JobName, job: Job, payload: object): Logger {
  const { jobId, requestId } = payload as { jobId?: string; requestId?: string };
  return logger.child({ step, jobId: jobId ?? job.id, requestId });
}

/**
 * The one way a step is run: the payload is validated again against the catalogue; an
 * unexpected error counts as a retryable internal fault; a failure for good goes through the
 * step's giveUp (so Postgres, not a queue message, says what failed and with which code) and
 * leaves as UnrecoverableError, so BullMQ stops retrying at once.
 */
export function createStepWorker<N extends JobName>(name: N, step: Step<N>, options: StepWorkerOptions): Worker {
  const entry = jobCatalog[name];
  // Label children resolved once per worker, not per job.
  const wait = options.metrics.queueWait.labels(entry.queue);
  const took = {
    ok: options.metrics.stepDuration.labels(name, 'ok'),
    retry: options.metrics.stepDuration.labels(name, 'retry'),
    failed: options.metrics.stepDuration.labels(name, 'failed'),
    waiting: options.metrics.stepDuration.labels(name, 'waiting'),
  };
  const isFlowParent = FLOW_PARENT_STEPS.has(name);
  const observeWait = (seconds: number | undefined) => {
    if (seconds !== undefined) wait.observe(seconds);
  };
  return options.queues.worker(
    entry.queue,
    async (job: Job, token?: string) => {
      // Off the step's path: a flow parent's wait needs one read of its children's ends.
      queueWaitSeconds(options.queues, job, isFlowParent).then(observeWait, () => undefined);
      const parsed = entry.payload.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`invalid ${name} payload: ${parsed.error.message}`);
      const payload = parsed.data as JobPayload<N>;
      const ctx: StepContext = {
        isLastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
        waitAndRetry: (ms) => waitAndRetry(job, token, ms),
        logger: runLogger(options.logger, name, job, payload),
      };
      const started = performance.now();
      const ms = () => Math.round((performance.now() - started) * 10) / 10;
      try {
        const outcome = await step.run(payload, ctx);
        took.ok.observe((performance.now() - started) / 1000);
        ctx.logger.info('step done', { outcome, ms: ms(), attempt: job.attemptsMade + 1 });
        return outcome;
      } catch (error) {
        if (error instanceof DelayedError) {
          took.waiting.observe((performance.now() - started) / 1000);
          ctx.logger.debug('step waits', { ms: ms() });
          throw error;
        }
        const appError = asAppError(error);
        const retried = appError.retryable && !ctx.isLastAttempt;
        (retried ? took.retry : took.failed).observe((performance.now() - started) / 1000);
        ctx.logger.warn(retried ? 'step failed; retried' : 'step failed for good', {
          code: appError.code,
          error: appError.message,
          ms: ms(),
          attempt: job.attemptsMade + 1,
        });
        if (retried) throw appError;
        await step.giveUp(payload, appError, ctx).catch((cause: unknown) => options.onGiveUpError?.(cause, name));
        throw new UnrecoverableError(`${appError.code}: ${appError.message}`);
      }
    },
    {
      concurrency: options.concurrency,
      lockDuration: options.lockDurationMs,
      // Check for jobs whose worker died as often as a lock can expire.
      stalledInterval: options.lockDurationMs,
      maxStalledCount: 2,
    },
  );
}
