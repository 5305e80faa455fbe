// How long the whole fleet leaves LinkedIn alone after it refuses a request (429, 999, authwall).

/** A refusal always costs at least this: "Retry-After: 0" still means slow down. */
export const MIN_COOLDOWN_MS = 1_000;
/** Longest Retry-After honoured; a larger (or hostile) value is cut to this. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1_000;
/** Ceiling of the exponential backoff used when LinkedIn names no Retry-After. */
export const MAX_BACKOFF_MS = 60 * 60 * 1_000;

const DELAY_SECONDS = /^\d+(?:\.\d+)?$/;

/**
 * A Retry-After header (RFC 9110: delay-seconds or an HTTP-date) → milliseconds to wait, between
 * MIN_COOLDOWN_MS and MAX_RETRY_AFTER_MS. Undefined when absent or unreadable, so the caller falls
 * back to its own backoff.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let ms: number;
  if (DELAY_SECONDS.test(text)) ms = Number(text) * 1_000;
  else if (/[a-z]/i.test(text)) {
    // Date.parse reads bare numbers as years; a date names a weekday or month.
    const at = Date.parse(text);
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  } else return undefined;
  return Math.min(Math.max(Math.ceil(ms), MIN_COOLDOWN_MS), MAX_RETRY_AFTER_MS);
}

/** `baseMs` doubled for each earlier refusal the fleet remembers, capped at MAX_BACKOFF_MS. */
export function backoffMs(baseMs: number, earlierPenalties: number): number {
  const exponent = Number.isFinite(earlierPenalties) ? Math.min(Math.max(Math.floor(earlierPenalties), 0), 30) : 0;
  return Math.min(Math.max(baseMs, MIN_COOLDOWN_MS) * 2 ** exponent, MAX_BACKOFF_MS);
}
