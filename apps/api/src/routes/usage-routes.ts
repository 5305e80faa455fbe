import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { type RequestHandler, Router } from 'express';
import type { AppContext } from '../app-context';
import { setRateLimitHeaders, tightest } from '../limits/rate-limit-headers';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/error-handler';
import { error, json, type PathParts, readNote } from '../openapi-parts';
import { usageSchema } from '../schemas/usage';
import { usageView } from '../usage/usage-view';

// GET /usage, mounted at /usage (api-router.ts): reading it does not count; its headers report the
// windows it shows.
export function usageRoutes(ctx: AppContext, limits: RateLimits, authenticate: RequestHandler): Router {
  const router = Router();
  router.use(authenticate);

  router.get('/', async (req, res) => {
    const team = requireAuth(req);
    const windows = await limits.teamWindows(req);
    const state = tightest(windows.perDay ? [windows.perMinute, windows.perDay] : [windows.perMinute]);
    if (state) setRateLimitHeaders(res, state);
    res.json(await usageView(ctx.db, team, windows));
  });

  router.all('/', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  return router;
}

export function registerUsagePaths(registry: OpenAPIRegistry, { security, common }: PathParts): void {
  registry.registerPath({
    method: 'get',
    path: '/api/usage',
    summary: 'This month’s enrichments against the quota, the request windows, and the last 30 days',
    description: `The month counts as POST /enrich and /enrich/bulk count it; daily counts are the enrichments charged (duplicates are free). ${readNote}`,
    security,
    responses: { 200: json(usageSchema, 'Usage of the calling team'), ...common, 405: error('METHOD_NOT_ALLOWED') },
  });
}
