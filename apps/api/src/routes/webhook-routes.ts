import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { QueueName, queueDeliveryAgain } from '@enrich/queue';
import {
  checkWebhookUrl,
  createEndpoint,
  deleteEndpoint,
  deliveryView,
  endpointView,
  findEndpoint,
  listDeliveries,
  listEndpoints,
  resetForResend,
  rotateSecret,
  updateEndpoint,
} from '@enrich/webhooks';
import { type Request, type RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { jsonBody } from '../middleware/json-body';
import { error, jsonRequest, type PathParts, tagged } from '../openapi-parts';
import { cursorPage } from '../schemas/cursor';
import { companyExample } from '../schemas/search';
import {
  batchEventPayloadSchema,
  changeEventPayloadSchema,
  deliveryListQuerySchema,
  deliveryListSchema,
  deliveryParamsSchema,
  deliverySchema,
  jobEventPayloadSchema,
  rotateSecretSchema,
  webhookCreateSchema,
  webhookListSchema,
  webhookParamsSchema,
  webhookSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from '../schemas/webhooks';
import type { ApiDeps } from './api-routes';
import { mountRoutes, registerRoutes, routesOf } from './define-route';

const WEBHOOK = {
  id: 'whk_01m8b2c3d4e5f6g7h8j9k0m1n2p3',
  url: 'https://hooks.acme.com/enrichment',
  events: ['job.completed' as const, 'batch.completed' as const],
  description: 'CRM sync',
  fields: null,
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  secretHint: 'whsec_MfKQ…',
  previousSecretExpiresAt: null,
  consecutiveFailures: 0,
  failingSince: null,
  createdAt: '2026-11-24T12:00:00.000Z',
  updatedAt: '2026-11-24T12:00:00.000Z',
};
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const DELIVERY = {
  id: 'msg_01m8b2c3d4e5f6g7h8j9k0m1n2p3',
  eventType: 'job.completed' as const,
  status: 'delivered' as const,
  jobId: '3f1c8a52-7b4e-4d2a-9c61-0e5b7a9d2f41',
  batchId: null,
  createdAt: '2026-11-24T12:00:00.000Z',
  deliveredAt: '2026-11-24T12:00:01.000Z',
  nextAttemptAt: null,
  lastError: null,
  payload: null,
  attempts: [{ number: 1, attemptedAt: '2026-11-24T12:00:01.000Z', statusCode: 200, durationMs: 84, responseExcerpt: 'ok', error: null }],
};

interface Deps extends ApiDeps {
  /** The JSON body parser, made once. */
  body: RequestHandler;
}
const { defineRoute, defineRawRoute } = routesOf<Deps, PathParts>();

const teamOf = (req: Request) => requireAuth(req).teamId;
const urlCheck = (ctx: AppContext) => ({ hostMap: ctx.config.WEBHOOK_HOST_MAP });
const notFound = { 404: error('WEBHOOK_NOT_FOUND (unknown id, or another team’s endpoint)') };
const badUrl =
  'INVALID_WEBHOOK_URL (details.reason: invalid_url, unsupported_scheme, credentials, private_address — a private, loopback, ' +
  'link-local or metadata address, literal or resolved — or unresolvable)';
// None of them counts against the rate limits: reported only.
const reported = ({ limits }: Deps) => [limits.rateLimitHeaders];
const reportedWithBody = ({ limits, body }: Deps) => [limits.rateLimitHeaders, body];

const list = defineRoute({
  method: 'get',
  path: '/webhooks',
  summary: 'The team’s webhook endpoints, oldest first',
  operationId: 'listWebhooks',
  tag: 'webhooks',
  description:
    'Every endpoint the team registered, with its events, whether it is enabled (and if not, why) and its failed attempts since the last success; never a secret.',
  answer: { schema: webhookListSchema, description: 'Endpoints, without their secrets', example: { data: [WEBHOOK] } },
  responses: ({ common }) => common,
  middleware: reported,
  handler: async (req, _res, { ctx }) => ({ data: await listEndpoints(ctx.db, teamOf(req)) }),
});

const create = defineRoute({
  method: 'post',
  path: '/webhooks',
  summary: 'Register a webhook endpoint',
  operationId: 'createWebhook',
  tag: 'webhooks',
  description: 'The signing secret is in this answer only. A team has at most 20 endpoints.',
  input: { body: webhookCreateSchema },
  bodyExample: { url: WEBHOOK.url, events: WEBHOOK.events, description: WEBHOOK.description },
  answer: {
    status: 201,
    schema: webhookWithSecretSchema,
    description: 'Registered; store the secret now',
    example: { ...WEBHOOK, secret: SECRET },
  },
  responses: ({ common, csrf }) => ({
    ...common,
    ...csrf,
    400: error(`VALIDATION_ERROR (events, description, an unknown field in fields), ${badUrl}, INVALID_JSON`),
    409: error('WEBHOOK_LIMIT_REACHED'),
  }),
  middleware: reportedWithBody,
  async handler(req, _res, { ctx }, input) {
    const teamId = teamOf(req);
    const body = input('body');
    const url = await checkWebhookUrl(body.url, urlCheck(ctx));
    return createEndpoint(ctx.db, teamId, { ...body, url });
  },
});

const get = defineRoute({
  method: 'get',
  path: '/webhooks/:id',
  summary: 'One webhook endpoint',
  operationId: 'getWebhook',
  tag: 'webhooks',
  description:
    'The endpoint with its events, whether it is enabled (and if not, why) and its failed attempts since the last success; never its secret.',
  input: { params: webhookParamsSchema },
  answer: { schema: webhookSchema, description: 'The endpoint', example: WEBHOOK },
  responses: ({ common }) => ({ ...notFound, ...common }),
  middleware: reported,
  async handler(req, _res, { ctx }, input) {
    const { id } = input('params');
    return endpointView(await findEndpoint(ctx.db, teamOf(req), id));
  },
});

const update = defineRoute({
  method: 'patch',
  path: '/webhooks/:id',
  summary: 'Change an endpoint: url, events, description, fields, enabled',
  operationId: 'updateWebhook',
  tag: 'webhooks',
  description: 'Enabling a disabled endpoint clears its reason and its count of failed attempts.',
  input: { params: webhookParamsSchema, body: webhookUpdateSchema },
  bodyExample: { enabled: false },
  answer: {
    schema: webhookSchema,
    description: 'The endpoint as changed',
    example: { ...WEBHOOK, enabled: false, disabledReason: 'by_owner', disabledAt: WEBHOOK.updatedAt },
  },
  responses: ({ common, csrf }) => ({
    ...common,
    ...csrf,
    400: error(`VALIDATION_ERROR, ${badUrl}, INVALID_JSON`),
    ...notFound,
  }),
  middleware: reportedWithBody,
  async handler(req, _res, { ctx }, input) {
    const teamId = teamOf(req);
    const { id } = input('params');
    const update = input('body');
    const url = update.url === undefined ? undefined : await checkWebhookUrl(update.url, urlCheck(ctx));
    return updateEndpoint(ctx.db, teamId, id, { ...update, url });
  },
});

// 204: no body.
const remove = defineRawRoute({
  method: 'delete',
  path: '/webhooks/:id',
  summary: 'Remove an endpoint with its deliveries',
  operationId: 'deleteWebhook',
  tag: 'webhooks',
  description: 'The endpoint and its delivery history are removed; no event is sent to it afterwards.',
  input: { params: webhookParamsSchema },
  responses: ({ common, csrf }) => ({ 204: { description: 'Removed' }, ...notFound, ...common, ...csrf }),
  middleware: reported,
  serve: ({ ctx }, input) =>
    async function deleteWebhook(req, res) {
      const { id } = input(req)('params');
      await deleteEndpoint(ctx.db, teamOf(req), id);
      res.status(204).end();
    },
});

const rotate = defineRoute({
  method: 'post',
  path: '/webhooks/:id/rotate-secret',
  summary: 'A new signing secret',
  operationId: 'rotateWebhookSecret',
  tag: 'webhooks',
  description:
    'The new secret is in this answer only. The previous one keeps signing beside it (both signatures in webhook-signature) ' +
    'for overlapHours, 24 by default.',
  input: { params: webhookParamsSchema, body: rotateSecretSchema },
  bodyExample: { overlapHours: 24 },
  answer: {
    schema: webhookWithSecretSchema,
    description: 'Rotated; store the secret now',
    example: { ...WEBHOOK, secret: SECRET, previousSecretExpiresAt: '2026-11-25T12:00:00.000Z' },
  },
  responses: ({ common, csrf }) => ({ ...notFound, ...common, ...csrf }),
  middleware: reportedWithBody,
  async handler(req, _res, { ctx }, input) {
    const teamId = teamOf(req);
    const { id } = input('params');
    const { overlapHours } = input('body');
    const overlapMs = (overlapHours ?? ctx.config.WEBHOOK_SECRET_OVERLAP_HOURS) * 3_600_000;
    return rotateSecret(ctx.db, teamId, id, overlapMs);
  },
});

const deliveries = defineRoute({
  method: 'get',
  path: '/webhooks/:id/deliveries',
  summary: 'An endpoint’s deliveries with their attempts, newest first',
  operationId: 'listWebhookDeliveries',
  tag: 'webhooks',
  description:
    'One page of the endpoint’s deliveries (filter by status), each with its attempts: when, the answer’s status, and the error when there was no answer.',
  input: { params: webhookParamsSchema, query: deliveryListQuerySchema },
  answer: { schema: deliveryListSchema, description: 'One page', example: { data: [DELIVERY], pagination: { nextCursor: null } } },
  responses: ({ common }) => ({ ...common, 400: error('VALIDATION_ERROR (limit, cursor or status)'), ...notFound }),
  middleware: reported,
  async handler(req, _res, { ctx }, input) {
    const teamId = teamOf(req);
    const { id } = input('params');
    const query = input('query');
    const rows = await listDeliveries(ctx.db, teamId, id, query);
    const page = cursorPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
    return { data: page.data.map(deliveryView), pagination: page.pagination };
  },
});

const resend = defineRoute({
  method: 'post',
  path: '/webhooks/:id/deliveries/:deliveryId/resend',
  summary: 'Send a delivery again',
  operationId: 'resendWebhookDelivery',
  tag: 'webhooks',
  description: 'Same webhook-id and body, through a new round of retries.',
  input: { params: deliveryParamsSchema },
  answer: {
    status: 202,
    schema: deliverySchema,
    description: 'Queued',
    example: { ...DELIVERY, status: 'pending', deliveredAt: null, nextAttemptAt: '2026-11-24T13:00:00.000Z' },
  },
  responses: ({ common, csrf }) => ({
    404: error('WEBHOOK_NOT_FOUND, or DELIVERY_NOT_FOUND (not a delivery of this endpoint)'),
    409: error('WEBHOOK_DISABLED: enable the endpoint first'),
    ...common,
    ...csrf,
  }),
  middleware: reported,
  async handler(req, _res, { ctx }, input) {
    const teamId = teamOf(req);
    const { id, deliveryId } = input('params');
    await resetForResend(ctx.db, teamId, id, deliveryId);
    const retry = { attempts: ctx.config.JOB_ATTEMPTS, backoffMs: ctx.config.JOB_BACKOFF_MS };
    await queueDeliveryAgain(ctx.queues.queue(QueueName.webhook), deliveryId, retry, { now: true });
    const [row] = await listDeliveries(ctx.db, teamId, id, { limit: 1, only: deliveryId });
    return deliveryView(row!);
  },
});

/**
 * /webhooks, mounted there (api-router.ts): the team's endpoints (a key or a dashboard session,
 * like every public endpoint), their deliveries and attempts, and resending one.
 * Another team's endpoint or delivery answers as one that does not exist.
 */
export function webhookRoutes(ctx: AppContext, limits: RateLimits, authenticate: RequestHandler): Router {
  const router = Router();
  router.use(authenticate);
  const body = jsonBody(ctx.config.BODY_LIMIT);
  mountRoutes(
    router,
    '/webhooks',
    [list, create, get, update, remove, rotate, deliveries, resend],
    { ctx, limits, body },
    { notAllowed: [limits.rateLimitHeaders] },
  );
  return router;
}

/** The OpenAPI entries of the routes above, and the messages endpoints receive, under OpenAPI 3.1's `webhooks`. */
export function registerWebhookPaths(registry: OpenAPIRegistry, parts: PathParts): void {
  registerRoutes(registry, [create, list, get, update, remove, rotate, deliveries, resend], parts);
  const tags = tagged('webhooks');

  const headers = z.object({
    'webhook-id': z.string().meta({ description: 'The message id (msg_…): the same on every attempt; deduplicate on it' }),
    'webhook-timestamp': z.string().meta({ description: 'Epoch seconds of the attempt' }),
    'webhook-signature': z.string().meta({
      description: 'v1,<base64 HMAC-SHA256 of id.timestamp.body>, one per secret in force (space-separated during a rotation)',
    }),
  });
  const delivered = {
    200: {
      description: 'Any 2xx: delivered. 410: stop, and the endpoint is disabled. 429/503 with Retry-After: wait that long. Else retried.',
    },
  };
  const { enrichedAt: _, ...record } = companyExample;
  const job = { jobId: DELIVERY.jobId, domain: 'acme.com', createdAt: '2026-11-24T11:59:48.000Z', completedAt: '2026-11-24T12:00:00.000Z' };
  const events: [string, string, z.ZodType, string, unknown][] = [
    [
      'job.completed',
      'jobCompletedEvent',
      jobEventPayloadSchema,
      'A job completed (its record in data.data)',
      { type: 'job.completed', timestamp: job.completedAt, data: { ...job, status: 'completed', data: record } } satisfies z.input<
        typeof jobEventPayloadSchema
      >,
    ],
    [
      'job.failed',
      'jobFailedEvent',
      jobEventPayloadSchema,
      'A job failed (data.error)',
      {
        type: 'job.failed',
        timestamp: job.completedAt,
        data: { ...job, status: 'failed', error: { code: 'ENRICHMENT_FAILED', message: 'enrichment failed after 3 attempts' } },
      } satisfies z.input<typeof jobEventPayloadSchema>,
    ],
    [
      'batch.completed',
      'batchCompletedEvent',
      batchEventPayloadSchema,
      'Every item of a bulk batch ended',
      {
        type: 'batch.completed',
        timestamp: job.completedAt,
        data: {
          batchId: 'bat_01jc3m8y2k7w5n0r4t6v8x9z1a',
          status: 'completed',
          total: 2,
          completed: 2,
          failed: 0,
          pending: 0,
          progress: 100,
          createdAt: job.createdAt,
          completedAt: job.completedAt,
          entriesReceived: 2,
          duplicateEntries: 0,
          invalid: [],
          statusEndpoint: '/api/enrich/bulk/bat_01jc3m8y2k7w5n0r4t6v8x9z1a',
          resultsEndpoint: '/api/enrich/bulk/bat_01jc3m8y2k7w5n0r4t6v8x9z1a/results.csv',
        },
      } satisfies z.input<typeof batchEventPayloadSchema>,
    ],
    [
      'company.changed',
      'companyChangedEvent',
      changeEventPayloadSchema,
      'A watched company’s record changed (sent to every team watching the domain)',
      {
        type: 'company.changed',
        timestamp: job.completedAt,
        data: {
          domain: 'acme.com',
          changes: [{ field: 'employeeCount', oldValue: '11-50', newValue: '51-200', observedAt: job.completedAt, sources: ['linkedin'] }],
          record,
        },
      } satisfies z.input<typeof changeEventPayloadSchema>,
    ],
  ];
  for (const [event, operationId, schema, summary, example] of events) {
    registry.registerWebhook({
      method: 'post',
      path: event,
      operationId,
      summary,
      description: 'Signed as the Standard Webhooks specification says; verify with its libraries (e.g. the standardwebhooks package).',
      tags,
      // Sent by this service to your endpoint: no scheme of this document applies; the webhook-signature header proves the sender.
      security: [],
      request: { headers, ...jsonRequest(schema, example) },
      responses: delivered,
    });
  }
}
