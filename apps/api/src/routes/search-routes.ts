import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { type RequestHandler, Router } from 'express';
import type { AppContext } from '../app-context';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { error, type PathParts } from '../openapi-parts';
import { companyExample, searchQueryInput, searchResponseSchema } from '../schemas/search';
import { searchCompanies } from '../search/search-companies';
import { apiRoutes } from './api-routes';
import { mountRoutes, registerRoutes } from './define-route';

const { defineRoute } = apiRoutes;

const routes = [
  // It does not count against rate limits; it reports them.
  defineRoute({
    method: 'get',
    path: '/companies/search',
    summary: 'Search the companies your team has enriched',
    operationId: 'searchCompanies',
    tag: 'companies',
    description:
      'Ranked full-text search with prefix and typo tolerance; without q, a list, most recently enriched first. A broad search ' +
      '(too many matches to rank) is listed most recently enriched first too, with an estimated total (pagination.totalEstimated). ' +
      'Pages by page number, or by cursor (pagination.nextCursor, on every answer): a page number costs its depth, a cursor ' +
      'does not, so walk deep pages by cursor. Does not count against rate limits.',
    input: { query: searchQueryInput },
    answer: {
      schema: searchResponseSchema,
      description:
        'One page of results; a page past the end has no results and the same pagination totals. A page asked for by cursor has ' +
        'no page or totalPages in its pagination (SearchCursorPagination)',
      example: { results: [companyExample], pagination: { page: 1, limit: 20, total: 1, totalPages: 1, nextCursor: null } },
    },
    responses: ({ common }) => ({
      ...common,
      400: error(
        'VALIDATION_ERROR (page, limit, minConfidence or businessStage out of range, q too long, an unknown field in `fields`, ' +
          'a parameter given twice or holding U+0000, a cursor this search did not give, cursor with page)',
      ),
      405: error('METHOD_NOT_ALLOWED'),
    }),
    handler(req, res, { ctx, limits }, input) {
      const team = requireAuth(req);
      return limits.readBesideStatus(req, res, async () => searchCompanies(ctx.db, team.teamId, input('query')));
    },
  }),
];

/**
 * Mounted at /companies/search (api-router.ts), ahead of the companies' /:domain, which it is
 * not (it has no public suffix).
 */
export function searchRoutes(ctx: AppContext, limits: RateLimits, authenticate: RequestHandler): Router {
  const router = Router();
  router.use(authenticate);
  mountRoutes(router, '/companies/search', routes, { ctx, limits }, { notAllowed: [limits.rateLimitHeaders] });
  return router;
}

export function registerSearchPaths(registry: OpenAPIRegistry, parts: PathParts): void {
  registerRoutes(registry, routes, parts);
}
