import { backoffMs, MAX_BACKOFF_MS, MAX_RETRY_AFTER_MS, MIN_COOLDOWN_MS, parseRetryAfter } from './linkedin-backoff';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('2', now)).toBe(2_000);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfter('1.5', now)).toBe(1_500);
  });

  it('reads an HTTP-date as the time left until it', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
  });

  it('keeps a refusal at least MIN_COOLDOWN_MS and at most MAX_RETRY_AFTER_MS', () => {
    expect(parseRetryAfter('0', now)).toBe(MIN_COOLDOWN_MS);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(MIN_COOLDOWN_MS);
    expect(parseRetryAfter('99999999999', now)).toBe(MAX_RETRY_AFTER_MS);
  });

  it.each([undefined, null, '', '  ', '-5', '2s', 'soon', '1e3', 'Mon, 99 Foo 2026'])('%j → undefined', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});

describe('backoffMs', () => {
  it('doubles the base for each earlier refusal', () => {
    expect([0, 1, 2, 3].map((n) => backoffMs(60_000, n))).toEqual([60_000, 120_000, 240_000, 480_000]);
  });

  it('stays within MIN_COOLDOWN_MS and MAX_BACKOFF_MS', () => {
    expect(backoffMs(60_000, 50)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(60_000, 1e9)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(10, 0)).toBe(MIN_COOLDOWN_MS);
  });

  it('reads a nonsensical count as no earlier refusal', () => {
    expect(backoffMs(60_000, -3)).toBe(60_000);
    expect(backoffMs(60_000, Number.NaN)).toBe(60_000);
  });
});
