import { MONITOR_INTERVALS } from '@enrich/jobs';
import { SOURCE_NAMES, WATCHABLE_FIELDS } from '@enrich/record';
import { z } from 'zod';
import { MAX_BULK_DOMAINS } from '../bulk/bulk-entries';
import { invalidEntrySchema } from './bulk';
import { cursorPaginationSchema, cursorQuerySchema } from './cursor';

// Requests and answers of /monitors and of a company's changes.

const isoTimestamp = z.string().meta({ format: 'date-time', example: '2026-12-03T12:00:00.000Z' });
const monitorId = z.string().min(1).max(64).meta({ example: 'mon_01m8b2c3d4e5f6g7h8j9k0m1n2p3' });

// A POST /monitors reads its domains as a bulk submission does (JSON or CSV), within the same limit.
export const MAX_MONITOR_DOMAINS = MAX_BULK_DOMAINS;

const interval = z
  .enum(MONITOR_INTERVALS)
  .meta({ id: 'MonitorInterval', description: 'How often the domain is refreshed; the shortest allowed depends on the plan' });

const fields = z
  .array(z.enum(WATCHABLE_FIELDS as [string, ...string[]]))
  .max(WATCHABLE_FIELDS.length)
  .meta({
    description: 'Fields whose changes matter (socialProfiles: every profile); empty or absent: every field',
    example: ['name', 'employeeCount', 'technologies'],
  });

export const monitorCreateSchema = z
  .object({
    domains: z
      .array(z.unknown())
      .min(1, 'name at least one domain')
      .max(MAX_MONITOR_DOMAINS, `at most ${MAX_MONITOR_DOMAINS} domains per request`)
      .meta({ description: `Domains to watch (up to ${MAX_MONITOR_DOMAINS}); invalid ones are reported, not refused` }),
    interval,
    fields: fields.optional(),
  })
  .meta({ id: 'MonitorCreateRequest' });

// `?interval=` and `?fields=` do for a CSV body what the fields do in a JSON one.
export const monitorCreateQuerySchema = z.object({
  interval: interval.optional().meta({ description: 'For a CSV body (required there): as `interval` in a JSON one' }),
  fields: z
    .string()
    .max(1000)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const parsed = fields.safeParse(
        text
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      );
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'unknown field' });
      return parsed.data ?? z.NEVER;
    })
    .meta({ description: 'For a CSV body: as `fields` in a JSON one, comma-separated (`name,employeeCount`)' }),
});

export const monitorUpdateSchema = z
  .object({
    interval: interval.optional(),
    fields: fields.optional(),
    paused: z.boolean().optional().meta({ description: 'true pauses the monitor; false resumes it' }),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'name at least one field to change' })
  .meta({ id: 'MonitorUpdateRequest' });

export const monitorParamsSchema = z.object({ id: monitorId });

export const monitorListQuerySchema = cursorQuerySchema(/^mon_[0-9a-z]{1,60}$/).extend({
  domain: z.string().max(253).optional().meta({ description: 'Only the monitor of this domain (a URL on it works too)' }),
  state: z.enum(['active', 'paused', 'failing']).optional().meta({ description: 'Only monitors in this state' }),
});

export const monitorSchema = z
  .object({
    id: z.string(),
    domain: z.string(),
    interval,
    fields: z.array(z.string()).meta({ description: 'Fields watched; empty: every field' }),
    state: z.enum(['active', 'paused', 'failing']).meta({
      description: 'active; paused (see pausedReason); failing: the last check could not read the site (see lastError)',
    }),
    pausedReason: z
      .enum(['user', 'quota'])
      .nullable()
      .meta({ description: 'While paused: by the team (user), or the monthly quota is used up (quota; resumes next month)' }),
    lastError: z.object({ code: z.string(), message: z.string() }).nullable().meta({ description: 'Why the last check failed' }),
    lastCheckedAt: isoTimestamp.nullable(),
    nextCheckAt: isoTimestamp,
    lastChangedAt: isoTimestamp.nullable().meta({ description: 'When a watched field last changed' }),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .meta({ id: 'Monitor' });

export const monitorCreatedSchema = z
  .object({
    added: z.array(monitorSchema).meta({ description: 'Monitors made, in the order sent' }),
    alreadyWatched: z
      .array(z.object({ domain: z.string(), id: z.string() }))
      .meta({ description: 'Domains the team watched already, with their monitor' }),
    invalid: z.array(invalidEntrySchema),
  })
  .meta({ id: 'MonitorCreateResult' });

export const monitorListSchema = z
  .object({ data: z.array(monitorSchema), pagination: cursorPaginationSchema })
  .meta({ id: 'MonitorList', description: 'Newest first' });

const changedValue = z
  .union([z.string(), z.number(), z.array(z.string()), z.null()])
  .meta({ description: 'The value as the record holds it; null: none' });

/** One change of a company's record, as GET /companies/{domain}/changes and company.changed give it. */
export const companyChangeSchema = z
  .object({
    field: z.string().meta({ description: 'The field (socialProfiles.<network> for a profile)', example: 'employeeCount' }),
    oldValue: changedValue,
    newValue: changedValue,
    observedAt: isoTimestamp.meta({ description: 'When the refresh that found it ended' }),
    sources: z.array(z.enum(SOURCE_NAMES)).meta({ description: 'Sources of the new value; empty when the value is gone' }),
  })
  .meta({ id: 'CompanyChange' });

/** A change as the examples of the change lists show it. */
export const changeExample = {
  id: 'chg_01m8b2c3d4e5f6g7h8j9k0m1n2p3',
  field: 'employeeCount',
  oldValue: '11-50',
  newValue: '51-200',
  observedAt: '2026-12-03T09:14:05.000Z',
  sources: ['linkedin' as const],
};

export const changeListQuerySchema = cursorQuerySchema(/^chg_[0-9a-z]{1,60}$/);

export const changeListSchema = z
  .object({ data: z.array(companyChangeSchema.extend({ id: z.string() })), pagination: cursorPaginationSchema })
  .meta({ id: 'CompanyChangeList', description: 'Newest first' });

export const teamChangeListSchema = z
  .object({
    data: z.array(companyChangeSchema.extend({ id: z.string(), domain: z.string() })),
    pagination: cursorPaginationSchema,
  })
  .meta({ id: 'TeamChangeList', description: 'Newest first' });
