// The one way the dashboard talks to the API: same-origin fetch with the session cookie, the
// CSRF token on every mutation, and every non-2xx answer turned into an ApiError that carries
// the API's code, message and (for 429/503) Retry-After.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter: number | null = null,
    readonly requestId: string | null = null,
    readonly details: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let csrfToken: string | null = null;
/** Set from the session, sign-in and sign-up answers; sent as X-CSRF-Token on mutations. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** Called when an authenticated call answers 401: the session has ended. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  json?: unknown;
  /** A raw body (a CSV file's text) with its content type. */
  body?: { content: string | Blob; type: string };
  /** A 401 here is an answer (sign-in, the session probe), not a lost session. */
  expectUnauthorized?: boolean;
  signal?: AbortSignal;
}

function retryAfterOf(res: Response): number | null {
  const header = res.headers.get('retry-after');
  if (header === null) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.round((date - Date.now()) / 1000));
}

async function errorOf(res: Response): Promise<ApiError> {
  let code = `HTTP_${res.status}`;
  let message = res.statusText || 'The request failed';
  let requestId = res.headers.get('x-request-id');
  let details: unknown;
  try {
    const body = (await res.json()) as { error?: { code?: unknown; message?: unknown; requestId?: unknown; details?: unknown } };
    if (body?.error && typeof body.error === 'object') {
      if (typeof body.error.code === 'string') code = body.error.code;
      if (typeof body.error.message === 'string') message = body.error.message;
      if (typeof body.error.requestId === 'string') requestId = body.error.requestId;
      details = body.error.details;
    }
  } catch {
    // Not the API's error shape (a proxy's page): keep the status line.
  }
  return new ApiError(res.status, code, message, retryAfterOf(res), requestId, details);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.json !== undefined || options.body ? 'POST' : 'GET');
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) {
    headers['Content-Type'] = options.body.type;
    body = options.body.content;
  }
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body, credentials: 'same-origin', signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'The service could not be reached. Check your connection and try again.');
  }
  if (!res.ok) {
    const error = await errorOf(res);
    if (res.status === 401 && !options.expectUnauthorized) for (const listener of unauthorizedListeners) listener();
    throw error;
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** Query string from the defined, non-empty values. */
export function query(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
