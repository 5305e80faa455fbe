import type { JobsOptions } from 'bullmq';
import { z } from 'zod';

// Every queue job the system knows: its queue, its payload schema and its options.
// Producers build payloads through these schemas and workers validate them again on receipt.

export const QueueName = {
  start: 'start',
  scrape: 'scrape',
  ai: 'ai',
  finalize: 'finalize',
  batch: 'batch',
  webhook: 'webhook',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

// A request id as the API accepts it in X-Request-Id (apps/api middleware/request-id.ts): the
// submission's id travels with its jobs so that every step's log lines carry it.
export const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const requestId = z.string().regex(REQUEST_ID).optional();

const enrichmentStep = z.object({
  jobId: z.uuid(),
  domain: z.string().min(1).max(253),
  requestId,
});

// Single submissions the API admitted together: a worker queues each one's enrichment flow.
// Limited like a bulk request; the API's coalesced ticks hold far fewer.
export const START_JOBS_MAX = 1000;
const startJobs = z.object({
  jobs: z.array(enrichmentStep).min(1).max(START_JOBS_MAX),
});

// The parent of a bulk batch's per-domain flows; runs once every item has ended.
const batchStep = z.object({
  batchId: z.string().regex(/^bat_[0-9A-Za-z]+$/),
  requestId,
});

// One webhook delivery owed (its row in webhook_deliveries says where, what and how far it got).
// `requestId`: that of the submission whose job or batch owed it, when known.
const webhookDelivery = z.object({
  deliveryId: z.string().regex(/^msg_[0-9a-z]+$/),
  requestId,
});

export const jobCatalog = {
  start: { queue: QueueName.start, payload: startJobs },
  scrape: { queue: QueueName.scrape, payload: enrichmentStep },
  ai: { queue: QueueName.ai, payload: enrichmentStep },
  finalize: { queue: QueueName.finalize, payload: enrichmentStep },
  batch: { queue: QueueName.batch, payload: batchStep },
  webhook: { queue: QueueName.webhook, payload: webhookDelivery },
} as const;

export type JobName = keyof typeof jobCatalog;
export type JobPayload<N extends JobName> = z.infer<(typeof jobCatalog)[N]['payload']>;

// BullMQ keys for one enrichment's steps. Deterministic, so adding the same flow twice
// (a retried request, the reconciler) never creates a second copy while the first exists.
export const bullJobId = (name: JobName, jobId: string): string => `${name}-${jobId}`;

export interface RetryPolicy {
  attempts: number;
  backoffMs: number;
}

export function stepOptions(name: JobName, jobId: string, retry: RetryPolicy): JobsOptions {
  return {
    jobId: bullJobId(name, jobId),
    attempts: retry.attempts,
    backoff: { type: 'exponential', delay: retry.backoffMs },
    // Postgres keeps the outcome; Redis only needs finished jobs long enough for debugging.
    removeOnComplete: { age: 3600, count: 10_000 },
    removeOnFail: { age: 24 * 3600 },
  };
}
