import { Router } from 'express';
import type { AppContext } from '../app-context';
import { lookUpCompany } from '../companies/company-lookup';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/error-handler';
import { domainOrThrow, parseOrThrow } from '../middleware/validate';
import { companyParamsSchema, companyQueryInput } from '../schemas/company';
import { searchQueryInput } from '../schemas/search';
import { searchCompanies } from '../search/search-companies';

// Search and lookup do not count against rate limits (only enrichment does); they report them.
// Authenticated where app.ts mounts it.
export function companyRoutes(ctx: AppContext, limits: RateLimits): Router {
  const router = Router();

  router.get('/companies/search', async (req, res) => {
    const team = requireAuth(req);
    const found = await limits.readBesideStatus(req, res, async () =>
      searchCompanies(ctx.db, team.teamId, parseOrThrow(searchQueryInput, req.query, 'query')),
    );
    res.json(found);
  });

  router.all('/companies/search', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));

  // After /companies/search, which is no domain (it has no public suffix) but a route.
  router.get('/companies/:domain', async (req, res) => {
    const team = requireAuth(req);
    const found = await limits.readBesideStatus(req, res, async () => {
      const domain = domainOrThrow(parseOrThrow(companyParamsSchema, req.params, 'path').domain);
      const { fields } = parseOrThrow(companyQueryInput, req.query, 'query');
      return lookUpCompany(ctx.caches.lookups.companies, team.teamId, domain, fields);
    });
    res.json(found);
  });

  router.all('/companies/:domain', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  return router;
}
