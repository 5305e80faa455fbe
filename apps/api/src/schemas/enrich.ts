import { servedRecordSchema } from '@enrich/record';
import { webhookUrlSchema } from '@enrich/webhooks';
import { z } from 'zod';
import { cursorPaginationSchema, cursorQuerySchema } from './cursor';
import { fieldsQuerySchema } from './fields';

const isoTimestamp = z.string().meta({ format: 'date-time', example: '2026-02-01T12:00:00.000Z' });

/** A job's states: a single job's and a batch item's. */
export const jobStatusEnum = z.enum(['processing', 'completed', 'failed']);

// `domain` is required; `url` is accepted in its place because a documented client example
// sends it (docs/api.md). Other fields are ignored so that clients can send more later.
export const enrichRequestSchema = z
  .object({
    domain: z.string().optional().meta({ description: 'Company domain or URL', example: 'acme.com' }),
    url: z.string().optional().meta({ description: 'Accepted when `domain` is absent' }),
    refresh: z.boolean().optional().meta({
      description: 'Run the pipeline even when a record of the company fresher than the freshness window (24 h by default) is stored',
    }),
    webhookUrl: webhookUrlSchema.optional().meta({
      description: 'A one-off webhook: this job’s job.completed or job.failed is POSTed there, signed with the webhookSecret of the answer',
    }),
  })
  .refine((body) => body.domain !== undefined || body.url !== undefined, {
    message: 'domain is required',
    path: ['domain'],
  })
  .meta({ id: 'EnrichRequest' });

/** The secret a submission's one-off webhookUrl is signed with: in the 202 answer only. */
export const oneOffSecret = z.string().optional().meta({
  description: 'Only with webhookUrl: the whsec_ secret its deliveries are signed with (Standard Webhooks), shown only here',
  example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
});

export const jobIdParamsSchema = z.object({
  jobId: z.string().meta({ description: 'Job identifier from the submission (UUID)', format: 'uuid' }),
});

export const pollQuerySchema = fieldsQuerySchema;

export const enrichAcceptedSchema = z
  .object({
    status: z.literal('processing'),
    jobId: z.uuid(),
    domain: z.string(),
    statusEndpoint: z.string().meta({ example: '/api/enrich/8b3f3c1e-2f0a-4c1a-9a43-0d5b8c1e2f3a' }),
    estimatedDuration: z.number().int().meta({ description: 'Milliseconds, from recent real durations' }),
    webhookSecret: oneOffSecret,
  })
  .meta({ id: 'EnrichAccepted' });

export const jobProcessingSchema = z
  .object({
    status: z.literal('processing'),
    domain: z.string(),
    createdAt: isoTimestamp,
    estimatedCompletion: isoTimestamp,
  })
  .meta({ id: 'JobProcessing' });

export const jobCompletedSchema = z
  .object({
    status: z.literal('completed'),
    domain: z.string(),
    data: servedRecordSchema,
    createdAt: isoTimestamp,
    completedAt: isoTimestamp,
  })
  .meta({ id: 'JobCompleted' });

export const jobFailedSchema = z
  .object({
    status: z.literal('failed'),
    domain: z.string(),
    createdAt: isoTimestamp,
    completedAt: isoTimestamp,
    error: z.object({ code: z.string(), message: z.string() }),
  })
  .meta({ id: 'JobFailed', description: 'Only when retries were exhausted by an internal fault' });

export const jobStatusSchema = z.union([jobProcessingSchema, jobCompletedSchema, jobFailedSchema]).meta({ id: 'JobStatus' });

export const jobListQuerySchema = cursorQuerySchema(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

export const jobSummarySchema = z
  .object({
    jobId: z.uuid(),
    domain: z.string(),
    status: jobStatusEnum,
    createdAt: isoTimestamp,
    completedAt: isoTimestamp.nullable(),
  })
  .meta({ id: 'JobSummary' });

export const jobListSchema = z
  .object({ data: z.array(jobSummarySchema), pagination: cursorPaginationSchema })
  .meta({ id: 'JobList', description: 'Single jobs (POST /enrich), not the items of batches' });
