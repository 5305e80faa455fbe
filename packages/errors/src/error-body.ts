import type { ErrorCode } from './error-codes';

// The one JSON shape of every error response (docs/api.md).
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    details?: unknown;
    requestId: string;
  };
}

export function errorBody(code: ErrorCode, message: string, requestId: string, details?: unknown): ErrorBody {
  return { error: { code, message, ...(details === undefined ? {} : { details }), requestId } };
}
