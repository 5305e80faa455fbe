import type { Logger } from '@enrich/logger';
import type { AiEnv } from './ai-env';
import { createAnthropicClient } from './anthropic-call';
import { createLimiter } from './concurrency-limit';
import { type AiExtractOutcome, type ExtractInput, extractInsights } from './extract-insights';

export interface AiSourceOptions {
  // Overrides ANTHROPIC_BASE_URL (tests, proxies); when absent the SDK reads that variable.
  baseURL?: string;
  logger?: Logger;
}

/** `extract`'s `logger` (a job's, carrying its request id) replaces the source's own for that call. */
export type AiSource =
  | { enabled: false }
  | { enabled: true; model: string; extract(input: ExtractInput, logger?: Logger): Promise<AiExtractOutcome> };

/**
 * The AI source. Without ANTHROPIC_API_KEY it reports itself disabled, so the pipeline skips
 * the step and the record's `sources` does not list `ai`.
 */
export function createAiSource(env: AiEnv, options: AiSourceOptions = {}): AiSource {
  if (!env.ANTHROPIC_API_KEY) return { enabled: false };
  const client = createAnthropicClient(env.ANTHROPIC_API_KEY, env.AI_TIMEOUT_MS, options.baseURL);
  const limit = createLimiter(env.AI_CONCURRENCY);
  const settings = {
    model: env.AI_MODEL,
    maxOutputTokens: env.AI_MAX_OUTPUT_TOKENS,
    inputTokenBudget: env.AI_INPUT_TOKEN_BUDGET,
    call: { timeoutMs: env.AI_TIMEOUT_MS, maxRetries: env.AI_MAX_RETRIES, maxRetryDelayMs: env.AI_MAX_RETRY_DELAY_MS },
  };
  return {
    enabled: true,
    model: env.AI_MODEL,
    extract: (input, logger = options.logger) => limit(() => extractInsights(client, settings, input, logger)),
  };
}
