import { AppError, ErrorCode, errorBody } from '@enrich/errors';
import type { Logger } from '@enrich/logger';
import type { NextFunction, Request, Response } from 'express';
import { isDependencyFailure } from './dependency-failure';
import { badPathEncoding } from './url-text';

// body-parser reports its failures with a `type`; each becomes a catalogue error.
function fromBodyParser(error: { type?: unknown; limit?: unknown }): AppError | undefined {
  switch (error.type) {
    case 'entity.parse.failed':
      return new AppError(ErrorCode.INVALID_JSON, 'request body is not valid JSON');
    case 'entity.too.large':
      return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `request body is larger than ${String(error.limit)} bytes`);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'request body encoding or charset is not supported');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new AppError(ErrorCode.VALIDATION_ERROR, 'request body could not be read');
    default:
      return undefined;
  }
}

// The router decodes path parameters with decodeURIComponent and throws its URIError (status
// 400) on a bad escape; url-text.ts refuses those paths first, this keeps the answer the same.
const isUriError = (error: object): boolean => error instanceof URIError || (error as { name?: unknown }).name === 'URIError';

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const parsed = typeof error === 'object' && error ? fromBodyParser(error) : undefined;
  if (parsed) return parsed;
  if (typeof error === 'object' && error && isUriError(error)) {
    return badPathEncoding();
  }
  if (isDependencyFailure(error)) {
    return new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'a backing service is unavailable; retry shortly', { retryable: true });
  }
  return new AppError(ErrorCode.INTERNAL_ERROR, 'internal error', { cause: error });
}

// The last middleware: every error leaves in the one shape, never as a stack trace.
export function errorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const appError = toAppError(error);
    if (appError.code === ErrorCode.INTERNAL_ERROR) {
      logger.error('unhandled error', { requestId: req.requestId, error, path: req.path });
    } else if (appError.code === ErrorCode.SERVICE_UNAVAILABLE) {
      logger.warn('dependency unavailable', { requestId: req.requestId, error: (error as Error)?.message });
      res.setHeader('Retry-After', '5');
    }
    // Refused before its body was read (a Content-Length over the limit): close the connection
    // after the answer rather than read off every byte declared to keep it open.
    if (appError.code === ErrorCode.PAYLOAD_TOO_LARGE && !req.complete && !res.headersSent) res.setHeader('Connection', 'close');
    const retryAfter = (appError.details as { retryAfter?: unknown } | undefined)?.retryAfter;
    // A limit's refusal (429) or a key still in use (409) says when to come back.
    if (typeof retryAfter === 'number' && !res.headersSent) res.setHeader('Retry-After', String(retryAfter));
    if (res.headersSent) return;
    res.status(appError.status).json(errorBody(appError.code, appError.message, req.requestId, appError.details));
  };
}

// A known path asked with a method it does not answer.
export function methodNotAllowed(allowed: string[]) {
  return (req: Request, res: Response, next: NextFunction): void => {
    res.setHeader('Allow', allowed.join(', '));
    next(new AppError(ErrorCode.METHOD_NOT_ALLOWED, `${req.method} is not allowed here; use ${allowed.join(' or ')}`));
  };
}

export function notFound(req: Request, _res: Response, next: NextFunction): void {
  next(new AppError(ErrorCode.NOT_FOUND, `no route for ${req.method} ${req.path}`));
}
