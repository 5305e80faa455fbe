// The official client of the company enrichment API (packages/client/README.md).
export type * from './api-types';
export {
  BULK_LIMIT,
  type BulkOptions,
  type BulkProgress,
  type BulkResult,
  type CompanyChangeItem,
  type EndedJob,
  EnrichClient,
  type ServedRecord,
  type StoredCompany,
  type SubmitOptions,
  type TeamChangeItem,
  type WaitOptions,
  WebhookEndpoints,
} from './client';
export * from './errors';
export { type MonitorOptions, type MonitorQuery, Monitors } from './monitors';
export { readEvents, type ServerSentEvent } from './sse';
export { backoffMs, type CallOptions, type ClientOptions, type Request as ApiRequest, retryAfterSeconds } from './transport';
export { type VerifyOptions, verifyWebhook, type WebhookPayload, WebhookVerificationError } from './webhooks';

import { verifyWebhook } from './webhooks';
/** `webhooks.verify(rawBody, headers, secret)`: checks a delivery without a client. */
export const webhooks = { verify: verifyWebhook };
