import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { enrichAcceptedSchema, enrichRequestSchema, jobIdParamsSchema, jobStatusSchema } from './schemas/enrich';
import { errorBodySchema } from './schemas/error';

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const error = (description: string) => json(errorBodySchema, description);

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas the handlers validate with.
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
  const security = [{ [bearer.name]: [] }];
  const common = {
    401: error('Missing, malformed, unknown or revoked API key (AUTHENTICATION_FAILED)'),
    503: error('Postgres or Redis unreachable (SERVICE_UNAVAILABLE)'),
  };

  registry.registerPath({
    method: 'post',
    path: '/api/enrich',
    summary: 'Start enrichment of one domain',
    security,
    request: { body: { required: true, content: { 'application/json': { schema: enrichRequestSchema } } } },
    responses: {
      202: json(enrichAcceptedSchema, 'Accepted; poll statusEndpoint'),
      400: error('VALIDATION_ERROR (domain missing or not a string), INVALID_DOMAIN, INVALID_JSON'),
      413: error('PAYLOAD_TOO_LARGE'),
      415: error('UNSUPPORTED_MEDIA_TYPE (body is not JSON)'),
      405: error('METHOD_NOT_ALLOWED'),
      ...common,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/enrich/{jobId}',
    summary: 'Poll an enrichment job',
    security,
    request: { params: jobIdParamsSchema },
    responses: {
      200: json(jobStatusSchema, 'The job: processing, completed with data, or failed'),
      404: error('JOB_NOT_FOUND (unknown id, or another team’s job)'),
      405: error('METHOD_NOT_ALLOWED'),
      ...common,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/healthz',
    summary: 'Liveness: the process is up',
    responses: { 200: json(z.object({ status: z.literal('ok') }), 'Up') },
  });
  registry.registerPath({
    method: 'get',
    path: '/readyz',
    summary: 'Readiness: Postgres and Redis reachable',
    responses: {
      200: json(z.object({ status: z.literal('ok'), checks: z.record(z.string(), z.string()) }), 'Ready'),
      503: error('SERVICE_UNAVAILABLE, with details.checks naming what failed'),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/openapi.json',
    summary: 'This document',
    responses: { 200: { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: z.object({}) } } } },
  });

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Company Enrichment API',
      version: '1.0.0',
      description: 'Send a company web domain, poll the job, get a company record. Every path also answers without the /api prefix.',
    },
    servers: [{ url: serverUrl }],
  });
}
