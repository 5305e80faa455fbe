import { backoffMs, retryAfterMs } from './anthropic-call';

describe('retryAfterMs', () => {
  const headers = (values: Record<string, string>) => new Headers(values);

  it('reads retry-after-ms first, then retry-after in seconds', () => {
    expect(retryAfterMs(headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterMs(headers({ 'retry-after': '1' }))).toBe(1000);
    expect(retryAfterMs(headers({ 'retry-after': '0.5' }))).toBe(500);
  });

  it('reads an HTTP date, never negative', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(headers({ 'retry-after': 'Wed, 31 Dec 2025 23:00:00 GMT' }), now)).toBe(0);
  });

  it('ignores absent or unreadable values', () => {
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs(headers({}))).toBeUndefined();
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(headers({ 'retry-after-ms': '-5' }))).toBeUndefined();
  });
});

describe('backoffMs', () => {
  it('doubles from 0.5 s up to 8 s, with up to 25 % jitter off', () => {
    for (const [retry, full] of [
      [0, 500],
      [1, 1000],
      [3, 4000],
      [4, 8000],
      [9, 8000],
    ] as const) {
      const delay = backoffMs(retry);
      expect(delay).toBeLessThanOrEqual(full);
      expect(delay).toBeGreaterThanOrEqual(full * 0.75);
    }
  });
});
