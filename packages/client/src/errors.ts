import type { Error as ErrorBody } from './api-types';

/** Every error code the API answers with (its one catalogue, as the OpenAPI document lists it). */
export type ApiErrorCode = ErrorBody['error']['code'];
/** What went wrong before the API could answer: no connection, a timeout, an answer that was not the API's. */
export type ClientErrorCode = 'CONNECTION_FAILED' | 'TIMEOUT' | 'UNEXPECTED_RESPONSE';

export interface ErrorFields {
  status: number;
  message: string;
  requestId: string | null;
  details?: unknown;
  /** Seconds the API asked to wait (Retry-After), null when it said nothing. */
  retryAfterSeconds?: number | null;
  cause?: unknown;
}

/**
 * Any failed call. `code` is the API's error code (branch on it or on the class), `status` the
 * HTTP status (0 when no answer came), `requestId` the id to quote to support.
 */
export class EnrichError<Code extends string = ApiErrorCode | ClientErrorCode> extends Error {
  readonly code: Code;
  readonly status: number;
  readonly requestId: string | null;
  readonly details: unknown;
  readonly retryAfterSeconds: number | null;

  constructor(code: Code, fields: ErrorFields) {
    super(fields.message, { cause: fields.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = fields.status;
    this.requestId = fields.requestId;
    this.details = fields.details;
    this.retryAfterSeconds = fields.retryAfterSeconds ?? null;
  }
}

// The kinds of failure, each a class a caller can catch whole.
/** No answer: the connection failed or was cut, or the call timed out. */
export class ConnectionError extends EnrichError<ClientErrorCode> {}
/** The key is missing, revoked or wrong (401), or the session may not do this (403). */
export class AuthenticationError extends EnrichError {}
/** The request was refused as sent (400, 413, 415, 422, 431): `details` says what to change. */
export class InvalidRequestError extends EnrichError {}
/** What was asked for does not exist, or is another team's (404, 405). */
export class NotFoundError extends EnrichError {}
/** The request conflicts with the state of things (409). */
export class ConflictError extends EnrichError {}
/** A limit refused the request (429): `retryAfterSeconds` says when it reopens. */
export class LimitError extends EnrichError {}
/** The service failed or is unavailable (5xx); retried by the client before it is thrown. */
export class ServiceError extends EnrichError {}

// One class per error code of the contract.
export class AuthenticationFailedError extends AuthenticationError {}
export class CsrfCheckFailedError extends AuthenticationError {}
export class ForbiddenError extends AuthenticationError {}
export class SignupClosedError extends AuthenticationError {}
export class ValidationError extends InvalidRequestError {}
export class InvalidDomainError extends InvalidRequestError {}
export class InvalidJsonError extends InvalidRequestError {}
export class UnsupportedMediaTypeError extends InvalidRequestError {}
export class PayloadTooLargeError extends InvalidRequestError {}
export class InvalidCsvError extends InvalidRequestError {}
export class InvalidContentEncodingError extends InvalidRequestError {}
export class MalformedRequestError extends InvalidRequestError {}
export class HeadersTooLargeError extends InvalidRequestError {}
export class InvalidWebhookUrlError extends InvalidRequestError {}
export class IdempotencyKeyReusedError extends InvalidRequestError {}
export class JobNotFoundError extends NotFoundError {}
export class BatchNotFoundError extends NotFoundError {}
export class CompanyNotFoundError extends NotFoundError {}
export class RouteNotFoundError extends NotFoundError {}
export class MethodNotAllowedError extends NotFoundError {}
export class InviteNotFoundError extends NotFoundError {}
export class KeyNotFoundError extends NotFoundError {}
export class WebhookNotFoundError extends NotFoundError {}
export class DeliveryNotFoundError extends NotFoundError {}
export class MonitorNotFoundError extends NotFoundError {}
export class EmailTakenError extends ConflictError {}
export class WebhookDisabledError extends ConflictError {}
export class WebhookLimitReachedError extends ConflictError {}
export class MonitorLimitReachedError extends ConflictError {}
/** The plan does not watch as often as asked; `details.shortest` is its shortest interval. */
export class IntervalNotAllowedError extends AuthenticationError {}
export class IdempotencyKeyInUseError extends ConflictError {}
export class RateLimitExceededError extends LimitError {}
/** The month's quota cannot cover the request; `remaining` is what is left of it. */
export class QuotaExceededError extends LimitError {
  get remaining(): number | null {
    const remaining = (this.details as { remaining?: unknown } | undefined)?.remaining;
    return typeof remaining === 'number' ? remaining : null;
  }
}
export class ServiceUnavailableError extends ServiceError {}
export class InternalError extends ServiceError {}
export class ScrapeFailedError extends ServiceError {}
export class AiFailedError extends ServiceError {}
export class EnrichmentFailedError extends ServiceError {}
export class InvalidJobPayloadError extends ServiceError {}
export class SiteUnreachableError extends ServiceError {}

type ErrorClass = new (code: ApiErrorCode, fields: ErrorFields) => EnrichError;

// Exhaustive over the API's codes: a code added to the API is a type error here until it has a class.
export const ERROR_CLASSES: Record<ApiErrorCode, ErrorClass> = {
  AUTHENTICATION_FAILED: AuthenticationFailedError,
  CSRF_CHECK_FAILED: CsrfCheckFailedError,
  FORBIDDEN: ForbiddenError,
  SIGNUP_CLOSED: SignupClosedError,
  VALIDATION_ERROR: ValidationError,
  INVALID_DOMAIN: InvalidDomainError,
  INVALID_JSON: InvalidJsonError,
  UNSUPPORTED_MEDIA_TYPE: UnsupportedMediaTypeError,
  PAYLOAD_TOO_LARGE: PayloadTooLargeError,
  INVALID_CSV: InvalidCsvError,
  INVALID_CONTENT_ENCODING: InvalidContentEncodingError,
  MALFORMED_REQUEST: MalformedRequestError,
  HEADERS_TOO_LARGE: HeadersTooLargeError,
  INVALID_WEBHOOK_URL: InvalidWebhookUrlError,
  IDEMPOTENCY_KEY_REUSED: IdempotencyKeyReusedError,
  JOB_NOT_FOUND: JobNotFoundError,
  BATCH_NOT_FOUND: BatchNotFoundError,
  COMPANY_NOT_FOUND: CompanyNotFoundError,
  NOT_FOUND: RouteNotFoundError,
  METHOD_NOT_ALLOWED: MethodNotAllowedError,
  INVITE_NOT_FOUND: InviteNotFoundError,
  KEY_NOT_FOUND: KeyNotFoundError,
  WEBHOOK_NOT_FOUND: WebhookNotFoundError,
  DELIVERY_NOT_FOUND: DeliveryNotFoundError,
  MONITOR_NOT_FOUND: MonitorNotFoundError,
  EMAIL_TAKEN: EmailTakenError,
  WEBHOOK_DISABLED: WebhookDisabledError,
  WEBHOOK_LIMIT_REACHED: WebhookLimitReachedError,
  MONITOR_LIMIT_REACHED: MonitorLimitReachedError,
  INTERVAL_NOT_ALLOWED: IntervalNotAllowedError,
  IDEMPOTENCY_KEY_IN_USE: IdempotencyKeyInUseError,
  RATE_LIMIT_EXCEEDED: RateLimitExceededError,
  QUOTA_EXCEEDED: QuotaExceededError,
  SERVICE_UNAVAILABLE: ServiceUnavailableError,
  INTERNAL_ERROR: InternalError,
  SCRAPE_FAILED: ScrapeFailedError,
  AI_FAILED: AiFailedError,
  ENRICHMENT_FAILED: EnrichmentFailedError,
  INVALID_JOB_PAYLOAD: InvalidJobPayloadError,
  SITE_UNREACHABLE: SiteUnreachableError,
};

const KIND_OF_STATUS: Array<[(status: number) => boolean, ErrorClass]> = [
  [(s) => s === 401 || s === 403, AuthenticationError],
  [(s) => s === 404 || s === 405, NotFoundError],
  [(s) => s === 409, ConflictError],
  [(s) => s === 429, LimitError],
  [(s) => s >= 500, ServiceError],
  [(s) => s >= 400, InvalidRequestError],
];

/** The error of an API answer: the class of its code, or of its status for a code this client does not know. */
export function apiError(code: string, fields: ErrorFields): EnrichError {
  const known = Object.hasOwn(ERROR_CLASSES, code) ? ERROR_CLASSES[code as ApiErrorCode] : null;
  const kind = known ?? KIND_OF_STATUS.find(([matches]) => matches(fields.status))?.[1] ?? EnrichError;
  return new kind(code as ApiErrorCode, fields);
}
