import { type Request, type RequestHandler, Router } from 'express';
import { admit } from '../admission/admit';
import { enrichmentPost } from '../admission/enrichment-post';
import { oneOffWebhook } from '../admission/one-off-webhook';
import type { AppContext } from '../app-context';
import { batchAnswers } from '../bulk/batch-view';
import { pollAnswers } from '../jobs/poll-answers';
import { sendAnswer } from '../kept-answers';
import { setQuotaHeaders } from '../limits/monthly-quota';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { jsonBody } from '../middleware/json-body';
import { domainOrThrow, parseOrThrow } from '../middleware/validate';
import { batchIdParamsSchema, batchQuerySchema } from '../schemas/bulk';
import { enrichRequestSchema, jobIdParamsSchema, pollQuerySchema } from '../schemas/enrich';

const BATCH_LIST = /^(?:\/api)?\/enrich\/bulk\/?$/i;

/** Both spellings of each path: under /api and bare (docs/api.md). */
const bothPrefixes = (path: string) => [path, `/api${path}`];

function submissionOf(req: Request): { domains: [string]; refresh: boolean; webhookUrl: string | undefined } {
  const body = parseOrThrow(enrichRequestSchema, req.body, 'request body');
  return { domains: [domainOrThrow((body.domain ?? body.url)!)], refresh: body.refresh === true, webhookUrl: body.webhookUrl };
}

/**
 * The requests clients repeat most: a single submission, the job poll and the batch poll, on a
 * router of their own that app.ts puts in front of the rest of the API. Express tries a
 * router's layers one at a time, and reaching these through the whole API (every route, in
 * nested routers, mounted under /api and again bare) cost a poll about a third of its CPU.
 * The other methods of these paths (405) and the other routes are on the full API router.
 */
export function frequentRoutes(ctx: AppContext, limits: RateLimits, authenticate: RequestHandler, estimate: () => number): Router {
  const router = Router();
  const deps = ctx.admission;
  const { caches } = ctx;
  const pollAnswer = pollAnswers(caches.pollAnswers, caches.lookups.polledJobs);
  const batchAnswer = batchAnswers(ctx.db, caches.batchAnswers, caches.lookups.batchVersions);

  router.post(
    bothPrefixes('/enrich'),
    authenticate,
    enrichmentPost(ctx, limits, {
      body: jsonBody(ctx.config.BODY_LIMIT),
      read: submissionOf,
      async handle(res, { team, submission: { domains, refresh, webhookUrl } }) {
        const webhook = await oneOffWebhook(ctx, webhookUrl);
        // A single submission is a batch of one, without a batch row.
        const admission = await admit(deps, team, { items: [{ domain: domains[0] }], refresh, webhook, requestId: res.req.requestId });
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

  router.get(bothPrefixes('/enrich/bulk/:batchId'), authenticate, async (req, res) => {
    const team = requireAuth(req);
    const answer = await limits.readBesideStatus(req, res, async () => {
      const { batchId } = parseOrThrow(batchIdParamsSchema, req.params, 'path');
      return batchAnswer(team.teamId, batchId, parseOrThrow(batchQuerySchema, req.query, 'query'));
    });
    sendAnswer(res, answer);
  });

  router.get(
    bothPrefixes('/enrich/:jobId'),
    // GET /enrich/bulk lists batches (bulk-routes.ts): `bulk` is no job id.
    (req, _res, next) => next(BATCH_LIST.test(req.path) ? 'route' : undefined),
    authenticate,
    async (req, res) => {
      const team = requireAuth(req);
      const answer = await limits.readBesideStatus(req, res, async () => {
        const { jobId } = parseOrThrow(jobIdParamsSchema, req.params, 'path');
        const { fields } = parseOrThrow(pollQuerySchema, req.query, 'query');
        return pollAnswer(team.teamId, jobId, fields, estimate());
      });
      sendAnswer(res, answer);
    },
  );
  return router;
}
