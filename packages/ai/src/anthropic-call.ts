import { setTimeout as sleep } from 'node:timers/promises';
import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import type { Message, MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import { AppError, ErrorCode } from '@enrich/errors';

// One Messages API request with our own retry policy. The SDK's retries are switched off
// (maxRetries: 0) because the SDK waits out any retry-after up to ~24 days and also retries
// timeouts, multiplying AI_TIMEOUT_MS. Here 429/529/5xx/connection failures are retried with
// retry-after honoured up to a bound, and a timeout fails at once (retryable, for the queue).

// AI transport failures (after retries, timeouts, refused requests) carry this code.
export const AI_ERROR_CODE = ErrorCode.AI_FAILED;

export interface CallPolicy {
  timeoutMs: number;
  maxRetries: number;
  maxRetryDelayMs: number;
}

export interface RetryEvent {
  retry: number;
  delayMs: number;
  status: number | undefined;
  reason: string;
}

export function createAnthropicClient(apiKey: string, timeoutMs: number, baseURL?: string): Anthropic {
  // baseURL left undefined lets the SDK read ANTHROPIC_BASE_URL itself.
  return new Anthropic({ apiKey, maxRetries: 0, timeout: timeoutMs, ...(baseURL ? { baseURL } : {}) });
}

/** Milliseconds the server asked us to wait (retry-after-ms, then retry-after seconds or date). */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const millis = headers?.get('retry-after-ms');
  if (millis && Number.isFinite(Number(millis)) && Number(millis) >= 0) return Number(millis);
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with jitter (0.5 s, 1 s, 2 s, … up to 8 s), as the SDK's own default. */
export function backoffMs(retry: number): number {
  return Math.min(500 * 2 ** retry, 8000) * (1 - Math.random() * 0.25);
}

function retriedStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

function timeoutError(timeoutMs: number, cause: unknown): AppError {
  return new AppError(AI_ERROR_CODE, `AI request timed out after ${timeoutMs} ms`, {
    retryable: true,
    details: { kind: 'timeout', timeoutMs },
    cause,
  });
}

// The deadline covers the whole request, body included; the SDK's own timeout stops at headers.
async function createWithDeadline(client: Anthropic, params: MessageCreateParamsNonStreaming, timeoutMs: number): Promise<Message> {
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    return await client.messages.create(params, { signal: deadline, timeout: timeoutMs, maxRetries: 0 });
  } catch (error) {
    if (deadline.aborted || error instanceof APIConnectionTimeoutError) throw timeoutError(timeoutMs, error);
    throw error;
  }
}

interface Failure {
  retryInProcess: boolean;
  error: AppError;
  status: number | undefined;
  waitMs: number | undefined;
}

function classify(error: unknown): Failure | undefined {
  if (error instanceof AppError) return { retryInProcess: false, error, status: undefined, waitMs: undefined };
  if (error instanceof APIConnectionError) {
    const appError = new AppError(AI_ERROR_CODE, `AI request failed: ${error.message}`, { retryable: true, cause: error });
    return { retryInProcess: true, error: appError, status: undefined, waitMs: undefined };
  }
  if (!(error instanceof APIError) || error.status === undefined) return undefined;
  const status = error.status;
  const hint = error.headers?.get('x-should-retry');
  const retryable = hint === 'true' || (hint !== 'false' && retriedStatus(status));
  const waitMs = retryAfterMs(error.headers);
  const appError = new AppError(AI_ERROR_CODE, `AI request failed with HTTP ${status}: ${error.apiMessage ?? error.message}`, {
    // A 4xx (bad key, bad request) will fail the same way next time.
    retryable: retryable || retriedStatus(status),
    details: { status, ...(waitMs === undefined ? {} : { retryAfterMs: waitMs }), requestId: error.requestID ?? null },
    cause: error,
  });
  return { retryInProcess: retryable, error: appError, status, waitMs };
}

/**
 * Sends one request, retrying rate limits (429), overload (529), other 5xx and connection
 * failures up to `maxRetries` times. Throws an AppError: retryable for transient failures
 * (timeouts, exhausted retries, a retry-after beyond `maxRetryDelayMs`), not for 4xx.
 */
export async function sendMessage(
  client: Anthropic,
  params: MessageCreateParamsNonStreaming,
  policy: CallPolicy,
  onRetry?: (event: RetryEvent) => void,
): Promise<Message> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await createWithDeadline(client, params, policy.timeoutMs);
    } catch (error) {
      const failure = classify(error);
      if (!failure) throw error;
      if (!failure.retryInProcess || retry >= policy.maxRetries) throw failure.error;
      const delayMs = failure.waitMs ?? backoffMs(retry);
      if (delayMs > policy.maxRetryDelayMs) {
        throw new AppError(
          AI_ERROR_CODE,
          `AI API asked to wait ${Math.ceil(delayMs / 1000)} s, more than the ${policy.maxRetryDelayMs} ms allowed in-process`,
          { retryable: true, details: { status: failure.status, retryAfterMs: delayMs }, cause: failure.error },
        );
      }
      onRetry?.({ retry: retry + 1, delayMs, status: failure.status, reason: failure.error.message });
      await sleep(delayMs);
    }
  }
}
