import type { Db, Prisma } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import type { Response } from 'express';
import { secondsUntil } from './rate-limit-headers';

type Tx = Prisma.TransactionClient | Db;

import { monthStart } from '@enrich/jobs';

export { monthStart };
export const nextMonthStart = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

export interface QuotaState {
  limit: number | null;
  used: number;
  resetTime: Date;
}

/**
 * The refusal of an admission the month's quota cannot cover (the count itself is raised, or
 * not, by the admission statement in the job store): 429 QUOTA_EXCEEDED naming what is left.
 */
export async function quotaExceeded(tx: Tx, teamId: string, count: number, limit: number | null, now = new Date()): Promise<AppError> {
  const resetTime = nextMonthStart(now);
  const remaining = Math.max(0, (limit ?? 0) - (await usedThisMonth(tx, teamId, now)));
  return new AppError(ErrorCode.QUOTA_EXCEEDED, `monthly quota of ${limit} enrichments: ${remaining} left this month, ${count} requested`, {
    details: { limit, remaining, requested: count, resetsAt: resetTime.toISOString(), retryAfter: secondsUntil(resetTime) },
  });
}

export async function usedThisMonth(tx: Tx, teamId: string, now = new Date()): Promise<number> {
  const row = await tx.usageMonth.findUnique({
    where: { teamId_month: { teamId, month: monthStart(now) } },
    select: { enrichments: true },
  });
  return row?.enrichments ?? 0;
}

// Quota headers on enrichment answers, beside the X-RateLimit-* of the request windows.
export function setQuotaHeaders(res: Response, state: QuotaState): void {
  if (res.headersSent || state.limit === null) return;
  res.setHeader('X-Quota-Limit', String(state.limit));
  res.setHeader('X-Quota-Remaining', String(Math.max(0, state.limit - state.used)));
  res.setHeader('X-Quota-Reset', String(Math.ceil(state.resetTime.getTime() / 1000)));
}
