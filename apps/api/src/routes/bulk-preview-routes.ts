import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { type RequestHandler, Router } from 'express';
import { recentlySubmitted } from '../admission/recent-submissions';
import type { AppContext } from '../app-context';
import { bulkQuerySchema } from '../bulk/bulk-entries';
import { readBulkSubmission } from '../bulk/bulk-submission';
import { usedThisMonth } from '../limits/monthly-quota';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { bulkBody } from '../middleware/bulk-body';
import { runMiddleware } from '../middleware/run-middleware';
import { bulkRequestBody, error, type PathParts } from '../openapi-parts';
import { bulkPreviewSchema } from '../schemas/bulk';
import type { ApiDeps } from './api-routes';
import { mountRoutes, registerRoutes, routesOf } from './define-route';

interface Deps extends ApiDeps {
  /** The body parser of POST /enrich/bulk, made once. */
  body: RequestHandler;
}
const { defineRoute } = routesOf<Deps, PathParts>();

const routes = [
  defineRoute({
    method: 'post',
    path: '/dashboard/api/bulk/preview',
    summary: 'What POST /enrich/bulk would make of a body, and its cost; nothing is stored or counted',
    operationId: 'previewBulk',
    tag: 'bulk',
    description:
      'The same bodies as POST /enrich/bulk (JSON or CSV), read and classified by the same code: counts, invalid entries with ' +
      'reasons, and the enrichments it would count against the monthly quota. Not counted against any limit.',
    input: { query: bulkQuerySchema },
    // JSON or CSV: the body is read by bulkBody and readBulkSubmission.
    request: { body: bulkRequestBody },
    answer: { schema: bulkPreviewSchema, description: 'The submission as POST /enrich/bulk would count it' },
    responses: ({ common, csrf }) => ({
      ...common,
      ...csrf,
      400: error('As POST /enrich/bulk: VALIDATION_ERROR, INVALID_CSV, INVALID_JSON, INVALID_CONTENT_ENCODING'),
      413: error('PAYLOAD_TOO_LARGE'),
      415: error('UNSUPPORTED_MEDIA_TYPE'),
    }),
    // Reported, not counted.
    middleware: ({ limits }) => [limits.rateLimitHeaders],
    async handler(req, res, { ctx, body }, input) {
      const team = requireAuth(req);
      await runMiddleware(body, req, res);
      const { entries, domains } = readBulkSubmission(req, input('query'));
      const [recent, used] = await Promise.all([
        recentlySubmitted(ctx.caches.lookups.recentSubmissions, team.teamId, domains),
        usedThisMonth(ctx.db, team.teamId),
      ]);
      const quota = team.limits.monthly;
      return {
        entries: entries.received,
        valid: entries.accepted.length,
        duplicates: entries.duplicates.length,
        invalid: entries.invalid,
        cost: domains.filter((domain) => !recent.has(domain)).length,
        quota: { remaining: quota === null ? null : Math.max(0, quota - used) },
      };
    },
  }),
];

/**
 * POST /dashboard/api/bulk/preview: what POST /enrich/bulk would make of the same body, read
 * and classified by the same code, and what it would cost against the monthly quota, as
 * admission charges it; nothing is stored and no limit counts it. Mounted at /dashboard/api/bulk
 * (api-router.ts), after the dashboard's own routes; a key or a session, like the public endpoints.
 */
export function bulkPreviewRoutes(ctx: AppContext, limits: RateLimits, authenticate: RequestHandler): Router {
  const router = Router();
  router.use(authenticate);
  const body = bulkBody(ctx.config.BULK_BODY_LIMIT);
  mountRoutes(router, '/dashboard/api/bulk', routes, { ctx, limits, body }, { notAllowed: [limits.rateLimitHeaders] });
  return router;
}

export function registerBulkPreviewPaths(registry: OpenAPIRegistry, parts: PathParts): void {
  registerRoutes(registry, routes, parts);
}
