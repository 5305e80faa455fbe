import { type Request, Router } from 'express';
import { admit, admitDeps } from '../admission/admit';
import { enrichmentPost } from '../admission/enrichment-post';
import type { AppContext } from '../app-context';
import { batchView } from '../bulk/batch-view';
import { entriesFromCsv, entriesFromJson, refreshFromQuery } from '../bulk/bulk-entries';
import { classifyEntries } from '../bulk/classify-entries';
import { setQuotaHeaders } from '../limits/monthly-quota';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { bulkBody } from '../middleware/bulk-body';
import { methodNotAllowed } from '../middleware/error-handler';
import { parseOrThrow } from '../middleware/validate';
import { batchIdParamsSchema, batchQuerySchema } from '../schemas/bulk';

// A JSON list or a CSV file, every entry normalised; each distinct valid domain is admitted once.
function submissionOf(req: Request) {
  const fromQuery = refreshFromQuery(req.query);
  const json = typeof req.body === 'string' ? undefined : entriesFromJson(req.body);
  const entries = classifyEntries(json ? json.entries : entriesFromCsv(req.body as string));
  return { entries, domains: entries.accepted.map((entry) => entry.domain), refresh: json?.refresh ?? fromQuery ?? false };
}

// POST /enrich/bulk and GET /enrich/bulk/:batchId; app.ts mounts them authenticated, before
// /enrich/:jobId would take `bulk` for a job id.
export function bulkRoutes(ctx: AppContext, limits: RateLimits): Router {
  const router = Router();
  const deps = admitDeps(ctx);

  router.post(
    '/enrich/bulk',
    enrichmentPost(ctx, limits, {
      body: bulkBody(ctx.config.BULK_BODY_LIMIT),
      read: submissionOf,
      async handle(res, { team, submission: { entries, refresh }, recent }) {
        const batch = await admit(deps, team, { batch: entries, items: entries.accepted, recent, refresh });
        if (batch.quota) setQuotaHeaders(res, batch.quota);
        const jobOf = new Map(batch.jobs.map((job) => [job.index, job.id]));
        res.status(202).json({
          batchId: batch.batchId,
          status: batch.queued === 0 ? 'completed' : 'processing',
          total: entries.received,
          accepted: batch.jobs.length,
          quotaCharged: batch.charged,
          jobs: batch.jobs.map(({ index, domain, id }) => ({ index, domain, jobId: id, statusEndpoint: `/api/enrich/${id}` })),
          duplicates: entries.duplicates.map((d) => ({ ...d, jobId: jobOf.get(d.sameAs)! })),
          invalid: entries.invalid,
          statusEndpoint: `/api/enrich/bulk/${batch.batchId}`,
        });
      },
    }),
  );

  router.get('/enrich/bulk/:batchId', limits.teamStatus, async (req, res) => {
    const team = requireAuth(req);
    const { batchId } = parseOrThrow(batchIdParamsSchema, req.params, 'path');
    const page = parseOrThrow(batchQuerySchema, req.query, 'query');
    res.json(await batchView(ctx.db, team.teamId, batchId, page));
  });

  router.all('/enrich/bulk', limits.teamStatus, methodNotAllowed(['POST']));
  router.all('/enrich/bulk/:batchId', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  return router;
}
