import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { type RequestHandler, Router } from 'express';
import type { AppContext } from '../app-context';
import { lookUpCompany } from '../companies/company-lookup';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/error-handler';
import { domainOrThrow, parseOrThrow } from '../middleware/validate';
import { error, json, type PathParts, tagged } from '../openapi-parts';
import { companyParamsSchema, companyQueryInput, companyQuerySchema } from '../schemas/company';
import { companyAnswerSchema, companyExample } from '../schemas/search';

// Companies, mounted at /companies (api-router.ts), after search (search-routes.ts). A lookup does
// not count against rate limits (only enrichment does); it reports them.
export function companyRoutes(ctx: AppContext, limits: RateLimits, authenticate: RequestHandler): Router {
  const router = Router();
  router.use(authenticate);

  router.get('/:domain', async (req, res) => {
    const team = requireAuth(req);
    const found = await limits.readBesideStatus(req, res, async () => {
      const domain = domainOrThrow(parseOrThrow(companyParamsSchema, req.params, 'path').domain);
      const { fields } = parseOrThrow(companyQueryInput, req.query, 'query');
      return lookUpCompany(ctx.caches.lookups.companies, team.teamId, domain, fields);
    });
    res.json(found);
  });

  router.all('/:domain', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  return router;
}

export function registerCompanyPaths(registry: OpenAPIRegistry, { security, common }: PathParts): void {
  registry.registerPath({
    method: 'get',
    path: '/api/companies/{domain}',
    summary: 'Your team’s stored record of one company',
    operationId: 'getCompany',
    tags: tagged('companies'),
    description:
      'The record your team last enriched for the domain, as a search result gives it (plus enrichedAt). Reads only what is ' +
      'stored: for fresh data submit it again (POST /api/enrich with refresh). Does not count against rate limits.',
    security,
    request: { params: companyParamsSchema, query: companyQuerySchema },
    responses: {
      200: json(companyAnswerSchema, 'The record (only the selected fields with `fields`), plus enrichedAt', companyExample),
      ...common,
      400: error(
        'INVALID_DOMAIN (details.reason), VALIDATION_ERROR (an unknown field in `fields`, named; `refresh`, which is a submission’s)',
      ),
      404: error('COMPANY_NOT_FOUND (your team has never enriched this domain)'),
      405: error('METHOD_NOT_ALLOWED'),
    },
  });
}
