import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { z } from 'zod';
import { admit } from '../admission/admit';
import { enrichmentPost } from '../admission/enrichment-post';
import { oneOffWebhook } from '../admission/one-off-webhook';
import type { AppContext } from '../app-context';
import { listBatches } from '../bulk/batch-list';
import { writeBatchResults } from '../bulk/batch-results';
import { batchAnswers } from '../bulk/batch-view';
import { bulkQuerySchema } from '../bulk/bulk-entries';
import { readBulkSubmission } from '../bulk/bulk-submission';
import { batchEntries } from '../bulk/classify-entries';
import { batchEventSource } from '../events/batch-events';
import { serveEventStream } from '../events/event-stream';
import { setQuotaHeaders } from '../limits/monthly-quota';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { bulkBody } from '../middleware/bulk-body';
import { runMiddleware } from '../middleware/run-middleware';
import { parseOrThrow } from '../middleware/validate';
import {
  bulkRequestBody,
  error,
  idempotencyErrors,
  idempotencyHeaders,
  listErrors,
  type PathParts,
  readNote,
  resumeHeaders,
  stream,
  streamNotes,
} from '../openapi-parts';
import { sendSerialized } from '../response-cache';
import {
  batchIdParamsSchema,
  batchListQuerySchema,
  batchListSchema,
  batchQuerySchema,
  batchResultsDescription,
  batchStatusSchema,
  bulkAcceptedSchema,
} from '../schemas/bulk';
import { batchEventDataSchema, lastEventIdSchema } from '../schemas/events';
import { apiRoutes } from './api-routes';
import { jsonAnswer, mountRoutes, registerRoutes, sendJson } from './define-route';

const { defineRoute, defineRawRoute } = apiRoutes;

const BATCH_ID = 'bat_01jc3m8y2k7w5n0r4t6v8x9z1a';
const COUNTS = { total: 2, completed: 1, failed: 0, pending: 1, progress: 50 };

const accepted = jsonAnswer({
  status: 202,
  schema: bulkAcceptedSchema,
  description: 'Accepted; poll statusEndpoint for progress, or each job',
});

const submit = defineRawRoute({
  method: 'post',
  path: '/enrich/bulk',
  summary: 'Start enrichment of up to 1,000 domains',
  operationId: 'enrichBulk',
  tag: 'bulk',
  description:
    'JSON `{"domains": [...]}` or a CSV file (text/csv) whose header row names a `domain`, `website` or `url` column. ' +
    'Invalid entries are reported, duplicates share a job; the batch is accepted atomically.',
  input: { query: bulkQuerySchema },
  // JSON or CSV: the body is read by bulkBody and readBulkSubmission.
  request: { headers: idempotencyHeaders(), body: bulkRequestBody },
  answer: accepted,
  responses: ({ common, csrf }) => ({
    ...idempotencyErrors,
    ...common,
    ...csrf,
    400: error(
      'VALIDATION_ERROR (no list, empty, over 1,000 entries, no domain column), INVALID_CSV, INVALID_JSON, INVALID_WEBHOOK_URL, ' +
        'INVALID_CONTENT_ENCODING (the body does not decompress as its Content-Encoding says)',
    ),
    413: error('PAYLOAD_TOO_LARGE (a Content-Length over the limit is answered before the body is read)'),
    415: error('UNSUPPORTED_MEDIA_TYPE (neither JSON nor CSV, or an unknown Content-Encoding or charset)'),
    429: error('RATE_LIMIT_EXCEEDED (with Retry-After), or QUOTA_EXCEEDED when the monthly quota cannot cover the new domains'),
  }),
  // enrichmentPost answers the idempotent replays and refusals itself; `handle` only the admitted.
  serve: ({ ctx, limits }, input) =>
    enrichmentPost(ctx, limits, {
      operation: 'POST /enrich/bulk',
      body: bulkBody(ctx.config.BULK_BODY_LIMIT),
      read: (req) => readBulkSubmission(req, input(req)('query')),
      async handle(res, { team, submission: { entries, refresh, input, webhookUrl } }) {
        const webhook = await oneOffWebhook(ctx, webhookUrl);
        const batchRow = { ...entries, inputColumns: input.columns, entries: batchEntries(entries, input.rows) };
        const batch = await admit(ctx.admission, team, {
          batch: batchRow,
          items: entries.accepted,
          refresh,
          webhook,
          requestId: res.req.requestId,
        });
        ctx.metrics.batchItems.inc({ state: 'admitted' }, batch.jobs.length);
        if (batch.quota) setQuotaHeaders(res, batch.quota);
        const { batchId } = batch;
        if (batchId === null) throw new Error('a bulk submission admits a batch row');
        const jobOf = new Map(batch.jobs.map((job) => [job.index, job.id]));
        sendJson(res, accepted, {
          batchId,
          status: batch.queued === 0 ? 'completed' : 'processing',
          total: entries.received,
          accepted: batch.jobs.length,
          quotaCharged: batch.charged,
          jobs: batch.jobs.map(({ index, domain, id }) => ({ index, domain, jobId: id, statusEndpoint: `/api/enrich/${id}` })),
          duplicates: entries.duplicates.map((d) => ({ ...d, jobId: jobOf.get(d.sameAs)! })),
          invalid: entries.invalid,
          statusEndpoint: `/api/enrich/bulk/${batchId}`,
          ...(webhook ? { webhookSecret: webhook.secret } : {}),
        });
      },
    }),
});

