import { randomUUID } from 'node:crypto';
import { REQUEST_ID } from '@enrich/queue';
import type { NextFunction, Request, Response } from 'express';

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
  }
}

// randomUUID draws from a cached pool of entropy: a tenth of randomBytes' cost per request.
export const newRequestId = (): string => `req_${randomUUID().replaceAll('-', '')}`;

// Keeps a caller's own request id when it is sane, so both sides can quote the same id.
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.get('x-request-id');
  // The queue jobs carry it (job-catalog.ts), so it is checked by the rule their payloads are.
  req.requestId = incoming && REQUEST_ID.test(incoming) ? incoming : newRequestId();
  res.setHeader('X-Request-Id', req.requestId);
  next();
}
