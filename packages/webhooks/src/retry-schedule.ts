/**
 * When a failed delivery is tried again. The schedule is a list of waits, one per retry
 * (`5s,1m,5m,30m,2h,5h,10h,10h` by default: nine attempts over about 28 hours), each spread by
 * ±20 % of jitter so that an endpoint's failures do not come back all at once. A 429 or 503 that
 * says Retry-After is waited out instead (capped at a day).
 */
const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const JITTER = 0.2;
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/** Parses `5s,1m,2h` (units ms, s, m, h) into milliseconds; throws naming the bad part. */
export function parseRetrySchedule(text: string): number[] {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.map((part) => {
    const match = /^(\d{1,9})(ms|s|m|h)$/.exec(part);
    if (!match) throw new Error(`"${part}" is not a wait such as 500ms, 5s, 1m or 2h`);
    const ms = Number(match[1]) * UNITS[match[2]!]!;
    if (ms > 7 * 24 * 3_600_000) throw new Error(`"${part}" is longer than a week`);
    return ms;
  });
}

/** The wait before retry number `retry` (1 for the first), jittered; null once the schedule is used up. */
export function retryDelay(schedule: readonly number[], retry: number, random: () => number = Math.random): number | null {
  const base = schedule[retry - 1];
  if (base === undefined) return null;
  return Math.max(0, Math.round(base * (1 - JITTER + 2 * JITTER * random())));
}

/** A Retry-After header (seconds, or an HTTP date) in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else {
    const date = Date.parse(text);
    if (Number.isNaN(date)) return undefined;
    ms = date - now;
  }
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}
