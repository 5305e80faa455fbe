import { WEBHOOK_EVENTS } from '@enrich/jobs';
import { parseFieldSelection, SELECTABLE_FIELDS, servedRecordSchema } from '@enrich/record';
import { type BatchPayloadData, type ChangePayloadData, type JobPayloadData, webhookUrlSchema } from '@enrich/webhooks';
import { z } from 'zod';
import { batchStatusSchema } from './bulk';
import { cursorPaginationSchema, cursorQuerySchema } from './cursor';
import { jobCompletedSchema, jobFailedSchema } from './enrich';
import { companyChangeSchema } from './monitors';

// Requests and answers of /webhooks: a team's endpoints, their deliveries and attempts.

const isoTimestamp = z.string().meta({ format: 'date-time', example: '2026-11-24T12:00:00.000Z' });
const webhookId = z.string().min(1).max(64).meta({ example: 'whk_01m8b2c3d4e5f6g7h8j9k0m1n2p3' });

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS).meta({ id: 'WebhookEvent' });

const events = z
  .array(webhookEventSchema)
  .min(1, 'name at least one event')
  .max(WEBHOOK_EVENTS.length * 2)
  .meta({ description: 'Events sent to the endpoint', example: ['job.completed', 'batch.completed'] });

const description = z
  .string()
  .trim()
  .max(500)
  .regex(/^\P{Cc}*$/u, 'must not contain control characters')
  .meta({ description: 'What the endpoint is for (up to 500 characters)' });

// A field selection as the poll's `fields=` reads it, kept as sent (trimmed names, joined by commas).
const fields = z
  .string()
  .max(1000)
  .transform((text, ctx) => {
    const parsed = parseFieldSelection(text);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message, params: { unknown: parsed.unknown } });
      return z.NEVER;
    }
    return text
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .join(',');
  })
  .nullable()
  .meta({
    description: `Fields of the record in job events (domain always comes back); null: all. Selectable: ${SELECTABLE_FIELDS.join(', ')}`,
    example: 'name,industry,socialProfiles.linkedin',
    type: ['string', 'null'],
  });

export const webhookCreateSchema = z
  .object({
    url: webhookUrlSchema,
    events,
    description: description.optional(),
    fields: fields.optional(),
    enabled: z.boolean().optional().meta({ description: 'Default true' }),
  })
  .meta({ id: 'WebhookCreateRequest' });

export const webhookUpdateSchema = z
  .object({
    url: webhookUrlSchema.optional(),
    events: events.optional(),
    description: description.optional(),
    fields: fields.optional(),
    enabled: z.boolean().optional().meta({ description: 'true enables again (and clears the failure count); false disables' }),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'name at least one field to change' })
  .meta({ id: 'WebhookUpdateRequest' });

export const rotateSecretSchema = z
  .object({
    overlapHours: z
      .number()
      .min(0)
      .max(24 * 30)
      .optional()
      .meta({ description: 'How long the previous secret keeps signing beside the new one; default 24 (WEBHOOK_SECRET_OVERLAP_HOURS)' }),
  })
  .meta({ id: 'WebhookRotateRequest' });

export const webhookParamsSchema = z.object({ id: webhookId });
export const deliveryParamsSchema = z.object({
  id: webhookId,
  deliveryId: z.string().min(1).max(64).meta({ example: 'msg_01m8b2c3d4e5f6g7h8j9k0m1n2p3' }),
});

export const deliveryListQuerySchema = cursorQuerySchema(/^msg_[0-9a-z]{1,60}$/).extend({
  status: z.enum(['pending', 'delivered', 'failed']).optional().meta({ description: 'Only deliveries in this state' }),
});

export const webhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(webhookEventSchema),
    description: z.string(),
    fields: z.string().nullable(),
    enabled: z.boolean(),
    disabledReason: z
      .string()
      .nullable()
      .meta({ description: 'Why it is disabled: by its owner, a 410 Gone answer, or a long run of failed attempts' }),
    disabledAt: isoTimestamp.nullable(),
    secretHint: z.string().meta({ description: 'First characters of the signing secret', example: 'whsec_AbCd…' }),
    previousSecretExpiresAt: isoTimestamp.nullable().meta({ description: 'During a rotation: until when the previous secret signs too' }),
    consecutiveFailures: z.number().int().meta({ description: 'Failed attempts since the last success' }),
    failingSince: isoTimestamp.nullable(),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .meta({ id: 'Webhook' });

