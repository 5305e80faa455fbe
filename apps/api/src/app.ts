import { bullPrefix } from '@enrich/queue';
import express, { type Express } from 'express';
import { mountQueueView } from './admin/queue-view';
import type { AppContext } from './app-context';
import { durationEstimator } from './jobs/estimate-duration';
import { closeConnectionsWhenDraining } from './lifecycle';
import { createRateLimits } from './limits/rate-limits';
import { windowCounters } from './limits/window-counters';
import { accessLog } from './middleware/access-log';
import { apiPrefix } from './middleware/api-prefix';
import { authenticate } from './middleware/authenticate';
import { errorHandler, notFound } from './middleware/error-handler';
import { requestId } from './middleware/request-id';
import { requestMetrics } from './middleware/request-metrics';
import { checkUrlText } from './middleware/url-text';
import { buildOpenApiDocument } from './openapi-document';
import { apiRouter } from './routes/api-router';
import { dashboardApp } from './routes/dashboard-app';

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

  const limits = createRateLimits({
    counters: windowCounters(ctx.queues.state),
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
  const authenticateTeam = authenticate(ctx, limits);
  const estimate = durationEstimator(ctx.db, ctx.config.ESTIMATE_DEFAULT_MS);
  const api = apiRouter(ctx, { limits, authenticate: authenticateTeam, estimate, openapi: buildOpenApiDocument() });
  app.use(apiPrefix(api));
  app.use(dashboardApp(ctx.config.DASHBOARD_DIST));
  app.use(limits.addressStatus, notFound);
  app.use(errorHandler(ctx.logger));
  return app;
}
