import type { RequestHandler } from 'express';

const SLASH = 47;
const QUERY = 63;

/** Where a request target's path begins: 0, or after the host of an absolute-form target (a proxy's). */
function pathStart(url: string): number {
  if (url.charCodeAt(0) === SLASH) return 0;
  const scheme = url.indexOf('://');
  return scheme === -1 ? -1 : url.indexOf('/', scheme + 3);
}

/** The URL without a leading `/api` (any case, before `/`, `?` or the end); the URL itself when it has none. */
export function withoutApiPrefix(url: string): string {
  const start = pathStart(url);
  if (start === -1 || url.slice(start, start + 4).toLowerCase() !== '/api') return url;
  const after = url.charCodeAt(start + 4);
  if (Number.isNaN(after)) return `${url.slice(0, start)}/`;
  if (after === SLASH) return url.slice(0, start) + url.slice(start + 4);
  if (after === QUERY) return `${url.slice(0, start)}/${url.slice(start + 4)}`;
  return url;
}

/**
 * Every path of the API answers with and without the `/api` prefix (docs/api.md); this is the
 * one place that says so. `api` (the API's router) is mounted once and sees the URL without the
 * prefix, as under an Express mount path; a request it leaves unanswered goes on with its URL as
 * it came (so /api/dashboard/ is not the dashboard's page). req.originalUrl keeps what the client
 * sent, for the logs and the metrics' route label.
 */
export function apiPrefix(api: RequestHandler): RequestHandler & { api: RequestHandler } {
  const handler: RequestHandler = (req, res, next) => {
    const url = req.url;
    const stripped = withoutApiPrefix(url);
    if (stripped === url) return api(req, res, next);
    req.url = stripped;
    api(req, res, (error?: unknown) => {
      req.url = url;
      next(error);
    });
  };
  // The router it serves, for what reads the app's routes (openapi-coverage.test.ts).
  return Object.assign(handler, { api });
}
