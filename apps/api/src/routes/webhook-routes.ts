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
import { methodNotAllowed } from '../middleware/error-handler';
import { jsonBody } from '../middleware/json-body';
import { parseOrThrow } from '../middleware/validate';
import { error, json, jsonRequest } from '../openapi-parts';
import { cursorPage } from '../schemas/cursor';
import {
  batchEventPayloadSchema,
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

/**
 * /webhooks, mounted there (api-router.ts): the team's endpoints (a key or a dashboard session,
 * like every public endpoint), their deliveries and attempts, and resending one.
 * None of them counts against the rate limits. Another team's endpoint or delivery answers as
 * one that does not exist.
 */
export function webhookRoutes(ctx: AppContext, limits: RateLimits, authenticate: RequestHandler): Router {
  const router = Router();
  router.use(authenticate);
  const body = jsonBody(ctx.config.BODY_LIMIT);
  const urlCheck = { hostMap: ctx.config.WEBHOOK_HOST_MAP };
  const retry = { attempts: ctx.config.JOB_ATTEMPTS, backoffMs: ctx.config.JOB_BACKOFF_MS };
  const webhookQueue = () => ctx.queues.queue(QueueName.webhook);
  const teamOf = (req: Request) => requireAuth(req).teamId;

  router.get('/', limits.teamStatus, async (req, res) => {
    res.json({ data: await listEndpoints(ctx.db, teamOf(req)) });
  });

  router.post('/', limits.teamStatus, body, async (req, res) => {
    const teamId = teamOf(req);
    const input = parseOrThrow(webhookCreateSchema, req.body, 'request body');
    const url = await checkWebhookUrl(input.url, urlCheck);
    res.status(201).json(await createEndpoint(ctx.db, teamId, { ...input, url }));
  });

  router.get('/:id', limits.teamStatus, async (req, res) => {
    const { id } = parseOrThrow(webhookParamsSchema, req.params, 'path');
    res.json(endpointView(await findEndpoint(ctx.db, teamOf(req), id)));
  });

  router.patch('/:id', limits.teamStatus, body, async (req, res) => {
    const teamId = teamOf(req);
    const { id } = parseOrThrow(webhookParamsSchema, req.params, 'path');
    const input = parseOrThrow(webhookUpdateSchema, req.body, 'request body');
    const url = input.url === undefined ? undefined : await checkWebhookUrl(input.url, urlCheck);
    res.json(await updateEndpoint(ctx.db, teamId, id, { ...input, url }));
  });

  router.delete('/:id', limits.teamStatus, async (req, res) => {
    const { id } = parseOrThrow(webhookParamsSchema, req.params, 'path');
    await deleteEndpoint(ctx.db, teamOf(req), id);
    res.status(204).end();
  });

  router.post('/:id/rotate-secret', limits.teamStatus, body, async (req, res) => {
    const teamId = teamOf(req);
    const { id } = parseOrThrow(webhookParamsSchema, req.params, 'path');
    const { overlapHours } = parseOrThrow(rotateSecretSchema, req.body, 'request body');
    const overlapMs = (overlapHours ?? ctx.config.WEBHOOK_SECRET_OVERLAP_HOURS) * 3_600_000;
    res.json(await rotateSecret(ctx.db, teamId, id, overlapMs));
  });

  router.get('/:id/deliveries', limits.teamStatus, async (req, res) => {
    const teamId = teamOf(req);
    const { id } = parseOrThrow(webhookParamsSchema, req.params, 'path');
    const query = parseOrThrow(deliveryListQuerySchema, req.query, 'query');
    const rows = await listDeliveries(ctx.db, teamId, id, query);
    const page = cursorPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
    res.json({ data: page.data.map(deliveryView), pagination: page.pagination });
  });

  router.post('/:id/deliveries/:deliveryId/resend', limits.teamStatus, async (req, res) => {
    const teamId = teamOf(req);
    const { id, deliveryId } = parseOrThrow(deliveryParamsSchema, req.params, 'path');
    await resetForResend(ctx.db, teamId, id, deliveryId);
    await queueDeliveryAgain(webhookQueue(), deliveryId, retry, { now: true });
    const [row] = await listDeliveries(ctx.db, teamId, id, { limit: 1, only: deliveryId });
    res.status(202).json(deliveryView(row!));
  });

  router.all('/', limits.teamStatus, methodNotAllowed(['GET', 'HEAD', 'POST']));
  router.all('/:id', limits.teamStatus, methodNotAllowed(['GET', 'HEAD', 'PATCH', 'DELETE']));
  router.all('/:id/rotate-secret', limits.teamStatus, methodNotAllowed(['POST']));
  router.all('/:id/deliveries', limits.teamStatus, methodNotAllowed(['GET', 'HEAD']));
  router.all('/:id/deliveries/:deliveryId/resend', limits.teamStatus, methodNotAllowed(['POST']));
  return router;
}

/** The OpenAPI entries of the routes above, and the messages endpoints receive, under OpenAPI 3.1's `webhooks`. */
export function registerWebhookPaths(registry: OpenAPIRegistry, security: Record<string, string[]>[]): void {
  const common = {
    401: error('Missing, malformed, unknown or revoked API key, or an ended dashboard session (AUTHENTICATION_FAILED)'),
    503: error('Postgres or Redis unreachable (SERVICE_UNAVAILABLE)'),
  };
  const mutation = { ...common, 403: error('CSRF_CHECK_FAILED: a session-authenticated request not same-origin or without X-CSRF-Token') };
  const notFound = { 404: error('WEBHOOK_NOT_FOUND (unknown id, or another team’s endpoint)') };
  const badUrl =
    'INVALID_WEBHOOK_URL (details.reason: invalid_url, unsupported_scheme, credentials, private_address — a private, loopback, ' +
    'link-local or metadata address, literal or resolved — or unresolvable)';
  const tags = ['Webhooks'];

  registry.registerPath({
    method: 'post',
    path: '/api/webhooks',
    summary: 'Register a webhook endpoint',
    description: 'The signing secret is in this answer only. A team has at most 20 endpoints.',
    tags,
    security,
    request: jsonRequest(webhookCreateSchema),
    responses: {
      201: json(webhookWithSecretSchema, 'Registered; store the secret now'),
      400: error(`VALIDATION_ERROR (events, description, an unknown field in fields), ${badUrl}, INVALID_JSON`),
      409: error('WEBHOOK_LIMIT_REACHED'),
      ...mutation,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/webhooks',
    summary: 'The team’s webhook endpoints, oldest first',
    tags,
    security,
    responses: { 200: json(webhookListSchema, 'Endpoints, without their secrets'), ...common },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/webhooks/{id}',
    summary: 'One webhook endpoint',
    tags,
    security,
    request: { params: webhookParamsSchema },
    responses: { 200: json(webhookSchema, 'The endpoint'), ...notFound, ...common },
  });
  registry.registerPath({
    method: 'patch',
    path: '/api/webhooks/{id}',
    summary: 'Change an endpoint: url, events, description, fields, enabled',
    description: 'Enabling a disabled endpoint clears its reason and its count of failed attempts.',
    tags,
    security,
    request: { params: webhookParamsSchema, ...jsonRequest(webhookUpdateSchema) },
    responses: {
      200: json(webhookSchema, 'The endpoint as changed'),
      400: error(`VALIDATION_ERROR, ${badUrl}, INVALID_JSON`),
      ...notFound,
      ...mutation,
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/webhooks/{id}',
    summary: 'Remove an endpoint with its deliveries',
    tags,
    security,
    request: { params: webhookParamsSchema },
    responses: { 204: { description: 'Removed' }, ...notFound, ...mutation },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/webhooks/{id}/rotate-secret',
    summary: 'A new signing secret',
    description:
      'The new secret is in this answer only. The previous one keeps signing beside it (both signatures in webhook-signature) ' +
      'for overlapHours, 24 by default.',
    tags,
    security,
    request: { params: webhookParamsSchema, ...jsonRequest(rotateSecretSchema, false) },
    responses: { 200: json(webhookWithSecretSchema, 'Rotated; store the secret now'), ...notFound, ...mutation },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/webhooks/{id}/deliveries',
    summary: 'An endpoint’s deliveries with their attempts, newest first',
    tags,
    security,
    request: { params: webhookParamsSchema, query: deliveryListQuerySchema },
    responses: {
      200: json(deliveryListSchema, 'One page'),
      400: error('VALIDATION_ERROR (limit, cursor or status)'),
      ...notFound,
      ...common,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/webhooks/{id}/deliveries/{deliveryId}/resend',
    summary: 'Send a delivery again',
    description: 'Same webhook-id and body, through a new round of retries.',
    tags,
    security,
    request: { params: deliveryParamsSchema },
    responses: {
      202: json(deliverySchema, 'Queued'),
      404: error('WEBHOOK_NOT_FOUND, or DELIVERY_NOT_FOUND (not a delivery of this endpoint)'),
      409: error('WEBHOOK_DISABLED: enable the endpoint first'),
      ...mutation,
    },
  });

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
  for (const [event, schema, summary] of [
    ['job.completed', jobEventPayloadSchema, 'A job completed (its record in data.data)'],
    ['job.failed', jobEventPayloadSchema, 'A job failed (data.error)'],
    ['batch.completed', batchEventPayloadSchema, 'Every item of a bulk batch ended'],
  ] as const) {
    registry.registerWebhook({
      method: 'post',
      path: event,
      summary,
      description: 'Signed as the Standard Webhooks specification says; verify with its libraries (e.g. the standardwebhooks package).',
      tags,
      request: { headers, ...jsonRequest(schema) },
      responses: delivered,
    });
  }
}
