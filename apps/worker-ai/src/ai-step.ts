import type { AiSource, AiSourceData } from '@enrich/ai';
import type { Db } from '@enrich/db';
import { AppError, decodeQueuedError, ErrorCode } from '@enrich/errors';
import type { Logger } from '@enrich/logger';
import { loadSourceResults, reuseLeaderResults, saveSourceResult } from '@enrich/pipeline';
import type { JobPayload } from '@enrich/queue';

export interface AiStepDeps {
  db: Db;
  ai: AiSource;
  sharedRun: { pollMs: number; maxWaitMs: number };
  logger: Logger;
}

export interface AiStepControl {
  isLastAttempt: boolean;
  waitAndRetry(ms: number): Promise<never>;
  /** Failures of the scrape step this step waited on (encoded queue errors). */
  childFailures(): Promise<string[]>;
}

const now = () => new Date().toISOString();

/**
 * The AI source for one job: reads the text the scrape step stored and asks the model for
 * the fields and insights. Never fails the job for the model's sake: an answer that is
 * invalid twice, a refusal, or a model still unavailable on the last attempt is recorded as
 * dropped and the record completes from the other sources. Without a key it records skipped.
 */
export async function aiStep(deps: AiStepDeps, payload: JobPayload<'ai'>, control: AiStepControl): Promise<string> {
  const { db, ai } = deps;
  const shared = await reuseLeaderResults(db, payload.jobId, ['ai'], deps.sharedRun.maxWaitMs);
  if (shared.kind === 'wait') return control.waitAndRetry(deps.sharedRun.pollMs);
  if (shared.kind === 'reused') return `reused the run of job ${shared.leaderJobId}`;
  const job = await db.enrichmentJob.findUnique({ where: { id: payload.jobId }, select: { status: true } });
  if (job?.status !== 'processing') return 'job no longer processing';
  const { website, ai: stored } = await loadSourceResults(db, payload.jobId);
  if (stored) return 'ai already done';
  if (!website) {
    // The scrape step gave up for good: pass its error on, so finalize ends the job with it.
    const [reason] = await control.childFailures();
    const failure = decodeQueuedError(reason);
    if (failure) throw new AppError(failure.code, failure.message);
    throw new AppError(ErrorCode.ENRICHMENT_FAILED, 'website source result is missing', { retryable: true });
  }

  const save = (data: AiSourceData) => saveSourceResult(db, payload.jobId, 'ai', data);
  if (!ai.enabled) {
    await save({ status: 'skipped', reason: 'disabled', fetchedAt: now() });
    return 'ai disabled';
  }
  const pages = website.status === 'ok' ? (website.pages ?? []).filter((p) => p.text.trim()) : [];
  if (pages.length === 0) {
    await save({ status: 'skipped', reason: 'no_text', fetchedAt: now() });
    return 'no text to read';
  }

  let outcome;
  try {
    outcome = await ai.extract({
      domain: payload.domain,
      name: website.status === 'ok' ? (website.facts.name?.value ?? null) : null,
      pages: pages.map((p) => ({ url: p.url, text: p.text })),
    });
  } catch (error) {
    if (!(error instanceof AppError) || (error.retryable && !control.isLastAttempt)) throw error;
    deps.logger.warn('ai source unavailable; completing without it', { jobId: payload.jobId, error: error.message });
    await save({ status: 'dropped', reason: 'unavailable', message: error.message, model: ai.model, fetchedAt: now(), usage: { inputTokens: 0, outputTokens: 0 } });
    return 'ai unavailable';
  }
  await db.$executeRaw`
    UPDATE enrichment_jobs SET ai_input_tokens = ai_input_tokens + ${outcome.usage.inputTokens},
      ai_output_tokens = ai_output_tokens + ${outcome.usage.outputTokens}
    WHERE id = ${payload.jobId}::uuid`;
  if (outcome.ok) {
    await save({ status: 'ok', model: outcome.model, fetchedAt: now(), answer: outcome.answer, usage: outcome.usage, attempts: outcome.attempts });
    return 'ai insights';
  }
  deps.logger.info('ai answer dropped', { jobId: payload.jobId, reason: outcome.reason, message: outcome.message });
  await save({ status: 'dropped', reason: outcome.reason, message: outcome.message, model: outcome.model, fetchedAt: now(), usage: outcome.usage });
  return `ai answer dropped: ${outcome.reason}`;
}
