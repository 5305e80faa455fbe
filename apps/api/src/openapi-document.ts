import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { registerDashboardPaths } from './dashboard/dashboard-routes';
import { error } from './openapi-parts';
import { registerBulkPreviewPaths } from './routes/bulk-preview-routes';
import { registerBatchReadPaths, registerBulkPaths } from './routes/bulk-routes';
import { registerCompanyPaths } from './routes/company-routes';
import { registerEnrichPaths, registerJobListPath } from './routes/enrich-routes';
import { registerHealthPaths } from './routes/health-routes';
import { registerSearchPaths } from './routes/search-routes';
import { registerUsagePaths } from './routes/usage-routes';
import { registerWebhookPaths } from './routes/webhook-routes';

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas the handlers validate with,
 * assembled from the entries each router module keeps beside its routes (routes/*, dashboard/*);
 * openapi-coverage.test.ts (beside this file) checks that every route has one and every entry a route.
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

  const parts = { security, common, csrf };
  registerEnrichPaths(registry, parts);
  registerBulkPaths(registry, parts);
  registerSearchPaths(registry, parts);
  // The reads the dashboard pages through, in the order they were first documented in.
  registerUsagePaths(registry, parts);
  registerJobListPath(registry, parts);
  registerBatchReadPaths(registry, parts);
  registerBulkPreviewPaths(registry, parts);
  registerCompanyPaths(registry, parts);
  registerHealthPaths(registry);
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
