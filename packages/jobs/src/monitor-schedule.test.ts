import { intervalMs, intervalsFrom, monitorPhase, nextCheckAt } from './monitor-schedule';

const DAY = intervalMs('daily', 86_400);

describe('monitor schedule', () => {
  it('spreads the checks of monitors added at once evenly over the interval', () => {
    const perMinute = new Array<number>(1440).fill(0);
    const now = new Date('2026-12-03T10:00:00.000Z');
    const count = 100_000;
    let outside = 0;
    for (let n = 1_000; n < 1_000 + count; n += 1) {
      const wait = nextCheckAt(monitorPhase(n), DAY, now).getTime() - now.getTime();
      if (wait <= 0 || wait > DAY) outside += 1;
      else perMinute[Math.floor((wait - 1) / 60_000)]! += 1;
    }
    // Every first check falls within one interval of now.
    expect(outside).toBe(0);
    const mean = count / 1440;
    expect(Math.max(...perMinute) / mean).toBeLessThanOrEqual(1.1);
    expect(Math.min(...perMinute) / mean).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps a monitor’s time: one check per interval at the same point of it', () => {
    const phase = monitorPhase(42);
    const first = nextCheckAt(phase, DAY, new Date('2026-12-03T10:00:00.000Z'));
    const second = nextCheckAt(phase, DAY, first);
    expect(second.getTime() - first.getTime()).toBe(DAY);
    // Checked late (a day down): the next check is the next point after now, not a burst of missed ones.
    const late = new Date(second.getTime() + 3 * DAY + 5_000);
    expect(nextCheckAt(phase, DAY, late).getTime()).toBe(second.getTime() + 4 * DAY);
  });

  it('scales every interval by the length of a day', () => {
    expect(intervalMs('weekly', 2)).toBe(14_000);
    expect(intervalMs('monthly', 86_400)).toBe(30 * DAY);
    expect(intervalsFrom('weekly')).toEqual(['weekly', 'monthly']);
  });
});
