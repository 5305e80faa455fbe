import { type RequestHandler, Router } from 'express';
import type { AppContext } from '../app-context';
import { dashboardRoutes } from '../dashboard/dashboard-routes';
import type { RateLimits } from '../limits/rate-limits';
import { bulkPreviewRoutes } from './bulk-preview-routes';
import { bulkRoutes } from './bulk-routes';
import { changeRoutes } from './change-routes';
import { companyRoutes } from './company-routes';
import { enrichRoutes } from './enrich-routes';
import { healthRoutes, type OpenApiDocument } from './health-routes';
import { monitorRoutes } from './monitor-routes';
import { referenceRoutes } from './reference-routes';
import { searchRoutes } from './search-routes';
import { usageRoutes } from './usage-routes';
import { webhookRoutes } from './webhook-routes';

export interface ApiDeps {
  limits: RateLimits;
  authenticate: RequestHandler;
  estimate: () => number;
  openapi: OpenApiDocument;
}

/**
 * The whole API: one router per resource, each mounted once at its path, each declaring the
 * middleware its routes need (authentication first on every authenticated one). Express tries
 * a mount path with one test, so a request walks only the layers of its own resource; the
 * most frequent (submit, job poll, batch poll) are under /enrich, tried first. app.ts mounts
 * this router once, behind apiPrefix (middleware/api-prefix.ts), which takes the optional
 * `/api` off the URL.
 */
export function apiRouter(ctx: AppContext, { limits, authenticate, estimate, openapi }: ApiDeps): Router {
  const api = Router();
  const batches = bulkRoutes(ctx, limits);
  api.use('/enrich', enrichRoutes(ctx, limits, { authenticate, estimate, batches }));
  api.use('/companies/search', searchRoutes(ctx, limits, authenticate));
  api.use('/companies', companyRoutes(ctx, limits, authenticate));
  api.use('/usage', usageRoutes(ctx, limits, authenticate));
  api.use('/webhooks', webhookRoutes(ctx, limits, authenticate));
  api.use('/monitors', monitorRoutes(ctx, limits, authenticate));
  api.use('/changes', changeRoutes(ctx, limits, authenticate));
  // Accounts, sessions, keys and invites of the web dashboard (session cookie only), then the
  // bulk preview under the same prefix (a key or a session).
  api.use('/dashboard/api', dashboardRoutes(ctx, limits));
  api.use('/dashboard/api/bulk', bulkPreviewRoutes(ctx, limits, authenticate));
  api.use(healthRoutes(ctx, openapi));
  api.use(referenceRoutes());
  return api;
}
