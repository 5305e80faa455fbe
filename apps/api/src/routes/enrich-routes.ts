import { normalizeDomain } from '@enrich/domain';
import { AppError, ErrorCode } from '@enrich/errors';
import { Router } from 'express';
import type { AppContext } from '../app-context';
import { durationEstimator } from '../jobs/estimate-duration';
import { jobView } from '../jobs/job-view';
import { submitJob } from '../jobs/submit-job';
import { authenticate, requireAuth } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/error-handler';
import { jsonBody } from '../middleware/json-body';
import { parseOrThrow } from '../middleware/validate';
import { enrichRequestSchema, jobIdParamsSchema } from '../schemas/enrich';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function enrichRoutes(ctx: AppContext): Router {
  const router = Router();
  const estimate = durationEstimator(ctx.db, ctx.config.ESTIMATE_DEFAULT_MS);
  const retry = { attempts: ctx.config.JOB_ATTEMPTS, backoffMs: ctx.config.JOB_BACKOFF_MS };

  router.use('/enrich', authenticate(ctx.db));

  router.post('/enrich', jsonBody(ctx.config.BODY_LIMIT), async (req, res) => {
    const team = requireAuth(req);
    const body = parseOrThrow(enrichRequestSchema, req.body, 'request body');
    const normalized = normalizeDomain((body.domain ?? body.url)!);
    if (!normalized.ok) {
      throw new AppError(ErrorCode.INVALID_DOMAIN, `not a valid company domain: ${normalized.message}`, {
        details: { reason: normalized.reason },
      });
    }
    const job = await submitJob({ db: ctx.db, flows: ctx.flows, redis: ctx.redis, retry }, team.teamId, normalized.domain);
    res.status(202).json({
      status: 'processing',
      jobId: job.jobId,
      domain: job.domain,
      statusEndpoint: `/api/enrich/${job.jobId}`,
      estimatedDuration: await estimate(),
    });
  });

  router.get('/enrich/:jobId', async (req, res) => {
    const team = requireAuth(req);
    const { jobId } = parseOrThrow(jobIdParamsSchema, req.params, 'path');
    // Another team's job answers exactly like a job that does not exist.
    const job = UUID.test(jobId) ? await ctx.db.enrichmentJob.findFirst({ where: { id: jobId, teamId: team.teamId } }) : null;
    if (!job) throw new AppError(ErrorCode.JOB_NOT_FOUND, `no job ${jobId}`);
    const company = job.status === 'completed' ? await ctx.db.company.findUnique({ where: { domain: job.domain } }) : null;
    res.json(jobView(job, company, await estimate()));
  });

  router.all('/enrich', methodNotAllowed(['POST']));
  router.all('/enrich/:jobId', methodNotAllowed(['GET', 'HEAD']));
  return router;
}
