import { servedRecordSchema } from '@enrich/record';
import { z } from 'zod';
import { cursorPaginationSchema, cursorQuerySchema } from './cursor';
import { jobStatusEnum, oneOffSecret } from './enrich';
import { fieldsShape } from './fields';
import { paginationQuerySchema, paginationSchema } from './pagination';

const isoTimestamp = z.string().meta({ format: 'date-time', example: '2026-02-01T12:00:00.000Z' });

/** A batch's states: `completed` once no item is pending. */
export const batchStatusEnum = z.enum(['processing', 'completed']);

export const invalidEntrySchema = z
  .object({
    index: z.number().int().meta({ description: 'Position of the entry in the request (0-based; CSV: data row)' }),
    entry: z.union([z.string(), z.number(), z.boolean(), z.null()]).meta({
      description:
        'The entry as sent. In a string, U+0000 and lone surrogates are replaced by U+FFFD; an array or object is given as its ' +
        'JSON text, cut at 200 characters (with …)',
    }),
    reason: z.string().meta({ description: 'Code a program can branch on', example: 'no_public_suffix' }),
    message: z.string(),
  })
  .meta({ id: 'BulkInvalidEntry' });

export const bulkAcceptedSchema = z
  .object({
    batchId: z.string().meta({ example: 'bat_01jc3m8y2k7w5n0r4t6v8x9z1a' }),
    status: batchStatusEnum.meta({ description: '`completed` at once only when no entry was valid' }),
    total: z.number().int().meta({ description: 'Entries received' }),
    accepted: z.number().int().meta({ description: 'Distinct valid domains, one job each' }),
    quotaCharged: z
      .number()
      .int()
      .meta({ description: 'Accepted domains counted against the monthly quota (new ones, not duplicates of recent submissions)' }),
    jobs: z.array(z.object({ index: z.number().int(), domain: z.string(), jobId: z.uuid(), statusEndpoint: z.string() })),
    duplicates: z
      .array(z.object({ index: z.number().int(), entry: z.string(), domain: z.string(), jobId: z.uuid(), sameAs: z.number().int() }))
      .meta({ description: 'Entries naming a domain already earlier in this request; they share its job' }),
    invalid: z.array(invalidEntrySchema),
    statusEndpoint: z.string().meta({ example: '/api/enrich/bulk/bat_01jc3m8y2k7w5n0r4t6v8x9z1a' }),
    webhookSecret: oneOffSecret,
  })
  .meta({ id: 'BulkAccepted' });

export const batchIdParamsSchema = z.object({
  batchId: z.string().max(64).meta({ description: 'Batch identifier from the bulk submission', example: 'bat_01jc3m8y2k7w5n0r4t6v8x9z1a' }),
});

export const batchQuerySchema = paginationQuerySchema.extend({
  status: jobStatusEnum.optional().meta({ description: 'Only the items in this state (pagination counts those)' }),
  ...fieldsShape,
});

export const batchItemSchema = z
  .object({
    domain: z.string(),
    jobId: z.uuid(),
    status: jobStatusEnum,
    statusEndpoint: z.string(),
    data: servedRecordSchema.optional().meta({ description: 'Once completed' }),
    error: z.object({ code: z.string(), message: z.string() }).optional().meta({ description: 'Once failed' }),
  })
  .meta({ id: 'BatchItem' });

export const batchStatusSchema = z
  .object({
    batchId: z.string(),
    status: batchStatusEnum.meta({ description: '`completed` once every item has completed or failed' }),
    total: z.number().int().meta({ description: 'Items (accepted domains) in the batch' }),
    completed: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
    progress: z.number().int().min(0).max(100).meta({ description: 'Whole percent of items ended' }),
    createdAt: isoTimestamp,
    completedAt: isoTimestamp.nullable(),
    entriesReceived: z.number().int(),
    duplicateEntries: z.number().int(),
    invalid: z.array(invalidEntrySchema),
    items: z.array(batchItemSchema).meta({ description: 'One page of items, in submission order' }),
    pagination: paginationSchema,
  })
  .meta({ id: 'BatchStatus' });

// Batch ids as newId('bat') makes them; a cursor naming anything else is not one of ours.
export const batchListQuerySchema = cursorQuerySchema(/^bat_[0-9a-z]{1,60}$/);

export const batchSummarySchema = z
  .object({
    batchId: z.string(),
    status: batchStatusEnum,
    createdAt: isoTimestamp,
    completedAt: isoTimestamp.nullable(),
    total: z.number().int().meta({ description: 'Items (accepted domains) in the batch' }),
    completed: z.number().int(),
    failed: z.number().int(),
    processing: z.number().int(),
  })
  .meta({ id: 'BatchSummary', description: 'A batch counted as its poll (GET /enrich/bulk/{batchId}) counts it' });

export const batchListSchema = z
  .object({ data: z.array(batchSummarySchema), pagination: cursorPaginationSchema })
  .meta({ id: 'BatchList' });

export const batchResultsDescription =
  'One row per entry of the request, in the order sent: the input columns (the uploaded CSV’s, or `domain` for a JSON list), ' +
  'the company record flattened (lists joined with "; ", `social_<network>`, `insights_…`, `b2bMatch_…`; a column whose name ' +
  'an input column has is written `enriched_<name>`), then `status` (completed, processing, failed, invalid, duplicate) and ' +
  "`error`. A cell starting with = + - @, a tab or CR is written with a leading '.";

export const bulkPreviewSchema = z
  .object({
    entries: z.number().int().meta({ description: 'Entries received (POST /enrich/bulk: total)' }),
    valid: z.number().int().meta({ description: 'Distinct valid domains, one job each (accepted)' }),
    duplicates: z.number().int().meta({ description: 'Entries naming a domain already earlier in the request' }),
    invalid: z.array(invalidEntrySchema),
    cost: z.number().int().meta({
      description: 'Enrichments the submission would count against the monthly quota (quotaCharged): valid domains not submitted recently',
    }),
    quota: z.object({
      remaining: z.number().int().nullable().meta({ description: 'Enrichments left this month; null: unlimited' }),
    }),
  })
  .meta({ id: 'BulkPreview' });
