import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { type RequestHandler, Router } from 'express';
import { admit } from '../admission/admit';
import { enrichmentPost } from '../admission/enrichment-post';
import { oneOffWebhook } from '../admission/one-off-webhook';
import type { AppContext } from '../app-context';
import { serveEventStream } from '../events/event-stream';
import { jobEventSource } from '../events/job-events';
import { listJobs } from '../jobs/job-list';
import { isJobId, jobNotFound } from '../jobs/job-view';
import { pollAnswers } from '../jobs/poll-answers';
import { setQuotaHeaders } from '../limits/monthly-quota';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { jsonBody } from '../middleware/json-body';
import { runMiddleware } from '../middleware/run-middleware';
import { domainOrThrow, parseOrThrow } from '../middleware/validate';
import {
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
  enrichAcceptedSchema,
  enrichRequestSchema,
  jobIdParamsSchema,
  jobListQuerySchema,
  jobListSchema,
  jobStatusSchema,
  pollQuerySchema,
} from '../schemas/enrich';
import { jobEventDataSchema, lastEventIdSchema } from '../schemas/events';
import type { ApiDeps } from './api-routes';
import { jsonAnswer, mountRoutes, registerRoutes, routesOf, sendJson } from './define-route';

interface Deps extends ApiDeps {
  estimate: () => number;
}
const { defineRoute, defineRawRoute } = routesOf<Deps, PathParts>();

const JOB_ID = '3f1c8a52-7b4e-4d2a-9c61-0e5b7a9d2f41';
const PROCESSING = {
  status: 'processing' as const,
  domain: 'acme.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  estimatedCompletion: '2026-11-20T10:00:12.000Z',
};

const accepted = jsonAnswer({
  status: 202,
  schema: enrichAcceptedSchema,
  description: 'Accepted; poll statusEndpoint',
  example: {
    status: 'processing',
    jobId: JOB_ID,
    domain: 'acme.com',
    statusEndpoint: `/api/enrich/${JOB_ID}`,
    estimatedDuration: 12000,
  },
});

// The submission and the poll are what clients repeat most: they come first, so Express tries
// few layers before reaching them.
const submit = defineRawRoute({
  method: 'post',
  path: '/enrich',
  summary: 'Start enrichment of one domain',
  operationId: 'enrichDomain',
  tag: 'enrichment',
  description:
    'Creates a job for the domain (or a `url`, normalised to its domain) and answers at once; the record comes by polling statusEndpoint, by the job’s event stream, or by webhook. Counts one request against the per-minute and per-day windows and one enrichment against the monthly quota (a duplicate submission is free).',
  input: { body: enrichRequestSchema },
  bodyExample: { domain: 'acme.com' },
  request: { headers: idempotencyHeaders() },
  answer: accepted,
  responses: ({ common, csrf }) => ({
    ...idempotencyErrors,
    ...common,
    ...csrf,
    400: error(
      'VALIDATION_ERROR (domain missing or not a string), INVALID_DOMAIN, INVALID_JSON, INVALID_WEBHOOK_URL (webhookUrl), ' +
        'INVALID_CONTENT_ENCODING (the body does not decompress as its Content-Encoding says)',
    ),
    413: error('PAYLOAD_TOO_LARGE (a Content-Length over the limit is answered before the body is read)'),
    415: error('UNSUPPORTED_MEDIA_TYPE (body is not JSON, or an unknown Content-Encoding or charset)'),
    405: error('METHOD_NOT_ALLOWED'),
    429: error('RATE_LIMIT_EXCEEDED (with Retry-After), or QUOTA_EXCEEDED (monthly quota used up)'),
  }),
  // enrichmentPost answers the idempotent replays and refusals itself; `handle` only the admitted.
  serve: ({ ctx, limits, estimate }, input) =>
    enrichmentPost(ctx, limits, {
      operation: 'POST /enrich',
      body: jsonBody(ctx.config.BODY_LIMIT),
      read(req): { domains: [string]; refresh: boolean; webhookUrl: string | undefined } {
        const body = input(req)('body');
        return { domains: [domainOrThrow((body.domain ?? body.url)!)], refresh: body.refresh === true, webhookUrl: body.webhookUrl };
      },
      async handle(res, { team, submission: { domains, refresh, webhookUrl } }) {
        const webhook = await oneOffWebhook(ctx, webhookUrl);
        // A single submission is a batch of one, without a batch row.
        const admission = await admit(ctx.admission, team, {
          items: [{ domain: domains[0] }],
          refresh,
          webhook,
          requestId: res.req.requestId,
        });
        const [job] = admission.jobs;
        if (!job) throw new Error('a single submission admits one job');
        if (admission.quota) setQuotaHeaders(res, admission.quota);
        sendJson(res, accepted, {
          status: 'processing',
          jobId: job.id,
          domain: job.domain,
          statusEndpoint: `/api/enrich/${job.id}`,
          estimatedDuration: job.fresh ? 0 : estimate(),
          ...(webhook ? { webhookSecret: webhook.secret } : {}),
        });
      },
    }),
});

