import { type AiExtractOutcome, type AiSource, type AiSourceData, usageOf } from '@enrich/ai';
import type { Db } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { addAiTokens } from '@enrich/jobs';
import type { Logger } from '@enrich/logger';
import type { Step, StepContext } from '@enrich/queue';
import { reuseLeaderResults } from '../leader-results';
import { loadSourceResults, saveSourceFailures, saveSourceResult } from '../source-results';

export interface AiStepDeps {
  db: Db;
  ai: AiSource;
  sharedRun: { pollMs: number; maxWaitMs: number };
  logger: Logger;
}

const now = () => new Date().toISOString();

/**
 * The AI source for one job: reads the text the scrape step stored and asks the model for
 * the fields and insights. Never fails the job for the model's sake: an answer that is
 * invalid twice, a refusal, or a model still unavailable on the last attempt is recorded as
 * dropped and the record completes from the other sources. Without a key it records skipped.
 * Every token the model spent is counted on the job, also for calls that failed.
 */
export function aiStep(deps: AiStepDeps): Step<'ai'> {
  return {
    run: (payload, ctx) => runAi(deps, payload, ctx),
    giveUp: (payload, error) => saveSourceFailures(deps.db, payload.jobId, ['ai'], error),
  };
}

async function runAi(deps: AiStepDeps, payload: { jobId: string; domain: string }, ctx: StepContext): Promise<string> {
  const { db, ai } = deps;
  const shared = await reuseLeaderResults(db, payload.jobId, ['ai'], deps.sharedRun.maxWaitMs);
  if (shared.kind === 'wait') return ctx.waitAndRetry(deps.sharedRun.pollMs);
  if (shared.kind === 'reused') return `reused the run of job ${shared.leaderJobId}`;
  const job = await db.enrichmentJob.findUnique({ where: { id: payload.jobId }, select: { status: true } });
  if (job?.status !== 'processing') return 'job no longer processing';
  const { website, ai: stored } = await loadSourceResults(db, payload.jobId);
  if (stored) return 'ai already done';
  // The scrape step runs first in the flow; its result (or its failure) is in Postgres.
  if (!website) throw new AppError(ErrorCode.ENRICHMENT_FAILED, 'website source result is missing', { retryable: true });

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

  let outcome: AiExtractOutcome;
  try {
    outcome = await ai.extract({
      domain: payload.domain,
      name: website.status === 'ok' ? (website.facts.name?.value ?? null) : null,
      pages: pages.map((p) => ({ url: p.url, text: p.text })),
    });
  } catch (error) {
    // A call that failed after a first answer still cost that answer's tokens.
    const usage = usageOf(error);
    await addAiTokens(db, payload.jobId, usage);
    if (!(error instanceof AppError) || (error.retryable && !ctx.isLastAttempt)) throw error;
    deps.logger.warn('ai source unavailable; completing without it', { jobId: payload.jobId, error: error.message });
    await save({ status: 'dropped', reason: 'unavailable', message: error.message, model: ai.model, fetchedAt: now(), usage });
    return 'ai unavailable';
  }
  await addAiTokens(db, payload.jobId, outcome.usage);
  if (outcome.ok) {
    await save({
      status: 'ok',
      model: outcome.model,
      fetchedAt: now(),
      answer: outcome.answer,
      usage: outcome.usage,
      attempts: outcome.attempts,
    });
    return 'ai insights';
  }
  deps.logger.info('ai answer dropped', { jobId: payload.jobId, reason: outcome.reason, message: outcome.message });
  await save({
    status: 'dropped',
    reason: outcome.reason,
    message: outcome.message,
    model: outcome.model,
    fetchedAt: now(),
    usage: outcome.usage,
  });
  return `ai answer dropped: ${outcome.reason}`;
}
