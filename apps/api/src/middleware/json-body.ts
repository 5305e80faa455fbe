import { AppError, ErrorCode } from '@enrich/errors';
import express, { type NextFunction, type Request, type Response } from 'express';

// POST bodies must be JSON; anything else is refused with a code rather than read as empty.
export function jsonBody(limit: string, hint = 'send the request body as JSON with Content-Type: application/json') {
  const parse = express.json({ limit, strict: true, type: () => true });
  return (req: Request, res: Response, next: NextFunction): void => {
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (!hasBody) {
      // An empty POST is a missing field, not a wrong media type: validation says what is missing.
      req.body = {};
      next();
      return;
    }
    if (!req.is('application/json') && !req.is('application/*+json')) {
      next(new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, hint));
      return;
    }
    parse(req, res, next);
  };
}
