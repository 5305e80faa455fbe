import { Router } from 'express';
import type { AppContext } from '../app-context';
import { acceptBatch } from '../bulk/accept-batch';
import { batchView } from '../bulk/batch-view';
import { type ClassifiedEntries, classifyEntries } from '../bulk/classify-entries';
import { entriesFromCsv, entriesFromJson, refreshFromQuery } from '../bulk/bulk-entries';
import { recentlySubmitted } from '../jobs/recent-submissions';
import { setQuotaHeaders } from '../limits/monthly-quota';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { bulkBody } from '../middleware/bulk-body';
import { deferErrors, raiseDeferred } from '../middleware/deferred-error';
import { methodNotAllowed } from '../middleware/error-handler';
import { parseOrThrow } from '../middleware/validate';
import { batchIdParamsSchema, batchQuerySchema } from '../schemas/bulk';

declare module 'express-serve-static-core' {
  interface Locals {
    bulk?: { entries: ClassifiedEntries; recent: Set<string>; refresh: boolean };
  }
}

// Mounted inside enrichRoutes, after its authentication, before its /enrich/:jobId route.
export function bulkRoutes(ctx: AppContext, limits: RateLimits): Router {
  const router = Router();
  const retry = { attempts: ctx.config.JOB_ATTEMPTS, backoffMs: ctx.config.JOB_BACKOFF_MS };
  const deps = { db: ctx.db, flows: ctx.flows, redis: ctx.redis, retry, freshnessWindowHours: ctx.config.FRESHNESS_WINDOW_HOURS };

  router.post(
    '/enrich/bulk',
    deferErrors(bulkBody(ctx.config.BULK_BODY_LIMIT)),
    // Classified before the limiter: a batch that adds no new domain (all duplicates of
    // recent submissions) is free, like a duplicate single submission.
    deferErrors(async (req, res, next) => {
      const fromQuery = refreshFromQuery(req.query);
      const json = typeof req.body === 'string' ? undefined : entriesFromJson(req.body);
      const raw = json ? json.entries : entriesFromCsv(req.body as string);
      const entries = classifyEntries(raw);
      const domains = entries.accepted.map((e) => e.domain);
      const recent = await recentlySubmitted(ctx.db, requireAuth(req).teamId, domains, ctx.config.FRESHNESS_WINDOW_HOURS);
      res.locals.bulk = { entries, recent, refresh: json?.refresh ?? fromQuery ?? false };
      res.locals.freeOfCharge = domains.length > 0 && domains.every((d) => recent.has(d));
      next();
    }),
    limits.enrichment,
    async (req, res) => {
      raiseDeferred(res);
      const team = requireAuth(req);
      const { entries, recent, refresh } = res.locals.bulk!;
      const batch = await acceptBatch(deps, { teamId: team.teamId, monthlyQuota: team.limits.monthly }, entries, { recent, refresh });
      if (batch.quota) setQuotaHeaders(res, batch.quota);
      const jobOf = new Map(batch.jobs.map((job) => [job.index, job.jobId]));
      res.status(202).json({
        batchId: batch.batchId,
        status: batch.queued === 0 ? 'completed' : 'processing',
        total: entries.received,
        accepted: batch.jobs.length,
        quotaCharged: batch.charged,
        jobs: batch.jobs.map((job) => ({ ...job, statusEndpoint: `/api/enrich/${job.jobId}` })),
        duplicates: entries.duplicates.map((d) => ({ ...d, jobId: jobOf.get(d.sameAs)! })),
        invalid: entries.invalid,
        statusEndpoint: `/api/enrich/bulk/${batch.batchId}`,
      });
    },
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