// Sent as kept (jobs/poll-answers.ts: serialised once, with its ETag).
const poll = defineRawRoute({
  method: 'get',
  path: '/enrich/:jobId',
  summary: 'Poll an enrichment job',
  operationId: 'getJob',
  tag: 'enrichment',
  description:
    'The job’s state: `processing` with its estimate, `completed` with the company record and its confidence, or `failed` with the error. Does not count against rate limits.',
  input: { params: jobIdParamsSchema, query: pollQuerySchema },
  answer: {
    schema: jobStatusSchema,
    description: 'The job: processing, completed with data (only the selected fields with `fields`), or failed',
    example: PROCESSING,
  },
  responses: ({ common }) => ({
    404: error('JOB_NOT_FOUND (unknown id, or another team’s job)'),
    405: error('METHOD_NOT_ALLOWED'),
    ...common,
    400: error('VALIDATION_ERROR (an unknown field in `fields`, named; a path that is not valid percent-encoding, or holds U+0000)'),
  }),
  serve({ ctx: { caches }, limits, estimate }, input) {
    const pollAnswer = pollAnswers(caches.pollAnswers, caches.lookups.polledJobs);
    return async (req, res) => {
      const team = requireAuth(req);
      const answer = await limits.readBesideStatus(req, res, async () => {
        const read = input(req);
        const { jobId } = read('params');
        const { fields } = read('query');
        return pollAnswer(team.teamId, jobId, fields, estimate());
      });
      sendSerialized(res, answer);
    };
  },
});

const list = defineRoute({
  method: 'get',
  path: '/enrich',
  summary: 'The team’s single jobs (not those of batches), newest first',
  operationId: 'listJobs',
  tag: 'enrichment',
  description: readNote,
  input: { query: jobListQuerySchema },
  answer: {
    schema: jobListSchema,
    description: 'One page; pass pagination.nextCursor as cursor for the next',
    example: {
      data: [
        {
          jobId: JOB_ID,
          domain: 'acme.com',
          status: 'completed',
          createdAt: '2026-11-20T10:00:00.000Z',
          completedAt: '2026-11-20T10:00:12.000Z',
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
    return listJobs(ctx.db, team.teamId, input('query'));
  },
});

// Server-Sent Events of the job's states (events/job-events.ts): not counted, like the poll.
const events = defineRawRoute({
  method: 'get',
  path: '/enrich/:jobId/events',
  summary: 'Follow a job as Server-Sent Events',
  operationId: 'followJob',
  tag: 'enrichment',
  description: `Events \`processing\` (id 1), \`started\` (id 2), then \`completed\` or \`failed\` (id 3); data: JobEvent. A new stream starts with the current state's event. ${streamNotes}`,
  input: { params: jobIdParamsSchema, query: pollQuerySchema },
  request: { headers: resumeHeaders() },
  responses: ({ common }) => ({
    200: stream(jobEventDataSchema, 'The stream of the job’s events; the schema is that of each event’s data', PROCESSING),
    204: { description: 'Resumed after the last event: nothing follows' },
    ...common,
    400: error('VALIDATION_ERROR (Last-Event-ID not a whole number, an unknown field in `fields`)'),
    404: error('JOB_NOT_FOUND (unknown id, or another team’s job)'),
    405: error('METHOD_NOT_ALLOWED'),
  }),
  serve: ({ ctx, limits, estimate }, input) =>
    async function followJob(req, res) {
      const team = requireAuth(req);
      const report = () => runMiddleware(limits.rateLimitHeaders, req, res);
      const read = input(req);
      const { jobId } = read('params');
      const { fields } = read('query');
      const after = parseOrThrow(lastEventIdSchema, req.get('last-event-id'), 'Last-Event-ID header') ?? null;
      if (!isJobId(jobId)) {
        // Refused before a channel is subscribed for it.
        await report();
        throw jobNotFound(jobId);
      }
      const source = jobEventSource(ctx.caches.lookups.polledJobs, ctx.events.prefix, { teamId: team.teamId, jobId, fields }, estimate);
      await serveEventStream(ctx.events, source, after, req, res, report, ctx.logger, ctx.metrics.eventStreams);
    },
});

/**
 * Jobs, mounted at /enrich (api-router.ts): the submission, the poll, the team's jobs, a job's
 * event stream and the 405s, every one authenticated; batches (/enrich/bulk, `batches`) are
 * mounted inside, ahead of /:jobId, which would take `bulk` for a job id.
 */
export function enrichRoutes(
  ctx: AppContext,
  limits: RateLimits,
  { authenticate, estimate, batches }: { authenticate: RequestHandler; estimate: () => number; batches: Router },
): Router {
  const router = Router();
  router.use(authenticate);
  router.use('/bulk', batches);
  mountRoutes(router, '/enrich', [submit, poll, list, events], { ctx, limits, estimate }, { notAllowed: [limits.rateLimitHeaders] });
  return router;
}

/** The OpenAPI entries of the routes above but the list's (registerJobListPath). */
export function registerEnrichPaths(registry: OpenAPIRegistry, parts: PathParts): void {
  registerRoutes(registry, [submit, poll, events], parts);
}

/**
 * GET /enrich, the team's jobs: its entry apart from registerEnrichPaths only so that the
 * document keeps its order (openapi-document.ts registers it with the other lists the dashboard reads).
 */
export function registerJobListPath(registry: OpenAPIRegistry, parts: PathParts): void {
  registerRoutes(registry, [list], parts);
}
