import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { bulkQuerySchema } from './bulk/bulk-entries';
import { registerDashboardPaths } from './openapi-dashboard';
import { registerDashboardReadPaths } from './openapi-dashboard-reads';
import { bulkRequestBody, error, json } from './openapi-parts';
import { registerWebhookPaths } from './openapi-webhooks';
import { batchIdParamsSchema, batchQuerySchema, batchStatusSchema, bulkAcceptedSchema } from './schemas/bulk';
import { companyParamsSchema, companyQuerySchema } from './schemas/company';
import { enrichAcceptedSchema, enrichRequestSchema, jobIdParamsSchema, jobStatusSchema, pollQuerySchema } from './schemas/enrich';
import { batchEventDataSchema, jobEventDataSchema, lastEventIdSchema } from './schemas/events';
import { companyAnswerSchema, searchQuerySchema, searchResponseSchema } from './schemas/search';

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas the handlers validate with.
 * Each contract path is served with and without the /api prefix; the document lists the
 * /api form, as the contract's endpoint list does.
 */
export function buildOpenApiDocument(serverUrl = '/') {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'API key: ce_live_ followed by 32 characters',
  });
  const cookie = registry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'ce_session',
    description:
      'Dashboard session (POST /dashboard/api/signin). Requests other than GET/HEAD must be same-origin and carry X-CSRF-Token; ' +
      'with an Authorization header the key decides and the cookie is ignored',
  });
  // A public endpoint takes a key or, in its place, a dashboard session.
  const security = [{ [bearer.name]: [] }, { [cookie.name]: [] }];
  const common = {
    400: error('VALIDATION_ERROR: the path is not valid percent-encoding, or a path or query parameter holds U+0000'),
    401: error('Missing, malformed, unknown or revoked API key, or an ended dashboard session (AUTHENTICATION_FAILED)'),
    503: error('Postgres or Redis unreachable (SERVICE_UNAVAILABLE)'),
  };
  const csrf = { 403: error('CSRF_CHECK_FAILED: a session-authenticated POST not same-origin or without the right X-CSRF-Token') };

  registry.registerPath({
    method: 'post',
    path: '/api/enrich',
    summary: 'Start enrichment of one domain',
    security,
    request: { body: { required: true, content: { 'application/json': { schema: enrichRequestSchema } } } },
    responses: {
      202: json(enrichAcceptedSchema, 'Accepted; poll statusEndpoint'),
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
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/enrich/{jobId}',
    summary: 'Poll an enrichment job',
    security,
    request: { params: jobIdParamsSchema, query: pollQuerySchema },
    responses: {
      200: json(jobStatusSchema, 'The job: processing, completed with data (only the selected fields with `fields`), or failed'),
      404: error('JOB_NOT_FOUND (unknown id, or another team’s job)'),
      405: error('METHOD_NOT_ALLOWED'),
      ...common,
      400: error('VALIDATION_ERROR (an unknown field in `fields`, named; a path that is not valid percent-encoding, or holds U+0000)'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/enrich/bulk',
    summary: 'Start enrichment of up to 1,000 domains',
    description:
      'JSON `{"domains": [...]}` or a CSV file (text/csv) whose header row names a `domain`, `website` or `url` column. ' +
      'Invalid entries are reported, duplicates share a job; the batch is accepted atomically.',
    security,
    request: { query: bulkQuerySchema, body: bulkRequestBody },
    responses: {
      202: json(bulkAcceptedSchema, 'Accepted; poll statusEndpoint for progress, or each job'),
      ...common,
      ...csrf,
      400: error(
        'VALIDATION_ERROR (no list, empty, over 1,000 entries, no domain column), INVALID_CSV, INVALID_JSON, INVALID_WEBHOOK_URL, ' +
          'INVALID_CONTENT_ENCODING (the body does not decompress as its Content-Encoding says)',
      ),
      413: error('PAYLOAD_TOO_LARGE (a Content-Length over the limit is answered before the body is read)'),
      415: error('UNSUPPORTED_MEDIA_TYPE (neither JSON nor CSV, or an unknown Content-Encoding or charset)'),
      429: error('RATE_LIMIT_EXCEEDED (with Retry-After), or QUOTA_EXCEEDED when the monthly quota cannot cover the new domains'),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/enrich/bulk/{batchId}',
    summary: 'Progress of a batch, with one page of its items',
    security,
    request: { params: batchIdParamsSchema, query: batchQuerySchema },
    responses: {
      200: json(batchStatusSchema, 'Counts from the jobs’ real states, and items in submission order'),
      ...common,
      400: error(
        'VALIDATION_ERROR (page or limit out of range, an unknown status, an unknown field in `fields`; a path that is not valid ' +
          'percent-encoding, or holds U+0000)',
      ),
      404: error('BATCH_NOT_FOUND (unknown id, or another team’s batch)'),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/companies/search',
    summary: 'Search the companies your team has enriched',
    description:
      'Ranked full-text search with prefix and typo tolerance; without q, a list, most recently enriched first. Does not count against rate limits.',
    security,
    request: { query: searchQuerySchema },
    responses: {
      200: json(searchResponseSchema, 'One page of results; a page past the end has no results and the same pagination totals'),
      ...common,
      400: error(
        'VALIDATION_ERROR (page, limit, minConfidence or businessStage out of range, q too long, an unknown field in `fields`, ' +
          'a parameter given twice or holding U+0000)',
      ),
      405: error('METHOD_NOT_ALLOWED'),
    },
  });
  registerDashboardReadPaths(registry, { security, common, csrf });
  registry.registerPath({
    method: 'get',
    path: '/api/companies/{domain}',
    summary: 'Your team’s stored record of one company',
    description:
      'The record your team last enriched for the domain, as a search result gives it (plus enrichedAt). Reads only what is ' +
      'stored: for fresh data submit it again (POST /api/enrich with refresh). Does not count against rate limits.',
    security,
    request: { params: companyParamsSchema, query: companyQuerySchema },
    responses: {
      200: json(companyAnswerSchema, 'The record (only the selected fields with `fields`), plus enrichedAt'),
      ...common,
      400: error(
        'INVALID_DOMAIN (details.reason), VALIDATION_ERROR (an unknown field in `fields`, named; `refresh`, which is a submission’s)',
      ),
      404: error('COMPANY_NOT_FOUND (your team has never enriched this domain)'),
      405: error('METHOD_NOT_ALLOWED'),
    },
  });
  // The event streams: text/event-stream, whose schema here is that of each event's JSON data
  // (OpenAPI 3.1 has no way to describe the framing itself).
  const stream = (data: z.ZodType, description: string) => ({ description, content: { 'text/event-stream': { schema: data } } });
  const resume = z.object({
    'last-event-id': lastEventIdSchema.meta({
      description: 'Sent by EventSource when it reconnects: the stream resumes after that event, missing none',
    }),
  });
  const streamNotes =
    'Server-Sent Events: each event has an `id` (what Last-Event-ID resumes after), a name and JSON `data`. A comment ' +
    '(`: heartbeat`) every 15 s keeps idle connections open. The stream ends after the last event; a client reconnecting ' +
    'with the last event’s id gets 204, which stops EventSource. Any API replica serves any stream. Does not count against ' +
    'rate limits; the X-RateLimit-* headers are reported.';
  registry.registerPath({
    method: 'get',
    path: '/api/enrich/{jobId}/events',
    summary: 'Follow a job as Server-Sent Events',
    description: `Events \`processing\` (id 1), \`started\` (id 2), then \`completed\` or \`failed\` (id 3); data: JobEvent. A new stream starts with the current state's event. ${streamNotes}`,
    security,
    request: { params: jobIdParamsSchema, query: pollQuerySchema, headers: resume },
    responses: {
      200: stream(jobEventDataSchema, 'The stream of the job’s events; the schema is that of each event’s data'),
      204: { description: 'Resumed after the last event: nothing follows' },
      ...common,
      400: error('VALIDATION_ERROR (Last-Event-ID not a whole number, an unknown field in `fields`)'),
      404: error('JOB_NOT_FOUND (unknown id, or another team’s job)'),
      405: error('METHOD_NOT_ALLOWED'),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/enrich/bulk/{batchId}/events',
    summary: 'Follow a batch as Server-Sent Events',
    description: `Event \`progress\` first (the counts now, id = items ended so far), then one \`item\` event per item that ends, numbered in the order they ended, with the counts; data: BatchEvent. ${streamNotes}`,
    security,
    request: { params: batchIdParamsSchema, headers: resume },
    responses: {
      200: stream(batchEventDataSchema, 'The stream of the batch’s events; the schema is that of each event’s data'),
      204: { description: 'Resumed after the last event: nothing follows' },
      ...common,
      400: error('VALIDATION_ERROR (Last-Event-ID not a whole number)'),
      404: error('BATCH_NOT_FOUND (unknown id, or another team’s batch)'),
      405: error('METHOD_NOT_ALLOWED'),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/healthz',
    summary: 'Liveness: the process is up',
    responses: { 200: json(z.object({ status: z.literal('ok') }), 'Up') },
  });
  registry.registerPath({
    method: 'get',
    path: '/readyz',
    summary: 'Readiness: Postgres and Redis reachable',
    responses: {
      200: json(z.object({ status: z.literal('ok'), checks: z.record(z.string(), z.string()) }), 'Ready'),
      503: error('SERVICE_UNAVAILABLE, with details.checks naming what failed'),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/openapi.json',
    summary: 'This document',
    responses: { 200: { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: z.object({}) } } } },
  });

  registerWebhookPaths(registry, security);
  registerDashboardPaths(registry, cookie.name);

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Company Enrichment API',
      version: '1.1.0',
      description: 'Send a company web domain, poll the job, get a company record. Every path also answers without the /api prefix.',
    },
    servers: [{ url: serverUrl }],
  });
}
