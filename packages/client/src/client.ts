import type {
  BatchItem,
  BatchStatus,
  BatchSummary,
  BulkAccepted,
  BulkInvalidEntry,
  CompanyChangeList,
  CompanyRecord,
  CompanyRecordSelection,
  CompanySearchResponse,
  EnrichAccepted,
  JobCompleted,
  JobFailed,
  JobStatus,
  JobSummary,
  TeamChangeList,
  Usage,
  Webhook,
  WebhookCreateRequest,
  WebhookDelivery,
  WebhookList,
  WebhookRotateRequest,
  WebhookUpdateRequest,
  WebhookWithSecret,
} from './api-types';
import { byCursor, cursorPages } from './cursor-pages';
import { ConnectionError, EnrichError } from './errors';
import { Monitors } from './monitors';
import { readEvents } from './sse';
import { type CallOptions, type ClientOptions, type Request, sleep, Transport } from './transport';
import { verifyWebhook } from './webhooks';

/** The most entries one POST /enrich/bulk takes. */
export const BULK_LIMIT = 1000;

/** A record as served: whole, or the fields asked for with `fields`. */
export type ServedRecord = CompanyRecord | CompanyRecordSelection;
/** A stored record as lookup and search answer it: the served record and when it was enriched. */
export type StoredCompany = CompanySearchResponse['results'][number];
/** One change of a company's record, as its history lists it. */
export type CompanyChangeItem = CompanyChangeList['data'][number];
/** One change of the team's feed: a company's change with its domain. */
export type TeamChangeItem = TeamChangeList['data'][number];
/** A job that has ended. */
export type EndedJob = JobCompleted | JobFailed;

export interface SubmitOptions extends CallOptions {
  /** Enrich again even when the domain was enriched within the freshness window. */
  refresh?: boolean;
  /** A one-off webhook for this job or batch. */
  webhookUrl?: string;
  /** The Idempotency-Key; the client makes one per call when it is not given, and reuses it on retries. */
  idempotencyKey?: string;
}

export interface WaitOptions extends CallOptions {
  /** Only these fields of the record (`name,industry,socialProfiles.linkedin`). */
  fields?: string | string[];
  /** How often to poll when the event stream cannot be followed (default 1,000 ms). */
  pollIntervalMs?: number;
}

/** One entry of a bulk run, in input order, once its job has ended (or it was refused). */
export interface BulkResult {
  /** The entry's position in the input. */
  index: number;
  /** The entry as given. */
  input: unknown;
  /** The normalised domain, null for an invalid entry. */
  domain: string | null;
  status: 'completed' | 'failed' | 'invalid';
  jobId: string | null;
  batchId: string | null;
  data?: ServedRecord;
  /** Why it failed, or why the entry is not a domain (`reason` of the API's invalid entries). */
  error?: { code: string; message: string };
}

export interface BulkProgress {
  total: number;
  /** Entries whose result is known (ended jobs and invalid entries). */
  done: number;
  completed: number;
  failed: number;
  invalid: number;
  batches: string[];
}

export interface BulkOptions extends WaitOptions {
  refresh?: boolean;
  webhookUrl?: string;
  /** Entries per POST /enrich/bulk, at most 1,000 (the default). */
  chunkSize?: number;
  /** Called after each submission and whenever results arrive. */
  onProgress?: (progress: BulkProgress) => void;
}

const fieldsParam = (fields?: string | string[]) => (Array.isArray(fields) ? fields.join(',') : fields);
const newKey = () => crypto.randomUUID();

/**
 * The company enrichment API. One instance per key; every method takes an AbortSignal and the
 * client's settings per call. Submissions carry an Idempotency-Key, so a retried one is never
 * admitted or charged twice; lists are async iterables that walk every page.
 */
export class EnrichClient {
  private readonly http: Transport;
  /** The team's webhook endpoints and their deliveries; `verify` checks a delivery's signature. */
  readonly webhooks: WebhookEndpoints;
  /** The team's monitors: add, list, get, update, pause, resume, remove. */
  readonly monitors: Monitors;

  constructor(options: ClientOptions = {}) {
    this.http = new Transport(options);
    this.webhooks = new WebhookEndpoints(this.http);
    this.monitors = new Monitors(this.http);
  }

  /**
   * Any endpoint by method and path, its JSON answer typed by the caller: for one this client
   * has no method for, or one page of a list. Retries, errors and credentials as for every call.
   */
  request<T>(request: Request, options: CallOptions = {}): Promise<T> {
    return this.http.json<T>(request, options);
  }

