import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { registerDashboardPaths } from './dashboard/dashboard-routes';
import { error, TAGS, urlTextError } from './openapi-parts';
import { registerBulkPreviewPaths } from './routes/bulk-preview-routes';
import { registerBatchReadPaths, registerBulkPaths } from './routes/bulk-routes';
import { registerChangePaths } from './routes/change-routes';
import { registerCompanyPaths } from './routes/company-routes';
import { registerEnrichPaths, registerJobListPath } from './routes/enrich-routes';
import { registerHealthPaths } from './routes/health-routes';
import { registerMonitorPaths } from './routes/monitor-routes';
import { registerReferencePaths } from './routes/reference-routes';
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
    ...urlTextError(),
    401: error('Missing, malformed, unknown or revoked API key, or an ended dashboard session (AUTHENTICATION_FAILED)'),
    // middleware/authenticate.ts counts each failure against the caller's address.
    429: error('RATE_LIMIT_EXCEEDED (with Retry-After): too many failed authentications from this address'),
    503: error('Postgres or Redis unreachable (SERVICE_UNAVAILABLE)'),
  };
  const csrf = {
    403: error(
      'CSRF_CHECK_FAILED: a session-authenticated request other than GET or HEAD not same-origin or without the right X-CSRF-Token',
    ),
  };

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
  registerReferencePaths(registry);
  registerWebhookPaths(registry, parts);
  registerMonitorPaths(registry, parts);
  registerChangePaths(registry, parts);
  registerDashboardPaths(registry, cookie.name);

  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Company Enrichment API',
      version: '1.1.0',
      description: 'Send a company web domain, poll the job, get a company record. Every path also answers without the /api prefix.',
    },
    servers: [{ url: serverUrl, description: 'This API (every path also answers without the /api prefix)' }],
    tags: Object.values(TAGS),
  });
  patternsWithoutFlags(document);
  return document;
}

// Unicode property classes the schemas use, in a form that needs no `u` flag: JSON Schema
// validators differ on whether they read a pattern as Unicode (Spectral's example check does not).
const WITHOUT_U_FLAG: Record<string, string> = { '\\P{Cc}': '[^\\u0000-\\u001F\\u007F-\\u009F]' };

/**
 * zod-to-openapi (9.1) writes a regex that has flags as `source/flags` (its toString less the
 * first slash), a pattern nothing matches: `/^\P{Cc}*$/u` came out as `^\P{Cc}*$/u`. The pattern
 * is the source, with its Unicode classes spelled as WITHOUT_U_FLAG says.
 */
function patternsWithoutFlags(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) patternsWithoutFlags(item);
  else if (node && typeof node === 'object') {
    const object = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(object)) {
      if (key === 'pattern' && typeof value === 'string') object[key] = plainPattern(value);
      else patternsWithoutFlags(value);
    }
  }
}

function plainPattern(pattern: string): string {
  const flagged = /(?<!\\)\/[dgimsuvy]+$/.exec(pattern);
  if (!flagged) return pattern;
  let source = pattern.slice(0, flagged.index);
  for (const [unicode, plain] of Object.entries(WITHOUT_U_FLAG)) source = source.replaceAll(unicode, plain);
  if (/\\[pP]\{/.test(source)) throw new Error(`the pattern ${pattern} has a Unicode class WITHOUT_U_FLAG (openapi-document.ts) lacks`);
  return source;
}
