/**
 * When monitors fall due. A monitor is checked once per interval at a fixed point of it, its
 * phase (a fraction of the interval): the checks due at k·I + phase·I since the epoch. Phases
 * come from the golden-ratio sequence over the order monitors are made in, so any run of
 * consecutive monitors (100,000 added in one minute) covers the interval evenly instead of
 * bunching, and a monitor's time never moves. `MONITOR_DAY_SECONDS` sets how long a day is:
 * tests make it seconds, and nothing else changes.
 */
export const MONITOR_INTERVALS = ['daily', 'weekly', 'monthly'] as const;
export type MonitorInterval = (typeof MONITOR_INTERVALS)[number];

const DAYS: Record<MonitorInterval, number> = { daily: 1, weekly: 7, monthly: 30 };

export const intervalMs = (interval: MonitorInterval, daySeconds: number): number => DAYS[interval] * daySeconds * 1000;

/** Intervals from the shortest; a plan allows its shortest and every longer one. */
export const intervalsFrom = (shortest: MonitorInterval): MonitorInterval[] => MONITOR_INTERVALS.slice(MONITOR_INTERVALS.indexOf(shortest));

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** The phase of the n-th monitor made (monitor_phase_seq): in [0, 1). */
export function monitorPhase(n: number): number {
  return (n * GOLDEN) % 1;
}

/** The monitor's first check time strictly after `after`. */
export function nextCheckAt(phase: number, interval: number, after: Date): Date {
  const offset = Math.floor(phase * interval);
  const k = Math.floor((after.getTime() - offset) / interval) + 1;
  return new Date(k * interval + offset);
}
