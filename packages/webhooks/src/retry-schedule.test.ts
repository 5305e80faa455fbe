import { parseRetrySchedule, retryAfterMs, retryDelay } from './retry-schedule';

describe('retry schedule', () => {
  it('reads waits with units, and refuses anything else naming the part', () => {
    expect(parseRetrySchedule('5s, 1m,2h ,250ms')).toEqual([5000, 60_000, 7_200_000, 250]);
    expect(parseRetrySchedule('')).toEqual([]);
    expect(() => parseRetrySchedule('5s,soon')).toThrow(/"soon"/);
    expect(() => parseRetrySchedule('5d')).toThrow(/"5d"/);
    expect(() => parseRetrySchedule('200h')).toThrow(/longer than a week/);
  });

  it('the default spans about a day', () => {
    const total = parseRetrySchedule('5s,1m,5m,30m,2h,5h,10h,10h').reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeGreaterThan(24);
    expect(total / 3_600_000).toBeLessThan(30);
  });

  it('jitters each wait by at most 20 % and stops when the schedule is used up', () => {
    const schedule = [1000, 10_000];
    expect(retryDelay(schedule, 1, () => 0)).toBe(800);
    expect(retryDelay(schedule, 1, () => 1)).toBe(1200);
    expect(retryDelay(schedule, 2, () => 0.5)).toBe(10_000);
    expect(retryDelay(schedule, 3)).toBeNull();
  });

  it('reads Retry-After as seconds or an HTTP date, capped at a day', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(['7'], now)).toBe(7000);
    expect(retryAfterMs('Tue, 24 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Tue, 24 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('999999999', now)).toBe(24 * 3_600_000);
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});
