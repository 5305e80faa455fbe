import type { Db, Plan } from '@enrich/db';

// What a team may do, from its plan (the contract's table) unless the team row overrides a
// value. Enterprise limits are set per team (admin CLI set-limits); the defaults below apply
// until they are.
export interface TeamLimits {
  perMinute: number;
  /** null: no daily window for this plan. */
  perDay: number | null;
  /** Enrichments per calendar month (UTC); null: unlimited. */
  monthly: number | null;
}

export const PLAN_LIMITS: Record<Plan, TeamLimits> = {
  free: { perMinute: 5, perDay: 50, monthly: 250 },
  starter: { perMinute: 60, perDay: null, monthly: 1_000 },
  growth: { perMinute: 300, perDay: null, monthly: 10_000 },
  enterprise: { perMinute: 1_000, perDay: null, monthly: 100_000 },
};

/**
 * Monitoring per plan: how many domains a team may watch, and the shortest interval it may
 * watch them at. Each check is an enrichment against the monthly quota (a monitor the quota
 * refuses pauses until the next month).
 */
export interface MonitorLimits {
  maxMonitors: number;
  shortestInterval: 'daily' | 'weekly' | 'monthly';
}

export const PLAN_MONITORS: Record<Plan, MonitorLimits> = {
  free: { maxMonitors: 25, shortestInterval: 'monthly' },
  starter: { maxMonitors: 1_000, shortestInterval: 'weekly' },
  growth: { maxMonitors: 10_000, shortestInterval: 'daily' },
  enterprise: { maxMonitors: 100_000, shortestInterval: 'daily' },
};

export interface LimitOverrides {
  rateLimitPerMinute: number | null;
  rateLimitPerDay: number | null;
  monthlyQuota: number | null;
}

export function teamLimits(plan: Plan, overrides: LimitOverrides): TeamLimits {
  const base = PLAN_LIMITS[plan];
  return {
    perMinute: overrides.rateLimitPerMinute ?? base.perMinute,
    perDay: overrides.rateLimitPerDay ?? base.perDay,
    monthly: overrides.monthlyQuota ?? base.monthly,
  };
}

export interface TeamLimitsView {
  teamName: string;
  plan: Plan;
  limits: TeamLimits;
}

/**
 * Sets a team's own limits (enterprise contracts, special deals): a number overrides the
 * plan's value, null goes back to it, a field left out stays as it is. Null when no team has
 * that name. API processes pick the change up within their key cache time.
 */
export async function setTeamLimits(db: Db, teamName: string, overrides: Partial<LimitOverrides>): Promise<TeamLimitsView | null> {
  const team = await db.team.findUnique({ where: { name: teamName } });
  if (!team) return null;
  const updated = Object.keys(overrides).length > 0 ? await db.team.update({ where: { id: team.id }, data: overrides }) : team;
  return { teamName: updated.name, plan: updated.plan, limits: teamLimits(updated.plan, updated) };
}
