import type { AuthenticatedTeam } from '@enrich/api-keys';
import { type Db, typedSql, utc } from '@enrich/db';
import type { z } from 'zod';
import { monthStart, nextMonthStart, usedThisMonth } from '../limits/monthly-quota';
import type { WindowState } from '../limits/rate-limit-headers';
import type { TeamWindows } from '../limits/rate-limits';
import type { usageSchema } from '../schemas/usage';
import { dailyEnrichments as dailyEnrichmentRows } from './usage-reads.queries';

/** GET /usage's answer: the compiler holds usageView to the schema the contract documents. */
export type Usage = z.output<typeof usageSchema>;

/** Days GET /usage counts enrichments for, today included. */
export const USAGE_DAYS = 30;
const DAY_MS = 86_400_000;

const day = (date: Date): string => date.toISOString().slice(0, 10);

// The statement and its row type: DailyEnrichments in usage-reads.sql.

/** Enrichments charged per UTC day over the last USAGE_DAYS days, oldest first, today last. */
export async function dailyEnrichments(db: Db, teamId: string, now = new Date()): Promise<{ date: string; enrichments: number }[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: USAGE_DAYS }, (_, i) => day(new Date(today - (USAGE_DAYS - 1 - i) * DAY_MS)));
  const since = utc(new Date(`${days[0]}T00:00:00.000Z`));
  const rows = await dailyEnrichmentRows.run({ teamId, since }, typedSql(db, 'usage-daily'));
  const counts = new Map(rows.map((row) => [row.day, row.enrichments]));
  return days.map((date) => ({ date, enrichments: counts.get(date) ?? 0 }));
}

const windowView = (state: WindowState) => ({ limit: state.limit, remaining: state.remaining, resetsAt: state.resetTime.toISOString() });

/**
 * GET /usage: the month's enrichments against the quota (usage_months, which admission
 * counts), the request windows as they stand (read, not counted), and the last 30 days.
 */
export async function usageView(db: Db, team: AuthenticatedTeam, windows: TeamWindows, now = new Date()): Promise<Usage> {
  const [used, daily] = await Promise.all([usedThisMonth(db, team.teamId, now), dailyEnrichments(db, team.teamId, now)]);
  const quota = team.limits.monthly;
  return {
    plan: team.plan,
    month: {
      start: day(monthStart(now)),
      enrichments: used,
      quota,
      remaining: quota === null ? null : Math.max(0, quota - used),
      resetsAt: nextMonthStart(now).toISOString(),
    },
    rateLimits: { perMinute: windowView(windows.perMinute), perDay: windows.perDay && windowView(windows.perDay) },
    daily,
  };
}
