// Every endpoint the dashboard calls, by name. Public endpoints use their bare paths (the
// session stands in for a key); session-only ones live under /dashboard/api.
import { query, request } from './client';
import type {
  Batch,
  BatchList,
  BulkAccepted,
  BulkPreview,
  CreatedInvite,
  CreatedKey,
  DashboardConfig,
  DeliveryList,
  EnrichAccepted,
  EnrichRequest,
  InviteCreateRequest,
  InviteList,
  InvitePreview,
  Job,
  JobList,
  JobStatus,
  KeyCreateRequest,
  KeyList,
  SearchResponse,
  SearchResult,
  Session,
  SigninRequest,
  SignupRequest,
  TeamInfo,
  Usage,
  Webhook,
  WebhookDelivery,
  WebhookInput,
  WebhookList,
  WebhookUpdate,
  WebhookWithSecret,
} from './types';

const enc = encodeURIComponent;

/** A bulk submission: a CSV file as uploaded, or a pasted list. */
export type BulkInput = { kind: 'csv'; name: string; text: string } | { kind: 'list'; domains: string[] };

const bulkBody = (input: BulkInput) =>
  input.kind === 'csv' ? { body: { content: input.text, type: 'text/csv' } } : { json: { domains: input.domains } };

export interface SearchParams {
  q?: string;
  industry?: string;
  businessStage?: string;
  location?: string;
  minConfidence?: string;
  page?: number;
  limit?: number;
}

export const api = {
  config: () => request<DashboardConfig>('/dashboard/api/config'),
  session: () => request<Session>('/dashboard/api/session', { expectUnauthorized: true }),
  signIn: (body: SigninRequest) => request<Session>('/dashboard/api/signin', { json: body, expectUnauthorized: true }),
  signUp: (body: SignupRequest) => request<Session>('/dashboard/api/signup', { json: body }),
  signOut: () => request<void>('/dashboard/api/signout', { method: 'POST', expectUnauthorized: true }),
  signOutEverywhere: () => request<void>('/dashboard/api/signout-everywhere', { method: 'POST', expectUnauthorized: true }),

  usage: () => request<Usage>('/usage'),
  recentJobs: (limit = 10, cursor?: string) => request<JobList>(`/enrich${query({ limit, cursor })}`),
  batches: (limit = 20, cursor?: string) => request<BatchList>(`/enrich/bulk${query({ limit, cursor })}`),

  enrich: (domain: string, refresh = false) =>
    request<EnrichAccepted>('/enrich', { json: (refresh ? { domain, refresh } : { domain }) satisfies EnrichRequest }),
  job: (jobId: string) => request<Job>(`/enrich/${enc(jobId)}`),
  /** Server-Sent Events of the job's states (EventSource, use-event-stream.ts). */
  jobEventsUrl: (jobId: string) => `/enrich/${enc(jobId)}/events`,
  bulkPreview: (input: BulkInput) => request<BulkPreview>('/dashboard/api/bulk/preview', { method: 'POST', ...bulkBody(input) }),
  bulkSubmit: (input: BulkInput) => request<BulkAccepted>('/enrich/bulk', { method: 'POST', ...bulkBody(input) }),
  batch: (batchId: string, page = 1, limit = 100, status?: JobStatus) =>
    request<Batch>(`/enrich/bulk/${enc(batchId)}${query({ page, limit, status })}`),
  /** Server-Sent Events of the batch's items as they end. */
  batchEventsUrl: (batchId: string) => `/enrich/bulk/${enc(batchId)}/events`,
  batchResultsUrl: (batchId: string) => `/enrich/bulk/${enc(batchId)}/results.csv`,

  searchCompanies: (params: SearchParams) => request<SearchResponse>(`/companies/search${query({ ...params })}`),
  company: (domain: string) => request<SearchResult>(`/companies/${enc(domain)}`),

  keys: () => request<KeyList>('/dashboard/api/keys'),
  createKey: (name: string) => request<CreatedKey>('/dashboard/api/keys', { json: { name } satisfies KeyCreateRequest }),
  revokeKey: (id: string) => request<void>(`/dashboard/api/keys/${enc(id)}`, { method: 'DELETE' }),

  webhooks: () => request<WebhookList>('/webhooks'),
  webhook: (id: string) => request<Webhook>(`/webhooks/${enc(id)}`),
  createWebhook: (body: WebhookInput) => request<WebhookWithSecret>('/webhooks', { json: body }),
  updateWebhook: (id: string, body: WebhookUpdate) => request<Webhook>(`/webhooks/${enc(id)}`, { method: 'PATCH', json: body }),
  deleteWebhook: (id: string) => request<void>(`/webhooks/${enc(id)}`, { method: 'DELETE' }),
  rotateWebhookSecret: (id: string) => request<WebhookWithSecret>(`/webhooks/${enc(id)}/rotate-secret`, { method: 'POST', json: {} }),
  webhookDeliveries: (id: string, cursor?: string, limit = 20) =>
    request<DeliveryList>(`/webhooks/${enc(id)}/deliveries${query({ limit, cursor })}`),
  resendDelivery: (id: string, deliveryId: string) =>
    request<WebhookDelivery>(`/webhooks/${enc(id)}/deliveries/${enc(deliveryId)}/resend`, { method: 'POST' }),

  team: () => request<TeamInfo>('/dashboard/api/team'),
  invites: () => request<InviteList>('/dashboard/api/invites'),
  createInvite: (body: InviteCreateRequest) => request<CreatedInvite>('/dashboard/api/invites', { json: body }),
  deleteInvite: (id: string) => request<void>(`/dashboard/api/invites/${enc(id)}`, { method: 'DELETE' }),
  invite: (token: string) => request<InvitePreview>(`/dashboard/api/invites/${enc(token)}`, { expectUnauthorized: true }),
};
