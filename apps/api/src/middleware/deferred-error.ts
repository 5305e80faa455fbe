import type { NextFunction, Request, RequestHandler, Response } from 'express';

declare module 'express-serve-static-core' {
  interface Locals {
    deferredError?: unknown;
  }
}

/**
 * Runs a middleware whose failure must not stop the request yet: an enrichment POST with a
 * bad body still counts against the rate limit, so its error is held until after the limiter
 * and raised by `raiseDeferred` in the handler. Later deferred steps are skipped once one failed.
 */
export function deferErrors(handler: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (res.locals.deferredError !== undefined) {
      next();
      return;
    }
    const hold = (error?: unknown) => {
      if (error !== undefined && error !== null) res.locals.deferredError = error;
      next();
    };
    Promise.resolve()
      .then(() => handler(req, res, hold))
      .catch(hold);
  };
}

export function raiseDeferred(res: Response): void {
  if (res.locals.deferredError !== undefined) throw res.locals.deferredError;
}
