import { bullPrefix } from '@enrich/queue';
import express, { type Express } from 'express';
import { mountQueueView } from './admin/queue-view';
import type { AppContext } from './app-context';
import { dashboardRoutes } from './dashboard/dashboard-routes';
import { durationEstimator } from './jobs/estimate-duration';
import { closeConnectionsWhenDraining } from './lifecycle';
import { createRateLimits } from './limits/rate-limits';
import { accessLog } from './middleware/access-log';
import { authenticate } from './middleware/authenticate';
import { errorHandler, notFound } from './middleware/error-handler';
import { requestId } from './middleware/request-id';
import { requestMetrics } from './middleware/request-metrics';
import { checkUrlText } from './middleware/url-text';
import { buildOpenApiDocument } from './openapi-document';
import { bulkPreviewRoutes } from './routes/bulk-preview-routes';
import { bulkRoutes } from './routes/bulk-routes';
import { companyRoutes } from './routes/company-routes';
import { dashboardApp } from './routes/dashboard-app';
import { enrichRoutes } from './routes/enrich-routes';
import { frequentRoutes } from './routes/frequent-routes';
import { healthRoutes } from './routes/health-routes';
import { usageRoutes } from './routes/usage-routes';
import { webhookRoutes } from './routes/webhook-routes';

export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(requestId);
  app.use(closeConnectionsWhenDraining(ctx.lifecycle));
  app.use(accessLog(ctx.logger));
  app.use(requestMetrics(ctx.metrics));
  // The operators' queue view, before the API's limits, body parsers and URL checks (only with OPERATOR_TOKEN).
  mountQueueView(app, ctx);
  app.use(checkUrlText);

  const openapi = buildOpenApiDocument();
  const routes = express.Router();
  routes.use(healthRoutes(ctx));
  routes.get('/openapi.json', (_req, res) => {
    res.json(openapi);
  });
  const limits = createRateLimits({
    redis: ctx.redis,
    keyPrefix: bullPrefix(ctx.config.QUEUE_PREFIX),
    reads: ctx.caches.counterReads,
    minuteWindowMs: ctx.config.RATE_LIMIT_MINUTE_MS,
    dayWindowMs: ctx.config.RATE_LIMIT_DAY_MS,
    authFailuresPerWindow: ctx.config.AUTH_FAILURES_PER_MINUTE,
    signInFailuresPerAccount: ctx.config.SIGNIN_FAILURES_PER_ACCOUNT,
    signInAccountWindowMs: ctx.config.SIGNIN_ACCOUNT_WINDOW_MS,
    logger: ctx.logger,
    refusals: ctx.metrics.limitRefusals,
  });
  const auth = authenticate(ctx, limits);
  const estimate = durationEstimator(ctx.db, ctx.config.ESTIMATE_DEFAULT_MS);
  // Accounts, sessions, keys and invites of the web dashboard (session cookie only).
  routes.use('/dashboard/api', dashboardRoutes(ctx, limits));
  // Every route under these needs a key or a dashboard session (the bulk preview included).
  routes.use(['/enrich', '/companies', '/usage', '/webhooks', '/dashboard/api/bulk'], auth);
  // /enrich/bulk before /enrich/:jobId, which would take `bulk` for a job id.
  routes.use(bulkRoutes(ctx, limits));
  routes.use(enrichRoutes(ctx, limits, estimate));
  routes.use(companyRoutes(ctx, limits));
  routes.use(usageRoutes(ctx, limits));
  routes.use(webhookRoutes(ctx, limits));
  routes.use(bulkPreviewRoutes(ctx, limits));

  // The requests clients repeat most first, on a short router of their own; then the rest.
  app.use(frequentRoutes(ctx, limits, auth, estimate));
  // Every path answers with and without the /api prefix (docs/api.md).
  app.use('/api', routes);
  app.use(routes);
  app.use(dashboardApp(ctx.config.DASHBOARD_DIST));
  app.use(limits.addressStatus, notFound);
  app.use(errorHandler(ctx.logger));
  return app;
}