export const webhookWithSecretSchema = webhookSchema
  .extend({
    secret: z
      .string()
      .meta({ description: 'The signing secret: shown only in this answer', example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }),
  })
  .meta({ id: 'WebhookWithSecret' });

export const webhookListSchema = z.object({ data: z.array(webhookSchema) }).meta({ id: 'WebhookList' });

export const deliverySchema = z
  .object({
    id: z.string().meta({ description: 'The webhook-id header of every attempt' }),
    eventType: webhookEventSchema,
    status: z.enum(['pending', 'delivered', 'failed']),
    jobId: z.uuid().nullable(),
    batchId: z.string().nullable(),
    createdAt: isoTimestamp.meta({ description: 'When the event happened' }),
    deliveredAt: isoTimestamp.nullable(),
    nextAttemptAt: isoTimestamp.nullable().meta({ description: 'While pending: when it is tried next' }),
    lastError: z.string().nullable(),
    payload: z.unknown().meta({ description: 'The body as sent ({type, timestamp, data}); null before the first attempt' }),
    attempts: z.array(
      z.object({
        number: z.number().int(),
        attemptedAt: isoTimestamp,
        statusCode: z.number().int().nullable().meta({ description: 'null: no answer (see error)' }),
        durationMs: z.number().int(),
        responseExcerpt: z.string().nullable().meta({ description: 'First 1 KB of the answer' }),
        error: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'WebhookDelivery' });

export const deliveryListSchema = z
  .object({ data: z.array(deliverySchema), pagination: cursorPaginationSchema })
  .meta({ id: 'WebhookDeliveryList', description: 'Newest first' });

// What a delivery's body holds (Standard Webhooks: {type, timestamp, data}), for the OpenAPI
// document's `webhooks`. The data is what a poll answers.
const eventTime = isoTimestamp.meta({ description: 'When the event happened (webhook-timestamp is the attempt’s time)' });

const jobIds = {
  jobId: z.uuid(),
  batchId: z.string().optional().meta({ description: 'For an item of a bulk batch' }),
};

export const jobEventPayloadSchema = z
  .object({
    type: z.enum(['job.completed', 'job.failed']),
    timestamp: eventTime,
    // Each poll answer extended by the ids (not an allOf of the union and the ids: a validator
    // that closes each part of an allOf, as Redocly's example check does, refuses every body).
    data: z
      .union([jobCompletedSchema.extend(jobIds), jobFailedSchema.extend(jobIds)])
      .meta({ description: 'The job’s poll answer (the record with the endpoint’s field selection), with its id' }),
  })
  .meta({ id: 'JobEventPayload' });

export const batchEventPayloadSchema = z
  .object({
    type: z.literal('batch.completed'),
    timestamp: eventTime,
    data: batchStatusSchema
      .omit({ items: true, pagination: true })
      .extend({ statusEndpoint: z.string(), resultsEndpoint: z.string() })
      .meta({ description: 'The batch’s poll answer without its page of items' }),
  })
  .meta({ id: 'BatchEventPayload' });

export const changeEventPayloadSchema = z
  .object({
    type: z.literal('company.changed'),
    timestamp: eventTime,
    data: z
      .object({
        domain: z.string(),
        changes: z.array(companyChangeSchema).meta({ description: 'The changes of the fields the team’s monitor watches' }),
        record: servedRecordSchema.meta({ description: 'The record after the changes (with the endpoint’s field selection)' }),
      })
      .meta({ description: 'A refresh of a watched domain found changes; whose refresh it was is not told' }),
  })
  .meta({ id: 'CompanyChangedPayload' });

// What packages/webhooks sends (buildPayload), held by the compiler to the schemas above, which
// that package cannot import: a field the payload leaves out or mistypes fails the typecheck.
type Sends<Sent extends Documented, Documented> = Sent;
export type SentWebhookData = [
  Sends<JobPayloadData, z.output<typeof jobEventPayloadSchema>['data']>,
  Sends<BatchPayloadData, z.output<typeof batchEventPayloadSchema>['data']>,
  Sends<ChangePayloadData, z.output<typeof changeEventPayloadSchema>['data']>,
];
