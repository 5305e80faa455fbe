import type { Metrics } from '@enrich/metrics';
import type { NextFunction, Request, Response } from 'express';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASSES: readonly (string | undefined)[] = [undefined, '1xx', '2xx', '3xx', '4xx', '5xx'];
const SLASH = 47;
// What a mount path looks like (app.ts); anything else read from a URL is not one.
const MOUNT = /^(?:\/[a-z]+)*$/;

/** The route label of a request no route answered (unknown paths, refusals before routing). */
export const UNMATCHED = 'unmatched';
/** The route label of the dashboard's files and pages (routes/dashboard-app.ts). */
export const DASHBOARD = 'dashboard';

// Every path answers with and without the /api prefix: both are one route.
const withoutApi = (path: string): string => (path === '/api' ? '' : path.startsWith('/api/') ? path.slice(4) : path);

/**
 * Where the router that matched was mounted, read back from the URL: what comes before the
 * route's own segments. Needed when an error went back through the routers to the app's error
 * handler, for they restore req.baseUrl on the way out. A mount path is literal text
 * (app.ts), so what precedes the route is one of a few strings (lowercased: routing ignores
 * case); anything else (an absolute-form request target names a host) counts as no mount.
 */
function mountFromUrl(url: string, template: string): string {
  const query = url.indexOf('?');
  let path = query === -1 ? url : url.slice(0, query);
  if (path.length > 1 && path.charCodeAt(path.length - 1) === SLASH) path = path.slice(0, -1);
  let end = path.length;
  for (let i = 0; i < template.length; i += 1) {
    if (template.charCodeAt(i) !== SLASH) continue;
    end = path.lastIndexOf('/', end - 1);
    if (end < 0) return '';
  }
  const mount = path.slice(0, end).toLowerCase();
  return MOUNT.test(mount) ? mount : '';
}

/**
 * The bounded route label of an answered request: the template of the route that matched
 * (its mount path and its own path, `/api` folded away), `dashboard` for the dashboard's files,
 * else `unmatched`. Never the raw path: ids, domains and unknown paths stay out of the labels.
 */
export function routeLabel(req: Request, status: number): string {
  const route = req.route as { path?: unknown } | undefined;
  if (!route) return req.baseUrl.toLowerCase() === '/dashboard' ? DASHBOARD : UNMATCHED;
  // A route on several paths is named by its first; a router's own root (`/`) is its mount path.
  const first = Array.isArray(route.path) ? route.path[0] : route.path;
  if (typeof first !== 'string') return UNMATCHED;
  const own = first === '/' ? '' : first;
  const base = req.baseUrl === '' && status >= 400 ? mountFromUrl(req.originalUrl, own) : req.baseUrl.toLowerCase();
  return withoutApi(base + withoutApi(own)) || '/';
}

/**
 * Observes every answered request's duration in `httpRequestDuration` {method, route,
 * status_class} once its response has gone out (a request whose client left first is not
 * observed). Mounted with the early middleware in app.ts; one Map lookup per request finds the
 * labelled child (a few hundred at most: routes × methods × classes).
 */
export function requestMetrics(metrics: Metrics) {
  const children = new Map<string, { observe(seconds: number): void }>();
  const observer = (method: string, route: string, statusClass: string) => {
    const key = `${method} ${statusClass} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = metrics.httpRequestDuration.labels({ method, route, status_class: statusClass });
      children.set(key, child);
    }
    return child;
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = performance.now();
    res.once('finish', () => {
      const status = res.statusCode;
      const method = METHODS.has(req.method) ? req.method : 'other';
      const statusClass = STATUS_CLASSES[Math.floor(status / 100)] ?? 'other';
      observer(method, routeLabel(req, status), statusClass).observe((performance.now() - started) / 1000);
    });
    next();
  };
}