// The poll, first of the reads; sent as kept (bulk/batch-view.ts: serialised once, with its ETag).
const poll = defineRawRoute({
  method: 'get',
  path: '/enrich/bulk/:batchId',
  summary: 'Progress of a batch, with one page of its items',
  operationId: 'getBatch',
  tag: 'bulk',
  description:
    'The batch’s counts by state and one page of its items (filter them by status; select record fields with `fields`). Does not count against rate limits.',
  input: { params: batchIdParamsSchema, query: batchQuerySchema },
  answer: {
    schema: batchStatusSchema,
    description: 'Counts from the jobs’ real states, and items in submission order',
    example: {
      batchId: BATCH_ID,
      status: 'processing',
      ...COUNTS,
      createdAt: '2026-11-20T10:00:00.000Z',
      completedAt: null,
      entriesReceived: 3,
      duplicateEntries: 0,
      invalid: [{ index: 2, entry: 'localhost', reason: 'not_registrable', message: 'localhost is not a public domain' }],
      items: [
        {
          domain: 'globex.io',
          jobId: '8b3f3c1e-2f0a-4c1a-9a43-0d5b8c1e2f3a',
          status: 'processing',
          statusEndpoint: '/api/enrich/8b3f3c1e-2f0a-4c1a-9a43-0d5b8c1e2f3a',
        },
      ],
      pagination: { page: 1, limit: 1, total: 2, totalPages: 2 },
    },
  },
  responses: ({ common }) => ({
    ...common,
    400: error(
      'VALIDATION_ERROR (page or limit out of range, an unknown status, an unknown field in `fields`; a path that is not valid ' +
        'percent-encoding, or holds U+0000)',
    ),
    404: error('BATCH_NOT_FOUND (unknown id, or another team’s batch)'),
  }),
  serve({ ctx, limits }, input) {
    const batchAnswer = batchAnswers(ctx.db, ctx.caches.batchAnswers, ctx.caches.lookups.batchVersions);
    return async (req, res) => {
      const team = requireAuth(req);
      const answer = await limits.readBesideStatus(req, res, async () => {
        const read = input(req);
        return batchAnswer(team.teamId, read('params').batchId, read('query'));
      });
      sendSerialized(res, answer);
    };
  },
});

const list = defineRoute({
  method: 'get',
  path: '/enrich/bulk',
  summary: 'The team’s batches, newest first, with their counts',
  operationId: 'listBatches',
  tag: 'bulk',
  description: readNote,
  input: { query: batchListQuerySchema },
  answer: {
    schema: batchListSchema,
    description: 'One page; pass pagination.nextCursor as cursor for the next',
    example: {
      data: [
        {
          batchId: BATCH_ID,
          status: 'processing',
          createdAt: '2026-11-20T10:00:00.000Z',
          completedAt: null,
          total: 2,
          completed: 1,
          failed: 0,
          processing: 1,
        },
      ],
      pagination: { nextCursor: null },
    },
  },
  responses: ({ common }) => ({
    ...common,
    ...listErrors(),
  }),
  middleware: ({ limits }) => [limits.rateLimitHeaders],
  async handler(req, _res, { ctx }, input) {
    const team = requireAuth(req);
    return listBatches(ctx.db, team.teamId, input('query'));
  },
});

