// Every endpoint the dashboard calls, by name, through the official client. Public endpoints are
// the client's own methods (the session stands in for a key); session-only ones, and the single
// pages the dashboard's tables show, go through `client.request` with the API's generated types.
import type { ApiRequest } from '@enrich/client';
import { call, client } from './client';
import type {
  Batch,
  BatchList,
  BulkAccepted,
  BulkPreview,
  ChangeList,
  CreatedInvite,
  CreatedKey,
  DashboardConfig,
  DeliveryList,
  EnrichAccepted,
  InviteCreateRequest,
  InviteList,
  InvitePreview,
  Job,
  JobList,
  JobStatus,
  KeyCreateRequest,
  KeyList,
  Monitor,
  MonitorCreateResult,
  MonitorInterval,
  MonitorList,
  MonitorState,
  SearchResponse,
  SearchResult,
  Session,
  SigninRequest,
  SignupRequest,
  TeamChangeList,
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

export interface SearchParams {
  q?: string;
  industry?: string;
  businessStage?: string;
  location?: string;
  minConfidence?: string;
  page?: number;
  limit?: number;
}

/** A GET of one page or a session-only endpoint; a 401 ends the session unless expected. */
const get = <T>(path: string, query?: ApiRequest['query'], options?: { expectUnauthorized?: boolean }) =>
  call(() => client.request<T>({ method: 'GET', path, query }), options);
const send = <T>(method: 'POST' | 'DELETE', path: string, json?: unknown, options?: { expectUnauthorized?: boolean }) =>
  call(() => client.request<T>({ method, path, json }), options);

/** The search form's fields that hold something (an empty field is no filter). */
const filled = (params: SearchParams) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== '' && value !== undefined));

export const api = {
  config: () => get<DashboardConfig>('/dashboard/api/config'),
  session: () => get<Session>('/dashboard/api/session', undefined, { expectUnauthorized: true }),
  signIn: (body: SigninRequest) => send<Session>('POST', '/dashboard/api/signin', body, { expectUnauthorized: true }),
  signUp: (body: SignupRequest) => send<Session>('POST', '/dashboard/api/signup', body),
  signOut: () => send<void>('POST', '/dashboard/api/signout', undefined, { expectUnauthorized: true }),
  signOutEverywhere: () => send<void>('POST', '/dashboard/api/signout-everywhere', undefined, { expectUnauthorized: true }),

  usage: () => call<Usage>(() => client.usage()),
  recentJobs: (limit = 10, cursor?: string) => get<JobList>('/api/enrich', { limit, cursor }),
  batches: (limit = 20, cursor?: string) => get<BatchList>('/api/enrich/bulk', { limit, cursor }),

  enrich: (domain: string, refresh = false) => call<EnrichAccepted>(() => client.submit(domain, refresh ? { refresh } : {})),
  job: (jobId: string) => call(() => client.job(jobId) as Promise<Job>),
  /** Server-Sent Events of the job's states (EventSource, use-event-stream.ts). */
  jobEventsUrl: (jobId: string) => `/api/enrich/${enc(jobId)}/events`,
  bulkPreview: (input: BulkInput) =>
    call(() =>
      client.request<BulkPreview>(
        input.kind === 'csv'
          ? { method: 'POST', path: '/dashboard/api/bulk/preview', body: { content: input.text, type: 'text/csv' } }
          : { method: 'POST', path: '/dashboard/api/bulk/preview', json: { domains: input.domains } },
      ),
    ),
  bulkSubmit: (input: BulkInput) =>
    call<BulkAccepted>(() => client.submitBatch(input.kind === 'csv' ? { csv: input.text } : input.domains)),
  batch: (batchId: string, page = 1, limit = 100, status?: JobStatus) =>
    call(() => client.batch(batchId, { page, limit, status }) as Promise<Batch>),
  /** Server-Sent Events of the batch's items as they end. */
  batchEventsUrl: (batchId: string) => `/api/enrich/bulk/${enc(batchId)}/events`,
  batchResultsUrl: (batchId: string) => `/api/enrich/bulk/${enc(batchId)}/results.csv`,

  searchCompanies: (params: SearchParams) => get<SearchResponse>('/api/companies/search', filled(params)),
  company: (domain: string) => call(() => client.lookup(domain) as Promise<SearchResult>),

  keys: () => get<KeyList>('/dashboard/api/keys'),
  createKey: (name: string) => send<CreatedKey>('POST', '/dashboard/api/keys', { name } satisfies KeyCreateRequest),
  revokeKey: (id: string) => send<void>('DELETE', `/dashboard/api/keys/${enc(id)}`),

  webhooks: () => get<WebhookList>('/api/webhooks'),
  webhook: (id: string) => call<Webhook>(() => client.webhooks.get(id)),
  createWebhook: (body: WebhookInput) => call<WebhookWithSecret>(() => client.webhooks.create(body)),
  updateWebhook: (id: string, body: WebhookUpdate) => call<Webhook>(() => client.webhooks.update(id, body)),
  deleteWebhook: (id: string) => call(() => client.webhooks.delete(id)),
  rotateWebhookSecret: (id: string) => call<WebhookWithSecret>(() => client.webhooks.rotateSecret(id)),
  webhookDeliveries: (id: string, cursor?: string, limit = 20) =>
    get<DeliveryList>(`/api/webhooks/${enc(id)}/deliveries`, { limit, cursor }),
  resendDelivery: (id: string, deliveryId: string) => call<WebhookDelivery>(() => client.webhooks.resend(id, deliveryId)),

  monitors: (cursor?: string, state?: MonitorState, limit = 50) => call<MonitorList>(() => client.monitors.page({ limit, cursor, state })),
  addMonitors: (input: BulkInput, interval: MonitorInterval) =>
    call<MonitorCreateResult>(() => client.monitors.add(input.kind === 'csv' ? { csv: input.text } : input.domains, { interval })),
  pauseMonitor: (id: string) => call<Monitor>(() => client.monitors.pause(id)),
  resumeMonitor: (id: string) => call<Monitor>(() => client.monitors.resume(id)),
  removeMonitor: (id: string) => call(() => client.monitors.remove(id)),
  /** One page of a company's changes, newest first. */
  companyChanges: (domain: string, cursor?: string, limit = 20) =>
    get<ChangeList>(`/api/companies/${enc(domain)}/changes`, { limit, cursor }),
  /** One page of the changes of every domain the team watches or enriched, newest first. */
  teamChanges: (cursor?: string, limit = 20) => get<TeamChangeList>('/api/changes', { limit, cursor }),

  team: () => get<TeamInfo>('/dashboard/api/team'),
  invites: () => get<InviteList>('/dashboard/api/invites'),
  createInvite: (body: InviteCreateRequest) => send<CreatedInvite>('POST', '/dashboard/api/invites', body),
  deleteInvite: (id: string) => send<void>('DELETE', `/dashboard/api/invites/${enc(id)}`),
  invite: (token: string) => get<InvitePreview>(`/dashboard/api/invites/${enc(token)}`, undefined, { expectUnauthorized: true }),
};
