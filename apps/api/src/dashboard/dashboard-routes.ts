import { Router } from 'express';
import type { AppContext } from '../app-context';
import { sessionLookup } from '../auth/session-lookup';
import type { RateLimits } from '../limits/rate-limits';
import { accountRoutes } from './account-routes';
import { keyRoutes } from './key-routes';
import { requireSession } from './require-session';
import { teamRoutes } from './team-routes';

/** The dashboard's session-only endpoints; app.ts mounts them at /dashboard/api. */
export function dashboardRoutes(ctx: AppContext, limits: RateLimits): Router {
  const router = Router();
  const sessions = sessionLookup(ctx);
  const session = requireSession(sessions, limits);
  // Answers hold CSRF tokens, keys and invite links: never kept by a cache.
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(accountRoutes(ctx, limits, sessions, session));
  router.use(keyRoutes(ctx, session));
  router.use(teamRoutes(ctx, limits, session));
  return router;
}
