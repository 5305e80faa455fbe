import { bullPrefix, QueueName, queueDeliveryAgain } from '@enrich/queue';
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
import { Queue } from 'bullmq';
import { type Request, type RequestHandler, Router } from 'express';
import type { AppContext } from '../app-context';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/error-handler';
import { jsonBody } from '../middleware/json-body';
import { parseOrThrow } from '../middleware/validate';
import { cursorPage } from '../schemas/cursor';
import {
  deliveryListQuerySchema,
  deliveryParamsSchema,
  rotateSecretSchema,
  webhookCreateSchema,
  webhookParamsSchema,
  webhookUpdateSchema,
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
  let queue: Queue | undefined;
  // Made on first use; it shares the API's Redis connection.
  const webhookQueue = () => {
    queue ??= new Queue(QueueName.webhook, { connection: ctx.redis, prefix: bullPrefix(ctx.config.QUEUE_PREFIX) });
    return queue;
  };
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
