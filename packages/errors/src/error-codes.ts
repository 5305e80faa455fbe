// The one catalogue of error codes. Every error a client can see, and every error that
// crosses a queue, carries one of these codes; the HTTP status of each is fixed here.
export const ErrorCode = {
  AUTHENTICATION_FAILED: 'AUTHENTICATION_FAILED',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  INVALID_DOMAIN: 'INVALID_DOMAIN',
  INVALID_JSON: 'INVALID_JSON',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  INVALID_CSV: 'INVALID_CSV',
  JOB_NOT_FOUND: 'JOB_NOT_FOUND',
  BATCH_NOT_FOUND: 'BATCH_NOT_FOUND',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  RATE_LIMIT_EXCEEDED: 'RATE_LIMIT_EXCEEDED',
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  // Pipeline faults, recorded on failed jobs.
  SCRAPE_FAILED: 'SCRAPE_FAILED',
  AI_FAILED: 'AI_FAILED',
  ENRICHMENT_FAILED: 'ENRICHMENT_FAILED',
  INVALID_JOB_PAYLOAD: 'INVALID_JOB_PAYLOAD',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

// Exhaustive: adding a code without a status is a type error.
export const httpStatusOf: Record<ErrorCode, number> = {
  AUTHENTICATION_FAILED: 401,
  VALIDATION_ERROR: 400,
  INVALID_DOMAIN: 400,
  INVALID_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  INVALID_CSV: 400,
  JOB_NOT_FOUND: 404,
  BATCH_NOT_FOUND: 404,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  RATE_LIMIT_EXCEEDED: 429,
  QUOTA_EXCEEDED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
  SCRAPE_FAILED: 502,
  AI_FAILED: 502,
  ENRICHMENT_FAILED: 500,
  INVALID_JOB_PAYLOAD: 500,
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(httpStatusOf, value);
}
