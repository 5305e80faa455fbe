import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { type RequestHandler, Router } from 'express';
import type { AppContext } from '../app-context';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { changePage, listTeamChanges } from '../monitors/monitor-store';
import { error, type PathParts } from '../openapi-parts';
import { changeExample, changeListQuerySchema, teamChangeListSchema } from '../schemas/monitors';
import { apiRoutes } from './api-routes';
import { mountRoutes, registerRoutes } from './define-route';

const { defineRoute } = apiRoutes;

// The team's change feed: a company's own list (GET /companies/{domain}/changes) across every domain it may see.
const list = defineRoute({
  method: 'get',
  path: '/changes',
  summary: 'Changes of the team’s companies, newest first',
  operationId: 'listTeamChanges',
  tag: 'monitors',
  description:
    'The changes refreshes found in every domain your team watches or has enriched, each with its domain, as a company’s own ' +
    'list gives them. Does not count against rate limits.',
  input: { query: changeListQuerySchema },
  answer: {
    schema: teamChangeListSchema,
    description: 'One page',
    example: { data: [{ ...changeExample, domain: 'acme.com' }], pagination: { nextCursor: null } },
  },
  responses: ({ common }) => ({ ...common, 400: error('VALIDATION_ERROR (limit or cursor)') }),
  handler(req, res, { ctx, limits }, input) {
    const team = requireAuth(req);
    return limits.readBesideStatus(req, res, async () => {
      const query = input('query');
      return changePage(await listTeamChanges(ctx.db, team.teamId, query), query.limit);
    });
  },
});

/** Mounted at /changes (api-router.ts). */
export function changeRoutes(ctx: AppContext, limits: RateLimits, authenticate: RequestHandler): Router {
  const router = Router();
  router.use(authenticate);
  mountRoutes(router, '/changes', [list], { ctx, limits }, { notAllowed: [limits.rateLimitHeaders] });
  return router;
}

export function registerChangePaths(registry: OpenAPIRegistry, parts: PathParts): void {
  registerRoutes(registry, [list], parts);
}
