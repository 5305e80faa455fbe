export type FetchErrorKind =
  | 'invalid_url'
  | 'blocked'
  | 'dns'
  | 'timeout'
  | 'http'
  | 'too_large'
  | 'too_many_redirects'
  | 'unsupported_content'
  | 'network';

export interface FetchErrorDetails {
  /** The URL of the hop that failed (after redirects, this is not the requested URL). */
  url: string;
  /** Final HTTP status, for kind "http". */
  status?: number;
  /** Underlying system / DNS error code, e.g. ECONNRESET, ENOTFOUND, EAI_AGAIN. */
  code?: string;
  cause?: unknown;
}

// Failures that usually clear up on their own: worth retrying the job later.
const TRANSIENT_NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'ERR_STREAM_PREMATURE_CLOSE', // connection closed mid-body
]);
const TRANSIENT_DNS_CODES = new Set(['EAI_AGAIN', 'ETIMEOUT', 'ESERVFAIL']);

export class FetchError extends Error {
  override readonly name = 'FetchError';
  readonly kind: FetchErrorKind;
  readonly url: string;
  readonly status: number | undefined;
  readonly code: string | undefined;

  constructor(kind: FetchErrorKind, message: string, details: FetchErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.url = details.url;
    this.status = details.status;
    this.code = details.code;
  }

  /** Whether retrying later may succeed (timeouts, resets, 5xx, 429, DNS hiccups). */
  get transient(): boolean {
    switch (this.kind) {
      case 'timeout':
        return true;
      case 'network':
        return this.code !== undefined && TRANSIENT_NETWORK_CODES.has(this.code);
      case 'dns':
        return this.code !== undefined && TRANSIENT_DNS_CODES.has(this.code);
      case 'http':
        return this.status !== undefined && (this.status >= 500 || this.status === 429);
      default:
        return false;
    }
  }
}
