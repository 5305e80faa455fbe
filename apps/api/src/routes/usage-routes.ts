import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { type RequestHandler, Router } from 'express';
import type { AppContext } from '../app-context';
import { setRateLimitHeaders, tightest } from '../limits/rate-limit-headers';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { error, type PathParts, readNote } from '../openapi-parts';
import { usageSchema } from '../schemas/usage';
import { usageView } from '../usage/usage-view';
import { apiRoutes } from './api-routes';
import { mountRoutes, registerRoutes } from './define-route';

const { defineRoute } = apiRoutes;

const routes = [
  // Reading it does not count; its headers report the windows it shows.
  defineRoute({
    method: 'get',
    path: '/usage',
    summary: 'This month’s enrichments against the quota, the request windows, and the last 30 days',
    operationId: 'getUsage',
    tag: 'usage',
    description: `The month counts as POST /enrich and /enrich/bulk count it; daily counts are the enrichments charged (duplicates are free). ${readNote}`,
    answer: {
      schema: usageSchema,
      description: 'Usage of the calling team',
      example: {
        plan: 'free',
        month: { start: '2026-11-01', enrichments: 42, quota: 100, remaining: 58, resetsAt: '2026-12-01T00:00:00.000Z' },
        rateLimits: {
          perMinute: { limit: 10, remaining: 9, resetsAt: '2026-11-20T10:01:00.000Z' },
          perDay: { limit: 100, remaining: 87, resetsAt: '2026-11-21T00:00:00.000Z' },
        },
        daily: [{ date: '2026-11-20', enrichments: 13 }],
      },
    },
    responses: ({ common }) => ({ ...common, 405: error('METHOD_NOT_ALLOWED') }),
    async handler(req, res, { ctx, limits }) {
      const team = requireAuth(req);
      const windows = await limits.teamWindows(req);
      const state = tightest(windows.perDay ? [windows.perMinute, windows.perDay] : [windows.perMinute]);
      if (state) setRateLimitHeaders(res, state);
      return usageView(ctx.db, team, windows);
    },
  }),
];

/** Mounted at /usage (api-router.ts). */
export function usageRoutes(ctx: AppContext, limits: RateLimits, authenticate: RequestHandler): Router {
  const router = Router();
  router.use(authenticate);
  mountRoutes(router, '/usage', routes, { ctx, limits }, { notAllowed: [limits.rateLimitHeaders] });
  return router;
}

export function registerUsagePaths(registry: OpenAPIRegistry, parts: PathParts): void {
  registerRoutes(registry, routes, parts);
}
