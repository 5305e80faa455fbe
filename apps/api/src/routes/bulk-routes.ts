import { Router } from 'express';
import { admit } from '../admission/admit';
import { enrichmentPost } from '../admission/enrichment-post';
import { oneOffWebhook } from '../admission/one-off-webhook';
import type { AppContext } from '../app-context';
import { listBatches } from '../bulk/batch-list';
import { writeBatchResults } from '../bulk/batch-results';
import { readBulkSubmission } from '../bulk/bulk-submission';
import { batchEntries } from '../bulk/classify-entries';
import { batchEventSource } from '../events/batch-events';
import { serveEventStream } from '../events/event-stream';
import { setQuotaHeaders } from '../limits/monthly-quota';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { bulkBody } from '../middleware/bulk-body';
import { methodNotAllowed } from '../middleware/error-handler';
import { runMiddleware } from '../middleware/run-middleware';
import { parseOrThrow } from '../middleware/validate';
import { batchIdParamsSchema, batchListQuerySchema } from '../schemas/bulk';
import { lastEventIdSchema } from '../schemas/events';

// POST and GET /enrich/bulk, a batch's results.csv and event stream, and the 405s; app.ts mounts them
// authenticated, before /enrich/:jobId would take `bulk` for a job id. The batch poll is in
// frequent-routes.ts.
export function bulkRoutes(ctx: AppContext, limits: RateLimits): Router {
  const router = Router();
  const deps = ctx.admission;

  router.post(
    '/enrich/bulk',
    enrichmentPost(ctx, limits, {
      body: bulkBody(ctx.config.BULK_BODY_LIMIT),
      read: readBulkSubmission,
      async handle(res, { team, submission: { entries, refresh, input, webhookUrl } }) {
        const webhook = await oneOffWebhook(ctx, webhookUrl);
        const batchRow = { ...entries, inputColumns: input.columns, entries: batchEntries(entries, input.rows) };
        const batch = await admit(deps, team, {
          batch: batchRow,
          items: entries.accepted,
          refresh,
          webhook,
          requestId: res.req.requestId,
        });
        ctx.metrics.batchItems.inc({ state: 'admitted' }, batch.jobs.length);
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
          ...(webhook ? { webhookSecret: webhook.secret } : {}),
        });
      },
    }),
  );

  router.get('/enrich/bulk', limits.teamStatus, async (req, res) => {
    const team = requireAuth(req);
    res.json(await listBatches(ctx.db, team.teamId, parseOrThrow(batchListQuerySchema, req.query, 'query')));
  });

  router.get('/enrich/bulk/:batchId/results.csv', limits.teamStatus, async (req, res) => {
    const team = requireAuth(req);
    const { batchId } = parseOrThrow(batchIdParamsSchema, req.params, 'path');
    try {
      await writeBatchResults(ctx.db, team.teamId, batchId, res);
    } catch (error) {
      if (!res.headersSent) throw error;
      // Failed mid-stream: the status is sent; cut the response so the client sees it incomplete.
      ctx.logger.warn('batch results stream failed', { requestId: req.requestId, error: String(error) });
      res.destroy();
    }
  });

  // Server-Sent Events of the batch's items as they end (events/batch-events.ts): not counted, like the poll.
  router.get('/enrich/bulk/:batchId/events', async (req, res) => {
    const team = requireAuth(req);
    const { batchId } = parseOrThrow(batchIdParamsSchema, req.params, 'path');
    const after = parseOrThrow(lastEventIdSchema, req.get('last-event-id'), 'Last-Event-ID header') ?? null;
    const source = batchEventSource(ctx.db, ctx.events.prefix, team.teamId, batchId);
    const report = () => runMiddleware(limits.teamStatus, req, res);
    await serveEventStream(ctx.events, source, after, req, res, report, ctx.logger, ctx.metrics.eventStreams);
  });

  router.all('/enrich/bulk', limits.teamStatus, methodNotAllowed(['GET', 'HEAD', 'POST']));
  router.all('/enrich/bulk/:batchId', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  router.all('/enrich/bulk/:batchId/results.csv', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  router.all('/enrich/bulk/:batchId/events', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  return router;
}
