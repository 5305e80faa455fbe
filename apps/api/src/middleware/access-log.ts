import { type Logger, pinoOf } from '@enrich/logger';
import type { NextFunction, Request, Response } from 'express';
import { pinoHttp } from 'pino-http';

// The path without its query string (which may hold anything a caller typed).
const pathOf = (req: Request): string => {
  const url = req.originalUrl;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

// The one line of a request: flat, so that collectors index it without configuration.
const line = (req: Request, res: Response, ms: number) => ({
  requestId: req.requestId,
  method: req.method,
  path: pathOf(req),
  status: res.statusCode,
  ms,
  team: req.auth?.teamId,
});

const skip = (_req: Request, _res: Response, next: NextFunction): void => next();

/**
 * One line per request (pino-http, on the process's own pino logger: its stream, level and
 * redaction), with the request id that the client also sees (request-id.ts runs first and
 * gives it as pino-http's id). Requests are logged at info, a 5xx at error. At a level above
 * info (production's warn) the middleware is left out altogether, so a request costs nothing
 * here: a 5xx is still logged, with its request id, by the error handler.
 */
export function accessLog(logger: Logger) {
  const pino = pinoOf(logger);
  if (!pino.isLevelEnabled('info')) return skip;
  const middleware = pinoHttp<Request, Response>({
    logger: pino,
    genReqId: (req) => req.requestId,
    // The line is built from the request by `line`, without pino-http's serialized req and res
    // (headers, cookies): nothing to redact, and no per-request child logger carries them.
    quietResLogger: true,
    wrapSerializers: false,
    serializers: { req: () => undefined },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request',
    customSuccessObject: (req, res, value: { responseTime: number }) => line(req, res, value.responseTime),
    customErrorObject: (req, res, _error, value: { responseTime: number }) => line(req, res, value.responseTime),
  });
  return (req: Request, res: Response, next: NextFunction): void => middleware(req, res, next);
}