  /** POST /enrich: starts enriching one domain (a URL or an email's domain works too). */
  submit(domain: string, options: SubmitOptions = {}): Promise<EnrichAccepted> {
    return this.http.json<EnrichAccepted>(
      {
        method: 'POST',
        path: '/api/enrich',
        json: { domain, refresh: options.refresh, webhookUrl: options.webhookUrl },
        idempotencyKey: options.idempotencyKey ?? newKey(),
      },
      options,
    );
  }

  /** GET /enrich/{jobId}: the job now. */
  job(jobId: string, options: WaitOptions = {}): Promise<JobStatus> {
    return this.http.json<JobStatus>(
      { method: 'GET', path: `/api/enrich/${encodeURIComponent(jobId)}`, query: { fields: fieldsParam(options.fields) } },
      options,
    );
  }

  /**
   * Waits for a job to end: follows its event stream, and polls when the stream cannot be
   * followed (a proxy that buffers it, a cut connection).
   */
  async waitForJob(jobId: string, options: WaitOptions = {}): Promise<EndedJob> {
    try {
      const ended = await this.followJob(jobId, options);
      if (ended) return ended;
    } catch (error) {
      // A refusal of the job itself (not found) is final; a stream that broke is not.
      if (error instanceof EnrichError && !(error instanceof ConnectionError) && error.status >= 400 && error.status < 500) throw error;
      if (options.signal?.aborted) throw options.signal.reason;
    }
    for (;;) {
      const job = await this.job(jobId, options);
      if (job.status !== 'processing') return job;
      await sleep(options.pollIntervalMs ?? 1000, options.signal);
    }
  }

  private async followJob(jobId: string, options: WaitOptions): Promise<EndedJob | null> {
    const response = await this.http.send(
      {
        method: 'GET',
        path: `/api/enrich/${encodeURIComponent(jobId)}/events`,
        query: { fields: fieldsParam(options.fields) },
        headers: { accept: 'text/event-stream' },
      },
      { ...options, timeoutMs: 0 },
    );
    if (!response.body || response.status === 204) return null;
    for await (const event of readEvents(response.body)) {
      if (event.event === 'completed' || event.event === 'failed') return JSON.parse(event.data) as EndedJob;
    }
    return null;
  }

  /** Submits one domain; with `wait` (the default) waits for its job to end and returns it. */
  enrich(domain: string, options: SubmitOptions & WaitOptions & { wait: false }): Promise<EnrichAccepted>;
  enrich(domain: string, options?: SubmitOptions & WaitOptions & { wait?: true }): Promise<EndedJob>;
  async enrich(domain: string, options: SubmitOptions & WaitOptions & { wait?: boolean } = {}): Promise<EnrichAccepted | EndedJob> {
    const accepted = await this.submit(domain, options);
    return options.wait === false ? accepted : this.waitForJob(accepted.jobId, options);
  }

  /** GET /companies/{domain}: the team's stored record of a domain (with `enrichedAt`), without enriching it. */
  lookup(domain: string, options: CallOptions & { fields?: string | string[] } = {}): Promise<StoredCompany> {
    return this.http.json<StoredCompany>(
      { method: 'GET', path: `/api/companies/${encodeURIComponent(domain)}`, query: { fields: fieldsParam(options.fields) } },
      options,
    );
  }

  /**
   * GET /companies/search, every page: the team's companies that match. Walked by cursor, so a
   * deep page costs what the first does.
   */
  search(
    query: { q?: string; industry?: string; businessStage?: string; location?: string; minConfidence?: number; fields?: string | string[] },
    options: CallOptions & { pageSize?: number } = {},
  ): AsyncGenerator<StoredCompany> {
    const params = { ...query, fields: fieldsParam(query.fields) };
    return byCursor(this.http, '/api/companies/search', params, options, (answer: CompanySearchResponse) => answer.results);
  }

  /** GET /enrich, every page: the team's single jobs, newest first. */
  jobs(options: CallOptions & { pageSize?: number } = {}): AsyncGenerator<JobSummary> {
    return cursorPages<JobSummary>(this.http, '/api/enrich', {}, options);
  }

  /** GET /enrich/bulk, every page: the team's batches, newest first. */
  batches(options: CallOptions & { pageSize?: number } = {}): AsyncGenerator<BatchSummary> {
    return cursorPages<BatchSummary>(this.http, '/api/enrich/bulk', {}, options);
  }

