import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { type RequestHandler, Router } from 'express';
import type { AppContext } from '../app-context';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { listTeamChanges } from '../monitors/monitor-store';
import { error, type PathParts } from '../openapi-parts';
import { cursorPage } from '../schemas/cursor';
import { changeListQuerySchema, teamChangeListSchema } from '../schemas/monitors';
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
    example: {
      data: [
        {
          id: 'chg_01m8b2c3d4e5f6g7h8j9k0m1n2p3',
          domain: 'acme.com',
          field: 'employeeCount',
          oldValue: '11-50',
          newValue: '51-200',
          observedAt: '2026-12-03T09:14:05.000Z',
          sources: ['linkedin'],
        },
      ],
      pagination: { nextCursor: null },
    },
  },
  responses: ({ common }) => ({ ...common, 400: error('VALIDATION_ERROR (limit or cursor)') }),
  handler(req, res, { ctx, limits }, input) {
    const team = requireAuth(req);
    return limits.readBesideStatus(req, res, async () => {
      const query = input('query');
      const rows = await listTeamChanges(ctx.db, team.teamId, query);
      const page = cursorPage(rows, query.limit, (row) => ({ at: row.observedAt, id: row.id }));
      return { data: page.data.map((row) => ({ ...row, observedAt: row.observedAt.toISOString() })), pagination: page.pagination };
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
