import { type Logger, pinoOf } from '@enrich/logger';
import type { NextFunction, Request, Response } from 'express';

// The path without its query string (which may hold anything a caller typed).
const pathOf = (req: Request): string => {
  const url = req.originalUrl;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

const skip = (_req: Request, _res: Response, next: NextFunction): void => next();

/**
 * One line per request, `request`, flat so that collectors index it without configuration:
 * the request id the client also sees (request-id.ts runs first), method, path, status, ms and
 * team; `aborted` when the client left before the answer was sent. At info, a 5xx at error. At
 * a level above info (production's warn) the middleware is left out altogether, so a request
 * costs nothing here: a 5xx is still logged, with its request id, by the error handler.
 *
 * Written on the process's logger (its stream and level) without pino-http and without the
 * redaction pass: the line's fields are fixed and hold no secret, and the two cost about 8 % of
 * the API's CPU at info in bench:api's submissions (pino-http's per-request child logger and
 * listeners, the redaction's wildcard paths tried on every field).
 */
export function accessLog(logger: Logger) {
  const pino = pinoOf(logger);
  if (!pino.isLevelEnabled('info')) return skip;
  const lines = pino.child({}, { redact: [] });
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = performance.now();
    res.once('close', () => {
      const status = res.statusCode;
      const line = {
        requestId: req.requestId,
        method: req.method,
        path: pathOf(req),
        status,
        ms: Math.round(performance.now() - started),
        team: req.auth?.teamId,
        aborted: res.writableFinished ? undefined : true,
      };
      if (status >= 500) lines.error(line, 'request');
      else lines.info(line, 'request');
    });
    next();
  };
}
