import { jobView } from '@enrich/jobs';
import { type Request, Router } from 'express';
import { admit, admitDeps } from '../admission/admit';
import { enrichmentPost } from '../admission/enrichment-post';
import { oneOffWebhook } from '../admission/one-off-webhook';
import type { AppContext } from '../app-context';
import { serveEventStream } from '../events/event-stream';
import { jobEventSource } from '../events/job-events';
import { durationEstimator } from '../jobs/estimate-duration';
import { listJobs } from '../jobs/job-list';
import { findTeamJob, isJobId, jobNotFound } from '../jobs/job-view';
import { setQuotaHeaders } from '../limits/monthly-quota';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/error-handler';
import { jsonBody } from '../middleware/json-body';
import { runMiddleware } from '../middleware/run-middleware';
import { domainOrThrow, parseOrThrow } from '../middleware/validate';
import { enrichRequestSchema, jobIdParamsSchema, jobListQuerySchema, pollQuerySchema } from '../schemas/enrich';
import { lastEventIdSchema } from '../schemas/events';

function submissionOf(req: Request): { domains: [string]; refresh: boolean; webhookUrl: string | undefined } {
  const body = parseOrThrow(enrichRequestSchema, req.body, 'request body');
  return { domains: [domainOrThrow((body.domain ?? body.url)!)], refresh: body.refresh === true, webhookUrl: body.webhookUrl };
}

// POST and GET /enrich, GET /enrich/:jobId and its event stream; authenticated where app.ts mounts them.
export function enrichRoutes(ctx: AppContext, limits: RateLimits): Router {
  const router = Router();
  const estimate = durationEstimator(ctx.db, ctx.config.ESTIMATE_DEFAULT_MS);
  const deps = admitDeps(ctx);

  router.post(
    '/enrich',
    enrichmentPost(ctx, limits, {
      body: jsonBody(ctx.config.BODY_LIMIT),
      read: submissionOf,
      async handle(res, { team, submission: { domains, refresh, webhookUrl }, recent }) {
        const webhook = await oneOffWebhook(ctx, webhookUrl);
        // A single submission is a batch of one, without a batch row.
        const admission = await admit(deps, team, { items: [{ domain: domains[0] }], recent, refresh, webhook });
        const [job] = admission.jobs;
        if (!job) throw new Error('a single submission admits one job');
        if (admission.quota) setQuotaHeaders(res, admission.quota);
        res.status(202).json({
          status: 'processing',
          jobId: job.id,
          domain: job.domain,
          statusEndpoint: `/api/enrich/${job.id}`,
          estimatedDuration: job.fresh ? 0 : estimate(),
          ...(webhook ? { webhookSecret: webhook.secret } : {}),
        });
      },
    }),
  );

  router.get('/enrich', limits.teamStatus, async (req, res) => {
    const team = requireAuth(req);
    res.json(await listJobs(ctx.db, team.teamId, parseOrThrow(jobListQuerySchema, req.query, 'query')));
  });

  router.get('/enrich/:jobId', async (req, res) => {
    const team = requireAuth(req);
    // The windows (Redis) and the job (Postgres) do not wait on each other; reporting never fails.
    const [found] = await Promise.allSettled([
      (async () => {
        const { jobId } = parseOrThrow(jobIdParamsSchema, req.params, 'path');
        const { fields } = parseOrThrow(pollQuerySchema, req.query, 'query');
        const polled = await findTeamJob(ctx.db, team.teamId, jobId);
        return { ...polled, fields };
      })(),
      runMiddleware(limits.teamStatus, req, res),
    ]);
    if (found.status === 'rejected') throw found.reason;
    const { job, company, fields } = found.value;
    res.json(jobView(job, company, estimate(), fields));
  });

  // Server-Sent Events of the job's states (events/job-events.ts): not counted, like the poll.
  router.get('/enrich/:jobId/events', async (req, res) => {
    const team = requireAuth(req);
    const report = () => runMiddleware(limits.teamStatus, req, res);
    const { jobId } = parseOrThrow(jobIdParamsSchema, req.params, 'path');
    const { fields } = parseOrThrow(pollQuerySchema, req.query, 'query');
    const after = parseOrThrow(lastEventIdSchema, req.get('last-event-id'), 'Last-Event-ID header') ?? null;
    if (!isJobId(jobId)) {
      // Refused before a channel is subscribed for it.
      await report();
      throw jobNotFound(jobId);
    }
    const source = jobEventSource(ctx.db, ctx.events.prefix, { teamId: team.teamId, jobId, fields }, estimate);
    await serveEventStream(ctx.events, source, after, req, res, report, ctx.logger);
  });

  router.all('/enrich', limits.teamStatus, methodNotAllowed(['GET', 'HEAD', 'POST']));
  router.all('/enrich/:jobId', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  router.all('/enrich/:jobId/events', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  return router;
}
