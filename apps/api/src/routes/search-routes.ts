import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { type RequestHandler, Router } from 'express';
import type { AppContext } from '../app-context';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/error-handler';
import { parseOrThrow } from '../middleware/validate';
import { error, json, type PathParts, tagged } from '../openapi-parts';
import { companyExample, searchQueryInput, searchQuerySchema, searchResponseSchema } from '../schemas/search';
import { searchCompanies } from '../search/search-companies';

// Search, mounted at /companies/search (api-router.ts), ahead of the companies' /:domain, which it
// is not (it has no public suffix). It does not count against rate limits; it reports them.
export function searchRoutes(ctx: AppContext, limits: RateLimits, authenticate: RequestHandler): Router {
  const router = Router();
  router.use(authenticate);

  router.get('/', async (req, res) => {
    const team = requireAuth(req);
    const found = await limits.readBesideStatus(req, res, async () =>
      searchCompanies(ctx.db, team.teamId, parseOrThrow(searchQueryInput, req.query, 'query')),
    );
    res.json(found);
  });

  router.all('/', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  return router;
}

export function registerSearchPaths(registry: OpenAPIRegistry, { security, common }: PathParts): void {
  registry.registerPath({
    method: 'get',
    path: '/api/companies/search',
    summary: 'Search the companies your team has enriched',
    operationId: 'searchCompanies',
    tags: tagged('companies'),
    description:
      'Ranked full-text search with prefix and typo tolerance; without q, a list, most recently enriched first. Does not count against rate limits.',
    security,
    request: { query: searchQuerySchema },
    responses: {
      200: json(searchResponseSchema, 'One page of results; a page past the end has no results and the same pagination totals', {
        results: [companyExample],
        pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
      }),
      ...common,
      400: error(
        'VALIDATION_ERROR (page, limit, minConfidence or businessStage out of range, q too long, an unknown field in `fields`, ' +
          'a parameter given twice or holding U+0000)',
      ),
      405: error('METHOD_NOT_ALLOWED'),
    },
  });
}
