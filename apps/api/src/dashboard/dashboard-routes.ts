import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import type { AppContext } from '../app-context';
import { sessionLookup } from '../auth/session-lookup';
import type { RateLimits } from '../limits/rate-limits';
import { error } from '../openapi-parts';
import { accountRoutes, registerAccountPaths } from './account-routes';
import { keyRoutes, registerKeyPaths } from './key-routes';
import { requireSession } from './require-session';
import { registerTeamPaths, teamRoutes } from './team-routes';

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

/** The OpenAPI entries of the routers above, each kept beside its router, listed in their /api form like the rest. */
export function registerDashboardPaths(registry: OpenAPIRegistry, sessionCookie: string): void {
  const signedIn = {
    401: error('No live dashboard session (AUTHENTICATION_FAILED)'),
    503: error('Postgres or Redis unreachable (SERVICE_UNAVAILABLE)'),
  };
  const parts = {
    security: [{ [sessionCookie]: [] }],
    signedIn,
    mutation: { ...signedIn, 403: error('CSRF_CHECK_FAILED: not same-origin, or X-CSRF-Token missing or wrong') },
  };
  registerAccountPaths(registry, parts);
  registerKeyPaths(registry, parts);
  registerTeamPaths(registry, parts);
}
