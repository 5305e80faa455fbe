import { Plan } from '@enrich/db';
import { z } from 'zod';

const isoTimestamp = z.string().meta({ format: 'date-time', example: '2026-12-01T00:00:00.000Z' });
const isoDate = z.string().meta({ format: 'date', example: '2026-11-01' });

const windowSchema = z
  .object({
    limit: z.number().int(),
    remaining: z.number().int(),
    resetsAt: isoTimestamp,
  })
  .meta({ id: 'RateLimitWindow' });

export const usageSchema = z
  .object({
    plan: z.enum(Object.values(Plan) as [Plan, ...Plan[]]),
    month: z
      .object({
        start: isoDate.meta({ description: 'First day of the month counted (UTC)' }),
        enrichments: z.number().int().meta({ description: 'Enrichments counted against the quota this month' }),
        quota: z.number().int().nullable().meta({ description: 'Enrichments per month; null: unlimited' }),
        remaining: z.number().int().nullable(),
        resetsAt: isoTimestamp,
      })
      .meta({ description: 'The monthly quota, as POST /enrich and /enrich/bulk count it' }),
    rateLimits: z
      .object({
        perMinute: windowSchema,
        perDay: windowSchema.nullable().meta({ description: 'null when the plan has no daily window' }),
      })
      .meta({ description: 'The request windows as they stand; reading them does not count' }),
    daily: z
      .array(z.object({ date: isoDate, enrichments: z.number().int() }))
      .meta({ description: 'Enrichments counted per UTC day: the last 30 days, oldest first, today last' }),
  })
  .meta({ id: 'Usage' });
