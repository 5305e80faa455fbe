import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { type RequestHandler, Router } from 'express';
import type { AppContext } from '../app-context';
import { lookUpCompany } from '../companies/company-lookup';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { domainOrThrow } from '../middleware/validate';
import { changePage, listChanges } from '../monitors/monitor-store';
import { error, type PathParts } from '../openapi-parts';
import { companyParamsSchema, companyQueryInput } from '../schemas/company';
import { changeExample, changeListQuerySchema, changeListSchema } from '../schemas/monitors';
import { companyAnswerSchema, companyExample } from '../schemas/search';
import { apiRoutes } from './api-routes';
import { mountRoutes, registerRoutes } from './define-route';

const { defineRoute } = apiRoutes;

const routes = [
  // A lookup does not count against rate limits (only enrichment does); it reports them.
  defineRoute({
    method: 'get',
    path: '/companies/:domain',
    summary: 'Your team’s stored record of one company',
    operationId: 'getCompany',
    tag: 'companies',
    description:
      'The record your team last enriched for the domain, as a search result gives it (plus enrichedAt). Reads only what is ' +
      'stored: for fresh data submit it again (POST /api/enrich with refresh). Does not count against rate limits.',
    input: { params: companyParamsSchema, query: companyQueryInput },
    answer: {
      schema: companyAnswerSchema,
      description: 'The record (only the selected fields with `fields`), plus enrichedAt',
      example: companyExample,
    },
    responses: ({ common }) => ({
      ...common,
      400: error(
        'INVALID_DOMAIN (details.reason), VALIDATION_ERROR (an unknown field in `fields`, named; `refresh`, which is a submission’s)',
      ),
      404: error('COMPANY_NOT_FOUND (your team has never enriched this domain)'),
      405: error('METHOD_NOT_ALLOWED'),
    }),
    handler(req, res, { ctx, limits }, input) {
      const team = requireAuth(req);
      return limits.readBesideStatus(req, res, async () => {
        const domain = domainOrThrow(input('params').domain);
        const { fields } = input('query');
        return lookUpCompany(ctx.caches.lookups.companies, team.teamId, domain, fields);
      });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/companies/:domain/changes',
    summary: 'A company’s changes, newest first',
    operationId: 'listCompanyChanges',
    tag: 'monitors',
    description:
      'Every change refreshes found in the record (any refresh of the domain, whoever asked for it): the field, its old and new ' +
      'value, when it was observed and the sources of the new value. For a domain your team has enriched or watches. ' +
      'Does not count against rate limits.',
    input: { params: companyParamsSchema, query: changeListQuerySchema },
    answer: {
      schema: changeListSchema,
      description: 'One page',
      example: { data: [changeExample], pagination: { nextCursor: null } },
    },
    responses: ({ common }) => ({
      ...common,
      400: error('INVALID_DOMAIN (details.reason), VALIDATION_ERROR (limit or cursor)'),
      404: error('COMPANY_NOT_FOUND (your team has neither enriched nor watched this domain)'),
    }),
    handler(req, res, { ctx, limits }, input) {
      const team = requireAuth(req);
      return limits.readBesideStatus(req, res, async () => {
        const domain = domainOrThrow(input('params').domain);
        const query = input('query');
        return changePage(await listChanges(ctx.db, team.teamId, domain, query), query.limit);
      });
    },
  }),
];

/** Mounted at /companies (api-router.ts), after search (search-routes.ts). */
export function companyRoutes(ctx: AppContext, limits: RateLimits, authenticate: RequestHandler): Router {
  const router = Router();
  router.use(authenticate);
  mountRoutes(router, '/companies', routes, { ctx, limits }, { notAllowed: [limits.rateLimitHeaders] });
  return router;
}

export function registerCompanyPaths(registry: OpenAPIRegistry, parts: PathParts): void {
  registerRoutes(registry, routes, parts);
}
