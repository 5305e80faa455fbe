import { Router } from 'express';
import type { AppContext } from '../app-context';
import { serveEventStream } from '../events/event-stream';
import { jobEventSource } from '../events/job-events';
import { listJobs } from '../jobs/job-list';
import { isJobId, jobNotFound } from '../jobs/job-view';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/error-handler';
import { runMiddleware } from '../middleware/run-middleware';
import { parseOrThrow } from '../middleware/validate';
import { jobIdParamsSchema, jobListQuerySchema, pollQuerySchema } from '../schemas/enrich';
import { lastEventIdSchema } from '../schemas/events';

// GET /enrich (the team's jobs), a job's event stream and the 405s of /enrich and /enrich/:jobId;
// authenticated where app.ts mounts them. POST /enrich and the poll are in frequent-routes.ts.
export function enrichRoutes(ctx: AppContext, limits: RateLimits, estimate: () => number): Router {
  const router = Router();

  router.get('/enrich', limits.teamStatus, async (req, res) => {
    const team = requireAuth(req);
    res.json(await listJobs(ctx.db, team.teamId, parseOrThrow(jobListQuerySchema, req.query, 'query')));
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
    const source = jobEventSource(ctx.caches.lookups.polledJobs, ctx.events.prefix, { teamId: team.teamId, jobId, fields }, estimate);
    await serveEventStream(ctx.events, source, after, req, res, report, ctx.logger, ctx.metrics.eventStreams);
  });

  router.all('/enrich', limits.teamStatus, methodNotAllowed(['GET', 'HEAD', 'POST']));
  router.all('/enrich/:jobId', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  router.all('/enrich/:jobId/events', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  return router;
}
