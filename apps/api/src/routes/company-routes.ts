import { Router } from 'express';
import type { AppContext } from '../app-context';
import { lookUpCompany } from '../companies/company-lookup';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/error-handler';
import { runMiddleware } from '../middleware/run-middleware';
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
    // The windows (Redis) and the search (Postgres) do not wait on each other; an invalid
    // query still answers with the headers.
    const [found] = await Promise.allSettled([
      (async () => searchCompanies(ctx.db, team.teamId, parseOrThrow(searchQueryInput, req.query, 'query')))(),
      // Reporting never fails: without Redis it logs and goes on.
      runMiddleware(limits.teamStatus, req, res),
    ]);
    if (found.status === 'rejected') throw found.reason;
    res.json(found.value);
  });

  router.all('/companies/search', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));

  // After /companies/search, which is no domain (it has no public suffix) but a route.
  router.get('/companies/:domain', async (req, res) => {
    const team = requireAuth(req);
    const [found] = await Promise.allSettled([
      (async () => {
        const domain = domainOrThrow(parseOrThrow(companyParamsSchema, req.params, 'path').domain);
        const { fields } = parseOrThrow(companyQueryInput, req.query, 'query');
        return lookUpCompany(ctx.db, team.teamId, domain, fields);
      })(),
      runMiddleware(limits.teamStatus, req, res),
    ]);
    if (found.status === 'rejected') throw found.reason;
    res.json(found.value);
  });

  router.all('/companies/:domain', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  return router;
}