  /**
   * GET /companies/{domain}/changes, every page: the domain's history, newest first (a domain
   * the team enriched or watches).
   */
  changes(domain: string, options: CallOptions & { pageSize?: number } = {}): AsyncGenerator<CompanyChangeItem> {
    return cursorPages<CompanyChangeItem>(this.http, `/api/companies/${encodeURIComponent(domain)}/changes`, {}, options);
  }

  /** GET /changes, every page: changes of every domain the team watches or enriched, newest first. */
  teamChanges(options: CallOptions & { pageSize?: number } = {}): AsyncGenerator<TeamChangeItem> {
    return cursorPages<TeamChangeItem>(this.http, '/api/changes', {}, options);
  }

  /**
   * POST /enrich/bulk: one batch of at most 1,000 entries (domains, URLs), or a CSV file whose
   * header names a domain, website or url column.
   */
  submitBatch(entries: unknown[] | { csv: string | Blob }, options: SubmitOptions = {}): Promise<BulkAccepted> {
    const idempotencyKey = options.idempotencyKey ?? newKey();
    const query = { refresh: options.refresh, webhookUrl: options.webhookUrl };
    if (Array.isArray(entries)) {
      return this.http.json<BulkAccepted>(
        { method: 'POST', path: '/api/enrich/bulk', json: { domains: entries, ...query }, idempotencyKey },
        options,
      );
    }
    return this.http.json<BulkAccepted>(
      { method: 'POST', path: '/api/enrich/bulk', query, body: { content: entries.csv, type: 'text/csv' }, idempotencyKey },
      options,
    );
  }

  /** GET /enrich/bulk/{batchId}: the batch's progress and one page of its items. */
  batch(
    batchId: string,
    query: { page?: number; limit?: number; status?: BatchItem['status']; fields?: string | string[] } = {},
    options: CallOptions = {},
  ): Promise<BatchStatus> {
    return this.http.json<BatchStatus>(
      { method: 'GET', path: `/api/enrich/bulk/${encodeURIComponent(batchId)}`, query: { ...query, fields: fieldsParam(query.fields) } },
      options,
    );
  }

  /** Every item of a batch (or those in one state), in submission order. */
  async *batchItems(
    batchId: string,
    query: { status?: BatchItem['status']; fields?: string | string[] } = {},
    options: CallOptions & { pageSize?: number } = {},
  ): AsyncGenerator<BatchItem> {
    for (let page = 1; ; page += 1) {
      const answer = await this.batch(batchId, { ...query, page, limit: options.pageSize ?? 100 }, options);
      yield* answer.items;
      if (page >= answer.pagination.totalPages) return;
    }
  }

  /** GET /enrich/bulk/{batchId}/results.csv: the batch's results as CSV text. */
  async batchResultsCsv(batchId: string, options: CallOptions = {}): Promise<string> {
    const response = await this.http.send(
      { method: 'GET', path: `/api/enrich/bulk/${encodeURIComponent(batchId)}/results.csv`, headers: { accept: 'text/csv' } },
      options,
    );
    return response.text();
  }

  /** GET /usage: the month's enrichments, the quota and the rate-limit windows. */
  usage(options: CallOptions = {}): Promise<Usage> {
    return this.http.json<Usage>({ method: 'GET', path: '/api/usage' }, options);
  }

