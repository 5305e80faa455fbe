import path from 'node:path';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { AppError, ErrorCode } from '@enrich/errors';
import { type Response, Router } from 'express';
import { z } from 'zod';
import { urlTextError } from '../openapi-parts';
import { mountRoutes, registerRoutes, routesOf } from './define-route';

/** The API reference: GET /openapi.json rendered by Swagger UI, every file of it served here (no CDN, no web font). */
export const REFERENCE_PATH = '/reference';
const ASSETS_PATH = `${REFERENCE_PATH}/assets`;

/** The page runs this origin's scripts and styles only, and talks to this origin only (its "Try it out"). */
export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

// swagger-ui-dist's own files (read from its folder, never through its main module, which loads
// the whole bundle into Node): the ones the page loads, by name, and no other.
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);

// Swagger UI's settings (apart from its own page, whose initializer points at a sample API).
// validatorUrl null: no badge asking an outside validator about the document. queryConfigEnabled
// false: a link cannot make the page load another document. Tags and operations start closed.
const INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#reference',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    displayOperationId: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    filter: true,
    validatorUrl: null,
    queryConfigEnabled: false,
    persistAuthorization: false,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Company Enrichment API reference</title>
<link rel="icon" type="image/png" href="${ASSETS_PATH}/favicon-32x32.png">
<link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css">
</head>
<body>
<main id="reference"><noscript>The reference needs JavaScript. The document itself is at <a href="/openapi.json">/openapi.json</a>.</noscript></main>
<script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script src="${ASSETS_PATH}/reference.js"></script>
</body>
</html>
`;

function pageHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', REFERENCE_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  // Not content-hashed: revalidated on each load (ETag), so an upgrade of swagger-ui-dist shows at once.
  res.setHeader('Cache-Control', 'no-cache');
}

const { defineRawRoute } = routesOf<void, object>();

// An HTML page: a raw route, outside the contract's /api list, like /openapi.json.
const page = defineRawRoute({
  method: 'get',
  path: REFERENCE_PATH,
  unprefixed: true,
  operationId: 'getReference',
  tag: 'service',
  summary: 'This document as a web page, with “Try it out”',
  description:
    'Swagger UI (served by the API itself, nothing fetched from elsewhere) rendering GET /openapi.json: every operation, ' +
    'its examples and the webhooks. Authorize with an API key (bearerAuth) to send requests from the page. No key needed ' +
    'for the page itself, no rate limit.',
  security: [],
  responses: () => ({
    200: {
      description: 'The page (its script, styles and icon under /reference/assets/)',
      content: { 'text/html': { schema: z.string().meta({ example: '<!doctype html>\n<html lang="en">…</html>\n' }) } },
    },
    ...urlTextError(),
  }),
  serve: () =>
    function referencePage(_req, res) {
      pageHeaders(res);
      res.type('html').send(PAGE);
    },
});

/**
 * GET /reference and its files under /reference/assets/ (not an API: no entry): unauthenticated
 * and not rate-limited, like /openapi.json (health-routes.ts), on exact paths, without 405s;
 * api-router.ts mounts it beside them.
 */
export function referenceRoutes(): Router {
  const router = Router();
  mountRoutes(router, '/', [page], undefined, { notAllowed: false });
  router.get(`${ASSETS_PATH}/:file`, (req, res, next) => {
    const { file } = req.params;
    pageHeaders(res);
    if (file === 'reference.js') {
      res.type('js').send(INITIALIZER);
      return;
    }
    if (!SWAGGER_UI_FILES.has(file)) {
      next(new AppError(ErrorCode.NOT_FOUND, `no file ${file} in the reference page`));
      return;
    }
    res.sendFile(path.join(SWAGGER_UI_DIR, file), { cacheControl: false }, (error?: Error) => {
      if (error && !res.headersSent) next(error);
    });
  });
  return router;
}

export function registerReferencePaths(registry: OpenAPIRegistry): void {
  registerRoutes(registry, [page], {});
}
