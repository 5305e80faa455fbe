import { z } from 'zod';
import { batchItemSchema, batchStatusEnum } from './bulk';
import { jobCompletedSchema, jobFailedSchema, jobProcessingSchema } from './enrich';

// The event streams (GET /enrich/{jobId}/events, GET /enrich/bulk/{batchId}/events): what each
// event's `data` holds. Documented in the OpenAPI document; the streams are text/event-stream.

/** The SSE reconnection header: the id of the last event the client received. */
export const lastEventIdSchema = z
  .string()
  .regex(/^\d{1,9}$/, 'Last-Event-ID must be the id of an event this stream sent (a whole number)')
  .transform(Number)
  .optional();

export const jobStartedEventSchema = jobProcessingSchema
  .extend({ startedAt: z.string().meta({ format: 'date-time', description: 'When a worker took the job up' }) })
  .meta({ id: 'JobStartedEvent' });

export const jobEventDataSchema = z.union([jobProcessingSchema, jobStartedEventSchema, jobCompletedSchema, jobFailedSchema]).meta({
  id: 'JobEvent',
  description:
    'data of a job stream’s events: `processing` (id 1), `started` (id 2), then `completed` or `failed` (id 3), each the poll’s ' +
    'answer at that point (`fields` selects the record of `completed`)',
});

/** What a job stream's event carries: the compiler holds jobEvents (events/job-events.ts) to it. */
export type JobEventData = z.output<typeof jobEventDataSchema>;

export const batchEventDataSchema = z
  .object({
    batchId: z.string(),
    status: batchStatusEnum,
    total: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
    progress: z.number().int().min(0).max(100),
    item: batchItemSchema
      .pick({ domain: true, jobId: true, error: true })
      .extend({ status: z.enum(['completed', 'failed']) })
      .optional()
      .meta({ description: 'On `item` events: the item that ended' }),
  })
  .meta({
    id: 'BatchEvent',
    description:
      'data of a batch stream’s events: `progress` (a new stream’s first event: the counts now) and `item` (one per item that ' +
      'ended, numbered in the order they ended, with the counts as it left them). The stream ends after the event with nothing pending.',
  });

/** What a batch stream's event carries: the compiler holds readBatchEvents (events/batch-events.ts) to it. */
export type BatchEventData = z.output<typeof batchEventDataSchema>;
