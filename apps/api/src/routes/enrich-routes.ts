import { normalizeDomain } from '@enrich/domain';
import { AppError, ErrorCode } from '@enrich/errors';
import { type Request, type Response, Router } from 'express';
import type { AppContext } from '../app-context';
import { durationEstimator } from '../jobs/estimate-duration';
import { jobView } from '../jobs/job-view';
import { recentlySubmitted } from '../jobs/recent-submissions';
import { submitJob } from '../jobs/submit-job';
import { setQuotaHeaders } from '../limits/monthly-quota';
import type { RateLimits } from '../limits/rate-limits';
import { authenticate, requireAuth } from '../middleware/authenticate';
import { deferErrors, raiseDeferred } from '../middleware/deferred-error';
import { methodNotAllowed } from '../middleware/error-handler';
import { jsonBody } from '../middleware/json-body';
import { parseOrThrow } from '../middleware/validate';
import { enrichRequestSchema, jobIdParamsSchema } from '../schemas/enrich';
import { bulkRoutes } from './bulk-routes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

declare module 'express-serve-static-core' {
  interface Locals {
    submittedDomain?: string;
    refresh?: boolean;
  }
}

function submissionOf(req: Request): { domain: string; refresh: boolean } {
  const body = parseOrThrow(enrichRequestSchema, req.body, 'request body');
  const normalized = normalizeDomain((body.domain ?? body.url)!);
  if (!normalized.ok) {
    throw new AppError(ErrorCode.INVALID_DOMAIN, `not a valid company domain: ${normalized.message}`, {
      details: { reason: normalized.reason },
    });
  }
  return { domain: normalized.domain, refresh: body.refresh === true };
}

export function enrichRoutes(ctx: AppContext, limits: RateLimits): Router {
  const router = Router();
  const estimate = durationEstimator(ctx.db, ctx.config.ESTIMATE_DEFAULT_MS);
  const retry = { attempts: ctx.config.JOB_ATTEMPTS, backoffMs: ctx.config.JOB_BACKOFF_MS };
  const deps = { db: ctx.db, flows: ctx.flows, redis: ctx.redis, retry, freshnessWindowHours: ctx.config.FRESHNESS_WINDOW_HOURS };

  router.use('/enrich', authenticate(ctx.db, limits));
  router.use(bulkRoutes(ctx, limits));

  // Read and classify the submission before the rate limiter, which must know whether it is a
  // duplicate (free); a submission that is not valid still counts and is refused after it.
  const classify = async (req: Request, res: Response) => {
    const { domain, refresh } = submissionOf(req);
    res.locals.submittedDomain = domain;
    res.locals.refresh = refresh;
    const recent = await recentlySubmitted(ctx.db, requireAuth(req).teamId, [domain], ctx.config.FRESHNESS_WINDOW_HOURS);
    res.locals.freeOfCharge = recent.has(domain);
  };

  router.post(
    '/enrich',
    deferErrors(jsonBody(ctx.config.BODY_LIMIT)),
    deferErrors(async (req, res, next) => {
      await classify(req, res);
      next();
    }),
    limits.enrichment,
    async (req, res) => {
      raiseDeferred(res);
      const team = requireAuth(req);
      const submitter = { teamId: team.teamId, monthlyQuota: team.limits.monthly };
      const job = await submitJob(deps, submitter, res.locals.submittedDomain!, {
        duplicate: res.locals.freeOfCharge === true,
        refresh: res.locals.refresh === true,
      });
      if (job.quota) setQuotaHeaders(res, job.quota);
      res.status(202).json({
        status: 'processing',
        jobId: job.jobId,
        domain: job.domain,
        statusEndpoint: `/api/enrich/${job.jobId}`,
        estimatedDuration: job.reused ? 0 : await estimate(),
      });
    },
  );

  router.get('/enrich/:jobId', limits.teamStatus, async (req, res) => {
    const team = requireAuth(req);
    const { jobId } = parseOrThrow(jobIdParamsSchema, req.params, 'path');
    // Another team's job answers exactly like a job that does not exist.
    const job = UUID.test(jobId) ? await ctx.db.enrichmentJob.findFirst({ where: { id: jobId, teamId: team.teamId } }) : null;
    if (!job) throw new AppError(ErrorCode.JOB_NOT_FOUND, `no job ${jobId}`);
    const company = job.status === 'completed' ? await ctx.db.company.findUnique({ where: { domain: job.domain } }) : null;
    res.json(jobView(job, company, await estimate()));
  });

  router.all('/enrich', limits.teamStatus, methodNotAllowed(['POST']));
  router.all('/enrich/:jobId', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  return router;
}
