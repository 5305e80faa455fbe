import { envDecimal, envInt, envString } from '@enrich/config';
import { z } from 'zod';

// The AI source's settings. ANTHROPIC_BASE_URL is deliberately absent: the SDK reads it from
// the environment itself, so pointing the client at a proxy or a fake needs no code here.
export const aiEnv = z.object({
  // Empty turns the AI source off. Never validated beyond trimming, so a config error message
  // (which quotes the bad value) can never print the key.
  ANTHROPIC_API_KEY: z.string().trim().default(''),
  // claude-sonnet-4-5 is deprecated in the installed SDK (end of life 2026-11-30) and warns on
  // every call; Sonnet 5.5 is the current Sonnet.
  AI_MODEL: envString('claude-sonnet-5-5'),
  AI_MAX_OUTPUT_TOKENS: envInt(2048, 256, 64_000),
  // Approximate tokens (chars / 4) of website text sent per company; the rest is trimmed.
  AI_INPUT_TOKEN_BUDGET: envInt(8000, 200, 500_000),
  // Per HTTP request, body included. Not retried in-process: the job queue retries later.
  AI_TIMEOUT_MS: envInt(60_000, 100, 600_000),
  // Extractions in flight at once per process.
  AI_CONCURRENCY: envInt(4, 1, 256),
  // Retries of one request on 429 / 529 / 5xx / connection errors, with backoff.
  AI_MAX_RETRIES: envInt(3, 0, 10),
  // Longest retry-after we wait out in-process; a longer one fails fast (retryable) so the job
  // is rescheduled instead of holding a concurrency slot.
  AI_MAX_RETRY_DELAY_MS: envInt(30_000, 0, 600_000),
  // What the model's tokens cost, in US dollars per million tokens read and written: the
  // enrich_llm_cost_usd_total metric counts the spend at these prices.
  LLM_PRICE_INPUT_USD_PER_MTOK: envDecimal(3, 0, 10_000),
  LLM_PRICE_OUTPUT_USD_PER_MTOK: envDecimal(15, 0, 10_000),
});

export type AiEnv = z.infer<typeof aiEnv>;
