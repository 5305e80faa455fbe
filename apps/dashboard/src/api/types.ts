// Shapes of the API's requests and answers as the dashboard reads them: the official client's
// types, generated from the API's OpenAPI document (`npm run client:types`), under the names the
// pages use. A change to a schema the dashboard reads fails `tsc -p apps/dashboard/tsconfig.json`
// where the dashboard reads it.
import type {
  BatchItem as ApiBatchItem,
  BatchList,
  BatchStatus,
  BulkAccepted,
  BulkInvalidEntry,
  BulkPreview,
  CompanyChangeList,
  CompanyRecord,
  CompanySearchResult,
  DashboardConfig,
  DashboardKeyList,
  DashboardSession,
  DashboardTeamView,
  EnrichAccepted,
  EnrichRequest,
  FieldSource,
  InviteCreated,
  InviteCreateRequest,
  InviteList,
  InviteLookup,
  JobStatus as JobAnswer,
  JobList,
  KeyCreated,
  KeyCreateRequest,
  Monitor,
  MonitorCreateResult,
  MonitorInterval,
  MonitorList,
  RateLimitWindow,
  SearchPagination,
  SigninRequest,
  SignupRequest,
  TeamChangeList,
  Usage,
  Webhook,
  WebhookCreateRequest,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEvent,
  WebhookList,
  WebhookUpdateRequest,
  WebhookWithSecret,
} from '@enrich/client';

export type {
  BatchList,
  BulkAccepted,
  BulkPreview,
  CompanyChangeList,
  CompanyRecord,
  DashboardConfig,
  EnrichAccepted,
  EnrichRequest,
  FieldSource,
  InviteCreateRequest,
  InviteList,
  JobList,
  KeyCreateRequest,
  Monitor,
  MonitorCreateResult,
  MonitorInterval,
  MonitorList,
  SigninRequest,
  SignupRequest,
  TeamChangeList,
  Usage,
  Webhook,
  WebhookDelivery,
  WebhookEvent,
  WebhookList,
  WebhookWithSecret,
};

/**
 * The dashboard never sends `fields`, so a record it is answered is the whole one: of the
 * served record (whole or a selection) it reads the whole. `never` if the contract drops it.
 */
type Whole<Served> = Extract<Served, CompanyRecord>;
/** An answer whose `data` is a served record, with that record whole. */
type WithWholeData<Answer extends { data?: unknown }> = Omit<Answer, 'data'> &
  (undefined extends Answer['data'] ? { data?: Whole<Answer['data']> } : { data: Whole<Answer['data']> });

export type Session = DashboardSession;
export type Role = Session['user']['role'];
export type Window = RateLimitWindow;

export type Job = Exclude<JobAnswer, { status: 'completed' }> | WithWholeData<Extract<JobAnswer, { status: 'completed' }>>;
export type JobSummary = JobList['data'][number];
export type JobStatus = JobSummary['status'];

export type BatchSummary = BatchList['data'][number];
export type BatchItem = WithWholeData<ApiBatchItem>;
export type Batch = Omit<BatchStatus, 'items'> & { items: BatchItem[] };
export type InvalidEntry = BulkInvalidEntry;

/** GET /companies/{domain}, and each search result. */
export type SearchResult = CompanySearchResult;
/** The dashboard asks for pages by number (never by cursor), so its answers carry page and totalPages. */
export type SearchResponse = { results: SearchResult[]; pagination: SearchPagination };

export type KeyList = DashboardKeyList;
export type ApiKey = KeyList['data'][number];
export type CreatedKey = KeyCreated;

export type TeamInfo = DashboardTeamView;
export type Invite = InviteList['data'][number];
export type CreatedInvite = InviteCreated;
export type InvitePreview = InviteLookup;

export type WebhookInput = WebhookCreateRequest;
export type WebhookUpdate = WebhookUpdateRequest;
export type DeliveryList = WebhookDeliveryList;
export type DeliveryAttempt = WebhookDelivery['attempts'][number];

export type MonitorState = Monitor['state'];
export type ChangeList = CompanyChangeList;
/** A change as the feeds show it: the team's carries its domain, a company's does not. */
export type Change = CompanyChangeList['data'][number] & { domain?: string };
