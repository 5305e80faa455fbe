import express, { type Express } from 'express';
import type { AppContext } from './app-context';
import { accessLog } from './middleware/access-log';
import { errorHandler, notFound } from './middleware/error-handler';
import { requestId } from './middleware/request-id';
import { buildOpenApiDocument } from './openapi-document';
import { enrichRoutes } from './routes/enrich-routes';
import { healthRoutes } from './routes/health-routes';

export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(requestId);
  app.use(accessLog(ctx.logger));

  const openapi = buildOpenApiDocument();
  const routes = express.Router();
  routes.use(healthRoutes(ctx));
  routes.get('/openapi.json', (_req, res) => {
    res.json(openapi);
  });
  routes.use(enrichRoutes(ctx));

  // Every path answers with and without the /api prefix (DESIGN.md).
  app.use('/api', routes);
  app.use(routes);
  app.use(notFound);
  app.use(errorHandler(ctx.logger));
  return app;
}