  /**
   * Enriches any number of entries: submits them in batches of at most 1,000 (each with its own
   * Idempotency-Key), then yields one result per entry as its job ends, invalid entries at once.
   * Duplicates of one domain share its job's result.
   */
  async *bulk(entries: Iterable<unknown>, options: BulkOptions = {}): AsyncGenerator<BulkResult> {
    const inputs = [...entries];
    const chunkSize = Math.min(BULK_LIMIT, Math.max(1, options.chunkSize ?? BULK_LIMIT));
    const progress: BulkProgress = { total: inputs.length, done: 0, completed: 0, failed: 0, invalid: 0, batches: [] };
    // Every input entry waiting for its job: jobId → the entries it answers.
    const waiting = new Map<string, { index: number; batchId: string }[]>();
    const open = new Set<string>();
    const report = () => options.onProgress?.({ ...progress, batches: [...progress.batches] });
    const invalidResult = (index: number, batchId: string, entry: BulkInvalidEntry): BulkResult => ({
      index,
      input: inputs[index],
      domain: null,
      status: 'invalid',
      jobId: null,
      batchId,
      error: { code: 'INVALID_DOMAIN', message: entry.reason },
    });

    for (let start = 0; start < inputs.length; start += chunkSize) {
      const accepted = await this.submitBatch(inputs.slice(start, start + chunkSize), options);
      progress.batches.push(accepted.batchId);
      open.add(accepted.batchId);
      const wait = (index: number, jobId: string) => {
        const list = waiting.get(jobId) ?? [];
        list.push({ index: start + index, batchId: accepted.batchId });
        waiting.set(jobId, list);
      };
      for (const job of accepted.jobs) wait(job.index, job.jobId);
      for (const duplicate of accepted.duplicates) wait(duplicate.index, duplicate.jobId);
      for (const entry of accepted.invalid) {
        progress.invalid += 1;
        progress.done += 1;
        yield invalidResult(start + entry.index, accepted.batchId, entry);
      }
      report();
    }

    // Poll each open batch; read the ended items only while its counts move.
    const seen = new Map<string, number>();
    while (open.size > 0) {
      for (const batchId of [...open]) {
        const summary = await this.batch(batchId, { limit: 1 }, options);
        const ended = summary.completed + summary.failed;
        if (ended > (seen.get(batchId) ?? 0)) {
          seen.set(batchId, ended);
          for (const status of ['completed', 'failed'] as const) {
            for await (const item of this.batchItems(batchId, { status, fields: options.fields }, options)) {
              const owners = waiting.get(item.jobId);
              if (!owners) continue;
              waiting.delete(item.jobId);
              for (const owner of owners) {
                progress[status] += 1;
                progress.done += 1;
                yield {
                  index: owner.index,
                  input: inputs[owner.index],
                  domain: item.domain,
                  status,
                  jobId: item.jobId,
                  batchId,
                  ...(item.data ? { data: item.data } : {}),
                  ...(item.error ? { error: item.error } : {}),
                };
              }
            }
          }
          report();
        }
        if (summary.status === 'completed') open.delete(batchId);
      }
      if (open.size > 0) await sleep(options.pollIntervalMs ?? 1000, options.signal);
    }
  }
}

/** The team's webhook endpoints (/webhooks). */
export class WebhookEndpoints {
  constructor(private readonly http: Transport) {}

  /** Checks a delivery's signature and returns its payload (see verifyWebhook). */
  readonly verify = verifyWebhook;

  create(endpoint: WebhookCreateRequest, options: CallOptions = {}): Promise<WebhookWithSecret> {
    return this.http.json({ method: 'POST', path: '/api/webhooks', json: endpoint }, options);
  }
  async list(options: CallOptions = {}): Promise<Webhook[]> {
    return (await this.http.json<WebhookList>({ method: 'GET', path: '/api/webhooks' }, options)).data;
  }
  get(id: string, options: CallOptions = {}): Promise<Webhook> {
    return this.http.json({ method: 'GET', path: `/api/webhooks/${encodeURIComponent(id)}` }, options);
  }
  update(id: string, changes: WebhookUpdateRequest, options: CallOptions = {}): Promise<Webhook> {
    return this.http.json({ method: 'PATCH', path: `/api/webhooks/${encodeURIComponent(id)}`, json: changes }, options);
  }
  async delete(id: string, options: CallOptions = {}): Promise<void> {
    await this.http.send({ method: 'DELETE', path: `/api/webhooks/${encodeURIComponent(id)}` }, options);
  }
  rotateSecret(id: string, rotation: WebhookRotateRequest = {}, options: CallOptions = {}): Promise<WebhookWithSecret> {
    return this.http.json({ method: 'POST', path: `/api/webhooks/${encodeURIComponent(id)}/rotate-secret`, json: rotation }, options);
  }
  /** Every delivery of an endpoint (or those in one state), newest first. */
  deliveries(
    id: string,
    query: { status?: WebhookDelivery['status'] } = {},
    options: CallOptions & { pageSize?: number } = {},
  ): AsyncGenerator<WebhookDelivery> {
    return cursorPages<WebhookDelivery>(this.http, `/api/webhooks/${encodeURIComponent(id)}/deliveries`, { ...query }, options);
  }
  resend(id: string, deliveryId: string, options: CallOptions = {}): Promise<WebhookDelivery> {
    return this.http.json(
      { method: 'POST', path: `/api/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend` },
      options,
    );
  }
}
