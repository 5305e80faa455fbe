import type { Logger } from '@enrich/logger';
import type { NextFunction, Request, Response } from 'express';

// One line per request, with the request id that the client also sees.
export function accessLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    // Read now: routers mounted on a path rewrite req.url (and so req.path) while they run.
    const path = req.path;
    res.on('finish', () => {
      logger.info('request', {
        requestId: req.requestId,
        method: req.method,
        path,
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        team: req.auth?.teamId,
      });
    });
    next();
  };
}
