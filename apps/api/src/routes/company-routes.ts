import { Router } from 'express';
import type { AppContext } from '../app-context';
import type { RateLimits } from '../limits/rate-limits';
import { authenticate, requireAuth } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/error-handler';
import { parseOrThrow } from '../middleware/validate';
import { searchQueryInput } from '../schemas/search';
import { searchCompanies } from '../search/search-companies';

// Searching does not count against rate limits (only enrichment does); it reports them.
export function companyRoutes(ctx: AppContext, limits: RateLimits): Router {
  const router = Router();
  router.use('/companies', authenticate(ctx.db, limits));

  router.get('/companies/search', limits.teamStatus, async (req, res) => {
    const team = requireAuth(req);
    const query = parseOrThrow(searchQueryInput, req.query, 'query');
    res.json(await searchCompanies(ctx.db, team.teamId, query));
  });

  router.all('/companies/search', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  return router;
}
