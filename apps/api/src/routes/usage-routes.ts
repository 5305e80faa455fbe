import { Router } from 'express';
import type { AppContext } from '../app-context';
import { setRateLimitHeaders, tightest } from '../limits/rate-limit-headers';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/error-handler';
import { usageView } from '../usage/usage-view';

// GET /usage: reading it does not count; its headers report the windows it shows. Authenticated
// where app.ts mounts it.
export function usageRoutes(ctx: AppContext, limits: RateLimits): Router {
  const router = Router();

  router.get('/usage', async (req, res) => {
    const team = requireAuth(req);
    const windows = await limits.teamWindows(req);
    const state = tightest(windows.perDay ? [windows.perMinute, windows.perDay] : [windows.perMinute]);
    if (state) setRateLimitHeaders(res, state);
    res.json(await usageView(ctx.db, team, windows));
  });

  router.all('/usage', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  return router;
}
