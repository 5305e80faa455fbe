import { type RequestHandler, Router } from 'express';
import type { AppContext } from '../app-context';
import { setRateLimitHeaders, tightest } from '../limits/rate-limit-headers';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/error-handler';
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
