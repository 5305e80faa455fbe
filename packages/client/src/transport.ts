import { apiError, ConnectionError, type EnrichError } from './errors';

export interface ClientOptions {
  /** The team's API key (Authorization: Bearer). */
  apiKey?: string;
  /** Where the API is: `https://api.example.com` (its `/api` routes are called). Default http://localhost:3000. */
  baseUrl?: string;
  /** The fetch to call (a proxy's, a test's); the global one by default. */
  fetch?: typeof fetch;
  /** Each attempt's time limit in ms (default 30,000); 0 for none. */
  timeoutMs?: number;
  /** Retries after the first attempt (default 4). */
  maxRetries?: number;
  /** The longest wait before a retry in ms, Retry-After included (default 60,000); a longer Retry-After is thrown at once. */
  maxRetryDelayMs?: number;
  /** Headers sent with every call; a function is asked on every attempt (a CSRF token that changes). */
  headers?: Record<string, string> | (() => Record<string, string>);
  /**
   * Whether the browser sends its cookies: 'same-origin' or 'include' for an app signed in to
   * the dashboard by its session instead of holding a key (it then sends X-CSRF-Token in `headers`).
   */
  credentials?: RequestInit['credentials'];
}

/** Per call: an AbortSignal, and the client's own settings for this call. */
export interface CallOptions extends Pick<ClientOptions, 'timeoutMs' | 'maxRetries' | 'maxRetryDelayMs'> {
  signal?: AbortSignal;
}

/** One call to the API, as `EnrichClient.request` takes it. */
export interface Request {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  json?: unknown;
  /** A raw body with its content type (a CSV file). */
  body?: { content: string | Uint8Array | Blob; type: string };
  headers?: Record<string, string>;
  /** Sent as Idempotency-Key on every attempt: the POST is then as safe to retry as a GET. */
  idempotencyKey?: string;
}

const BASE_DELAY_MS = 500;
// A status that says "not now" rather than "no": retried with a backoff.
const TRANSIENT_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);
// A 409 is retried only while the request's own key is in use; other conflicts are final.
const TRANSIENT_CONFLICTS = new Set(['IDEMPOTENCY_KEY_IN_USE']);

/** Retry-After in seconds (its number or its date), null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, (date - now) / 1000);
}

/** Exponential backoff with full jitter: a random wait up to 0.5 s × 2^attempt, capped. */
export function backoffMs(attempt: number, capMs: number, random = Math.random): number {
  return Math.round(random() * Math.min(capMs, BASE_DELAY_MS * 2 ** attempt));
}

/**
 * Resolves after `ms`, or rejects with the signal's reason once it aborts (as fetch does). Not
 * node:timers/promises: the library runs outside Node too, and that one rejects with an AbortError.
 */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** The one way the client talks to the API: retries, timeouts, the key, the error classes. */
