import type { NextFunction, Request, Response } from 'express';

const SLASH = 47;
const QUERY = 63;

/** Where a request target's path begins: 0, or after the host of an absolute-form target (a proxy's). */
function pathStart(url: string): number {
  if (url.charCodeAt(0) === SLASH) return 0;
  const scheme = url.indexOf('://');
  return scheme === -1 ? -1 : url.indexOf('/', scheme + 3);
}

/**
 * Every path answers with and without the `/api` prefix (docs/api.md); this is the one place
 * that says so. The prefix is taken off the URL before routing, so the API's router is mounted
 * once and a request walks its layers once (req.originalUrl keeps what the client sent, for the
 * logs and the metrics' route label). Case-insensitive, as Express's routing is.
 */
export function apiPrefix(req: Request, _res: Response, next: NextFunction): void {
  const url = req.url;
  const start = pathStart(url);
  if (start !== -1 && url.slice(start, start + 4).toLowerCase() === '/api') {
    const after = url.charCodeAt(start + 4);
    const rest = Number.isNaN(after) ? '/' : after === SLASH ? url.slice(start + 4) : after === QUERY ? `/${url.slice(start + 4)}` : null;
    if (rest !== null) req.url = url.slice(0, start) + rest;
  }
  next();
}