// Streamed CSV (bulk/batch-results.ts).
const resultsCsv = defineRawRoute({
  method: 'get',
  path: '/enrich/bulk/:batchId/results.csv',
  summary: 'A batch’s results as CSV, one row per submitted entry',
  operationId: 'getBatchResultsCsv',
  tag: 'bulk',
  description: `${batchResultsDescription} Streamed; sent as an attachment named batch-<batchId>.csv. ${readNote}`,
  input: { params: batchIdParamsSchema },
  responses: ({ common }) => ({
    200: {
      description: 'text/csv; charset=utf-8, CRLF lines, a header row first',
      content: {
        'text/csv': {
          schema: z.string().meta({ example: 'domain,enriched_domain,name,…,status,error\r\nacme.com,acme.com,Acme,…,completed,\r\n' }),
        },
      },
    },
    ...common,
    404: error('BATCH_NOT_FOUND (unknown id, or another team’s batch)'),
  }),
  middleware: ({ limits }) => [limits.rateLimitHeaders],
  serve: ({ ctx }, input) =>
    async function batchResults(req, res) {
      const team = requireAuth(req);
      const { batchId } = input(req)('params');
      try {
        await writeBatchResults(ctx.db, team.teamId, batchId, res);
      } catch (error) {
        if (!res.headersSent) throw error;
        // Failed mid-stream: the status is sent; cut the response so the client sees it incomplete.
        ctx.logger.warn('batch results stream failed', { requestId: req.requestId, error: String(error) });
        res.destroy();
      }
    },
});

// Server-Sent Events of the batch's items as they end (events/batch-events.ts): not counted, like the poll.
const events = defineRawRoute({
  method: 'get',
  path: '/enrich/bulk/:batchId/events',
  summary: 'Follow a batch as Server-Sent Events',
  operationId: 'followBatch',
  tag: 'bulk',
  description: `Event \`progress\` first (the counts now, id = items ended so far), then one \`item\` event per item that ends, numbered in the order they ended, with the counts; data: BatchEvent. ${streamNotes}`,
  input: { params: batchIdParamsSchema },
  request: { headers: resumeHeaders() },
  responses: ({ common }) => ({
    200: stream(batchEventDataSchema, 'The stream of the batch’s events; the schema is that of each event’s data', {
      batchId: BATCH_ID,
      status: 'processing',
      ...COUNTS,
    }),
    204: { description: 'Resumed after the last event: nothing follows' },
    ...common,
    400: error('VALIDATION_ERROR (Last-Event-ID not a whole number)'),
    404: error('BATCH_NOT_FOUND (unknown id, or another team’s batch)'),
    405: error('METHOD_NOT_ALLOWED'),
  }),
  serve: ({ ctx, limits }, input) =>
    async function followBatch(req, res) {
      const team = requireAuth(req);
      const { batchId } = input(req)('params');
      const after = parseOrThrow(lastEventIdSchema, req.get('last-event-id'), 'Last-Event-ID header') ?? null;
      const source = batchEventSource(ctx.db, ctx.events.prefix, team.teamId, batchId);
      const report = () => runMiddleware(limits.rateLimitHeaders, req, res);
      await serveEventStream(ctx.events, source, after, req, res, report, ctx.logger, ctx.metrics.eventStreams);
    },
});

/**
 * Batches, mounted at /enrich/bulk inside the jobs' router (enrich-routes.ts), which
 * authenticates them.
 */
export function bulkRoutes(ctx: AppContext, limits: RateLimits): Router {
  const router = Router();
  mountRoutes(router, '/enrich/bulk', [submit, poll, list, resultsCsv, events], { ctx, limits }, { notAllowed: [limits.rateLimitHeaders] });
  return router;
}

/** The OpenAPI entries of the routes above but the list's and results.csv's (registerBatchReadPaths). */
export function registerBulkPaths(registry: OpenAPIRegistry, parts: PathParts): void {
  registerRoutes(registry, [submit, poll, events], parts);
}

/**
 * GET /enrich/bulk (the team's batches) and a batch's results.csv: their entries apart from
 * registerBulkPaths only so that the document keeps its order (openapi-document.ts registers
 * them with the other reads the dashboard makes).
 */
export function registerBatchReadPaths(registry: OpenAPIRegistry, parts: PathParts): void {
  registerRoutes(registry, [list, resultsCsv], parts);
}