export class Transport {
  readonly baseUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = (options.baseUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  url(path: string, query?: Request['query']): string {
    const url = new URL(this.baseUrl + path);
    for (const [name, value] of Object.entries(query ?? {}))
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    return url.toString();
  }

  /** Sends the request until it succeeds or fails for good, and returns its answer (unread). */
  async send(request: Request, call: CallOptions = {}): Promise<Response> {
    const maxRetries = call.maxRetries ?? this.options.maxRetries ?? 4;
    const capMs = call.maxRetryDelayMs ?? this.options.maxRetryDelayMs ?? 60_000;
    for (let attempt = 0; ; attempt += 1) {
      let failure: EnrichError;
      try {
        const response = await this.attempt(request, call);
        if (response.ok) return response;
        failure = await errorOf(response);
      } catch (error) {
        // The caller's abort, or a bug: not the API's failure, never retried.
        if (!(error instanceof ConnectionError)) throw error;
        failure = error;
      }
      if (attempt >= maxRetries || !mayRetry(request, failure)) throw failure;
      const asked = failure.retryAfterSeconds;
      // Asked to wait longer than the ceiling (a monthly quota's reset): the caller decides.
      if (asked !== null && asked * 1000 > capMs) throw failure;
      await sleep(asked !== null ? asked * 1000 : backoffMs(attempt, capMs), call.signal);
    }
  }

  private async attempt(request: Request, call: CallOptions): Promise<Response> {
    const shared = typeof this.options.headers === 'function' ? this.options.headers() : this.options.headers;
    const headers: Record<string, string> = { accept: 'application/json', ...shared, ...request.headers };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
    let body: RequestInit['body'];
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.body) {
      headers['content-type'] = request.body.type;
      body = request.body.content as RequestInit['body'];
    }
    const timeoutMs = call.timeoutMs ?? this.options.timeoutMs ?? 30_000;
    const signals = [call.signal, timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined].filter((s): s is AbortSignal => !!s);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    try {
      const init: RequestInit = { method: request.method, headers, body, signal };
      if (this.options.credentials) init.credentials = this.options.credentials;
      return await this.fetch(this.url(request.path, request.query), init);
    } catch (error) {
      if (call.signal?.aborted) throw call.signal.reason;
      // fetch rejects with the timeout signal's reason, a DOMException that is not always an Error.
      const name = (error as { name?: unknown } | null)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new ConnectionError(timedOut ? 'TIMEOUT' : 'CONNECTION_FAILED', {
        status: 0,
        message: timedOut ? `no answer from ${this.baseUrl} within ${timeoutMs} ms` : `could not reach ${this.baseUrl}: ${String(error)}`,
        requestId: null,
        cause: error,
      });
    }
  }

  /** Sends the request and reads its JSON answer. */
  async json<T>(request: Request, call?: CallOptions): Promise<T> {
    const response = await this.send(request, call);
    if (response.status === 204) return undefined as T;
    try {
      return (await response.json()) as T;
    } catch (error) {
      throw new ConnectionError('UNEXPECTED_RESPONSE', {
        status: response.status,
        message: `the answer to ${request.method} ${request.path} was not JSON`,
        requestId: response.headers.get('x-request-id'),
        cause: error,
      });
    }
  }
}

/**
 * A failure worth another attempt: no answer, or a status that means "not now" (408, 425, 429,
 * 5xx, a 409 of the request's own key in use). A POST is sent again only with an
 * Idempotency-Key, or when the API refused it before any work (429, 503): without a key, a POST
 * whose answer was lost may have been done.
 */
function mayRetry(request: Request, failure: EnrichError): boolean {
  const transient =
    failure instanceof ConnectionError
      ? failure.code !== 'UNEXPECTED_RESPONSE'
      : TRANSIENT_STATUSES.has(failure.status) || (failure.status === 409 && TRANSIENT_CONFLICTS.has(failure.code));
  if (!transient) return false;
  const idempotent = request.method !== 'POST' || request.idempotencyKey !== undefined;
  return idempotent || failure.status === 429 || failure.status === 503;
}

/** The error of a non-2xx answer: the API's error body, or its status when the body is not one. */
async function errorOf(response: Response): Promise<EnrichError> {
  const fields = {
    status: response.status,
    requestId: response.headers.get('x-request-id'),
    retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
  };
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown; requestId?: unknown; details?: unknown } };
    if (body?.error && typeof body.error.code === 'string') {
      return apiError(body.error.code, {
        ...fields,
        message: typeof body.error.message === 'string' ? body.error.message : `HTTP ${response.status}`,
        requestId: typeof body.error.requestId === 'string' ? body.error.requestId : fields.requestId,
        details: body.error.details,
      });
    }
  } catch {
    // Not the API's error body (a proxy's page): the status says what it was.
  }
  return apiError(`HTTP_${response.status}`, { ...fields, message: `HTTP ${response.status} ${response.statusText}`.trim() });
}
