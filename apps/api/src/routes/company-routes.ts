import { Router } from 'express';
import type { AppContext } from '../app-context';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/error-handler';
import { runMiddleware } from '../middleware/run-middleware';
import { parseOrThrow } from '../middleware/validate';
import { searchQueryInput } from '../schemas/search';
import { searchCompanies } from '../search/search-companies';

// Searching does not count against rate limits (only enrichment does); it reports them.
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
  return router;
}
