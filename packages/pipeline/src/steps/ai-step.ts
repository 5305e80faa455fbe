import { type AiExtractOutcome, type AiSource, type AiSourceData, type AiUsage, usageOf } from '@enrich/ai';
import type { Db } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { addAiTokens } from '@enrich/jobs';
import type { Metrics } from '@enrich/metrics';
import type { Step, StepContext } from '@enrich/worker-runtime';
import { reuseLeaderResults } from '../leader-results';
import { loadJobForStep, saveAiResult, saveSourceFailures, saveSourceResult } from '../source-results';

export interface AiStepDeps {
  db: Db;
  ai: AiSource;
  sharedRun: { pollMs: number; maxWaitMs: number };
  /** The worker's metrics: the model call's duration, calls, tokens and cost, and the source's outcome. */
  metrics: Metrics;
  /** US dollars per million tokens (LLM_PRICE_INPUT_USD_PER_MTOK, LLM_PRICE_OUTPUT_USD_PER_MTOK). */
  prices: { inputUsdPerMTok: number; outputUsdPerMTok: number };
}

const now = () => new Date().toISOString();

/**
 * Counts one extraction (the model call, with its one retry of an invalid answer): its
 * duration as step="llm" (step="ai" is the whole AI job, timed by its worker), the call by
 * outcome (ok, the drop reason, or the error code), and the tokens it spent and what they
 * cost, also when it failed after an answer. Labelled with the configured model, so that
 * prices and series stay one per model the operator chose.
 */
function llmMeter(metrics: Metrics, model: string, prices: AiStepDeps['prices']) {
  const tookOk = metrics.stepDuration.labels('llm', 'ok');
  const tookFailed = metrics.stepDuration.labels('llm', 'failed');
  const tokensIn = metrics.llmTokens.labels(model, 'in');
  const tokensOut = metrics.llmTokens.labels(model, 'out');
  const cost = metrics.llmCost.labels(model);
  return (outcome: string, usage: AiUsage, started: number) => {
    (outcome === 'ok' ? tookOk : tookFailed).observe((performance.now() - started) / 1000);
    metrics.llmCalls.labels(model, outcome).inc();
    if (usage.inputTokens === 0 && usage.outputTokens === 0) return;
    tokensIn.inc(usage.inputTokens);
    tokensOut.inc(usage.outputTokens);
    cost.inc((usage.inputTokens * prices.inputUsdPerMTok + usage.outputTokens * prices.outputUsdPerMTok) / 1_000_000);
  };
}
type LlmMeter = ReturnType<typeof llmMeter>;

/**
 * The AI source for one job: reads the text the scrape step stored and asks the model for
 * the fields and insights. Never fails the job for the model's sake: an answer that is
 * invalid twice, a refusal, or a model still unavailable on the last attempt is recorded as
 * dropped and the record completes from the other sources. Without a key it records skipped.
 * Every token the model spent is counted on the job, also for calls that failed.
 */
export function aiStep(deps: AiStepDeps): Step<'ai'> {
  const meter = llmMeter(deps.metrics, deps.ai.enabled ? deps.ai.model : 'none', deps.prices);
  return {
    run: (payload, ctx) => runAi(deps, meter, payload, ctx),
    giveUp: (payload, error) => saveSourceFailures(deps.db, payload.jobId, ['ai'], error, deps.metrics),
  };
}

async function runAi(deps: AiStepDeps, meter: LlmMeter, payload: { jobId: string; domain: string }, ctx: StepContext): Promise<string> {
  const { db, ai } = deps;
  // One read: the job's state, whom it follows, and what its sources stored.
  const job = await loadJobForStep(db, payload.jobId);
  if (job?.status !== 'processing') return 'job no longer processing';
  const shared = await reuseLeaderResults(db, job, ['ai'], deps.sharedRun.maxWaitMs);
  if (shared.kind === 'wait') return ctx.waitAndRetry(deps.sharedRun.pollMs);
  if (shared.kind === 'reused') return `reused the run of job ${shared.leaderJobId}`;
  const { website, ai: stored } = job.results;
  if (stored) return 'ai already done';
  // The scrape step runs first in the flow; its result (or its failure) is in Postgres.
  if (!website) throw new AppError(ErrorCode.ENRICHMENT_FAILED, 'website source result is missing', { retryable: true });

  const save = (data: AiSourceData) => saveSourceResult(db, payload.jobId, 'ai', data, deps.metrics);
  if (!ai.enabled) {
    await save({ status: 'skipped', reason: 'disabled', fetchedAt: now() });
    return 'ai disabled';
  }
  const pages = website.status === 'ok' ? (website.pages ?? []).filter((p) => p.text.trim()) : [];
  if (pages.length === 0) {
    await save({ status: 'skipped', reason: 'no_text', fetchedAt: now() });
    return 'no text to read';
  }

  // What the model's calls spent (the result's usage) is counted on the job with the result.
  const saveSpent = (data: Extract<AiSourceData, { usage: unknown }>) => saveAiResult(db, payload.jobId, data, deps.metrics);
  let outcome: AiExtractOutcome;
  const started = performance.now();
  try {
    outcome = await ai.extract(
      {
        domain: payload.domain,
        name: website.status === 'ok' ? (website.facts.name?.value ?? null) : null,
        pages: pages.map((p) => ({ url: p.url, text: p.text })),
      },
      ctx.logger,
    );
  } catch (error) {
    // A call that failed after a first answer still cost that answer's tokens.
    const usage = usageOf(error);
    meter(error instanceof AppError ? error.code : ErrorCode.ENRICHMENT_FAILED, usage, started);
    if (!(error instanceof AppError) || (error.retryable && !ctx.isLastAttempt)) {
      await addAiTokens(db, payload.jobId, usage);
      throw error;
    }
    ctx.logger.warn('ai source unavailable; completing without it', { error: error.message });
    await saveSpent({ status: 'dropped', reason: 'unavailable', message: error.message, model: ai.model, fetchedAt: now(), usage });
    return 'ai unavailable';
  }
  // No call at all when no page fitted the token budget (attempts 0).
  if (outcome.attempts > 0) meter(outcome.ok ? 'ok' : outcome.reason, outcome.usage, started);
  if (outcome.ok) {
    await saveSpent({
      status: 'ok',
      model: outcome.model,
      fetchedAt: now(),
      answer: outcome.answer,
      usage: outcome.usage,
      attempts: outcome.attempts,
    });
    return 'ai insights';
  }
  ctx.logger.info('ai answer dropped', { reason: outcome.reason, message: outcome.message });
  await saveSpent({
    status: 'dropped',
    reason: outcome.reason,
    message: outcome.message,
    model: outcome.model,
    fetchedAt: now(),
    usage: outcome.usage,
  });
  return `ai answer dropped: ${outcome.reason}`;
}
