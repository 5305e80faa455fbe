// Shapes of the API's requests and answers as the dashboard reads them, derived from the API's
// own zod schemas (exported by @enrich/api) and the record contract (@enrich/record). Every import
// is type-only, so no server code is bundled, and a change to a schema the dashboard reads
// fails `tsc -p apps/dashboard/tsconfig.json` where the dashboard reads it.

import type {
  batchItemSchema,
  batchListSchema,
  batchStatusSchema,
  bulkAcceptedSchema,
  bulkPreviewSchema,
  companyAnswerSchema,
  dashboardConfigSchema,
  deliveryListSchema,
  enrichAcceptedSchema,
  enrichRequestSchema,
  inviteCreatedSchema,
  inviteCreateRequestSchema,
  inviteListSchema,
  inviteLookupSchema,
  jobListSchema,
  jobStatusSchema,
  keyCreatedSchema,
  keyCreateRequestSchema,
  keyListSchema,
  searchResponseSchema,
  sessionResponseSchema,
  signinRequestSchema,
  signupRequestSchema,
  teamViewSchema,
  usageSchema,
  webhookCreateSchema,
  webhookEventSchema,
  webhookListSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from '@enrich/api';
import type { CompanyRecord, FieldSource } from '@enrich/record';
import type { z } from 'zod';

export type { CompanyRecord, FieldSource };

/**
 * The dashboard never sends `fields`, so a record it is answered is the whole one: of the
 * served record (whole or a selection) it reads the whole. `never` if the contract drops it.
 */
type Whole<Served> = Extract<Served, CompanyRecord>;
/** An answer whose `data` is a served record, with that record whole. */
type WithWholeData<Answer extends { data?: unknown }> = Omit<Answer, 'data'> &
  (undefined extends Answer['data'] ? { data?: Whole<Answer['data']> } : { data: Whole<Answer['data']> });

export type Session = z.infer<typeof sessionResponseSchema>;
export type Role = Session['user']['role'];
export type DashboardConfig = z.infer<typeof dashboardConfigSchema>;
export type SigninRequest = z.input<typeof signinRequestSchema>;
export type SignupRequest = z.input<typeof signupRequestSchema>;

export type Usage = z.infer<typeof usageSchema>;
export type Window = Usage['rateLimits']['perMinute'];

export type EnrichRequest = z.input<typeof enrichRequestSchema>;
export type EnrichAccepted = z.infer<typeof enrichAcceptedSchema>;
type JobAnswer = z.infer<typeof jobStatusSchema>;
export type Job = Exclude<JobAnswer, { status: 'completed' }> | WithWholeData<Extract<JobAnswer, { status: 'completed' }>>;
export type JobList = z.infer<typeof jobListSchema>;
export type JobSummary = JobList['data'][number];
export type JobStatus = JobSummary['status'];

export type BatchList = z.infer<typeof batchListSchema>;
export type BatchSummary = BatchList['data'][number];
export type BatchItem = WithWholeData<z.infer<typeof batchItemSchema>>;
export type Batch = Omit<z.infer<typeof batchStatusSchema>, 'items'> & { items: BatchItem[] };
export type InvalidEntry = Batch['invalid'][number];
export type BulkAccepted = z.infer<typeof bulkAcceptedSchema>;
export type BulkPreview = z.infer<typeof bulkPreviewSchema>;

/** GET /companies/{domain}, and each search result. */
export type SearchResult = Whole<z.infer<typeof companyAnswerSchema>>;
export type SearchResponse = Omit<z.infer<typeof searchResponseSchema>, 'results'> & { results: SearchResult[] };

export type KeyList = z.infer<typeof keyListSchema>;
export type ApiKey = KeyList['data'][number];
export type KeyCreateRequest = z.input<typeof keyCreateRequestSchema>;
export type CreatedKey = z.infer<typeof keyCreatedSchema>;

export type TeamInfo = z.infer<typeof teamViewSchema>;
export type InviteList = z.infer<typeof inviteListSchema>;
export type Invite = InviteList['data'][number];
export type InviteCreateRequest = z.input<typeof inviteCreateRequestSchema>;
export type CreatedInvite = z.infer<typeof inviteCreatedSchema>;
export type InvitePreview = z.infer<typeof inviteLookupSchema>;

export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export type WebhookList = z.infer<typeof webhookListSchema>;
export type Webhook = WebhookList['data'][number];
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;
export type WebhookInput = z.input<typeof webhookCreateSchema>;
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;
export type DeliveryList = z.infer<typeof deliveryListSchema>;
export type WebhookDelivery = DeliveryList['data'][number];
export type DeliveryAttempt = WebhookDelivery['attempts'][number];
