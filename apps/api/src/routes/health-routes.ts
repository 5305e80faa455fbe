import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { pingDatabase } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { error, urlTextError } from '../openapi-parts';
import { TimeoutError, withTimeout } from '../with-timeout';
import { mountRoutes, registerRoutes, routesOf } from './define-route';

const CHECK_TIMEOUT_MS = 2000;

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'timed out' | 'unreachable'> {
  try {
    await withTimeout(probe(), CHECK_TIMEOUT_MS);
    return 'ok';
  } catch (error) {
    // Unauthenticated endpoint: say what is wrong, not where the database lives.
    return error instanceof TimeoutError ? 'timed out' : 'unreachable';
  }
}

/** The OpenAPI document as GET /openapi.json serves it. */
export type OpenApiDocument = { openapi: string };

interface Deps {
  ctx: AppContext;
  openapi: OpenApiDocument;
}
// Unauthenticated, not rate-limited, on exact paths outside the contract's /api list: no
// scheme, no 405s (an unknown method is a 404, as it has always been).
const { defineRoute } = routesOf<Deps, object>();
const service = { unprefixed: true as const, tag: 'service' as const, security: [] };

const openapiJson = defineRoute({
  ...service,
  method: 'get',
  path: '/openapi.json',
  summary: 'This document',
  operationId: 'getOpenApiDocument',
  description:
    'The OpenAPI 3.1 document of this API, generated from the schemas its handlers validate with. No key needed, no rate limit; GET /reference renders it.',
  answer: { schema: z.looseObject({ openapi: z.string() }), description: 'OpenAPI 3.1 document', example: { openapi: '3.1.0' } },
  responses: () => urlTextError(),
  handler: (_req, _res, { openapi }) => openapi,
});

// Liveness: the process answers. Never touches dependencies, so a database outage does not
// get healthy API processes restarted.
const healthz = defineRoute({
  ...service,
  method: 'get',
  path: '/healthz',
  summary: 'Liveness: the process is up',
  operationId: 'getLiveness',
  description:
    'Answers as long as the process runs; never asks Postgres or the queue store, so an outage of theirs does not get healthy API processes restarted. No key needed, no rate limit; GET /reference renders it.',
  answer: { schema: z.object({ status: z.literal('ok') }), description: 'Up', example: { status: 'ok' } },
  responses: () => urlTextError(),
  handler: () => ({ status: 'ok' as const }),
});

// Readiness: this process can serve, i.e. it is not shutting down and Postgres and the queue store answer.
const readyz = defineRoute({
  ...service,
  method: 'get',
  path: '/readyz',
  summary: 'Readiness: Postgres and the queue store (Redis, or Postgres itself) reachable',
  operationId: 'getReadiness',
  description:
    'Whether this process can serve: not shutting down, and Postgres and the queue store answer within 2 s; also says which PostgreSQL runs and what holds the queues. No key needed, no rate limit; GET /reference renders it.',
  answer: {
    schema: z.object({
      status: z.literal('ok'),
      checks: z.record(z.string(), z.string()),
      mode: z.object({ postgres: z.enum(['server', 'embedded']), queues: z.enum(['redis', 'postgres']) }),
    }),
    description: 'Ready',
    example: { status: 'ok', checks: { postgres: 'ok', redis: 'ok' }, mode: { postgres: 'server', queues: 'redis' } },
  },
  responses: () => ({ ...urlTextError(), 503: error('SERVICE_UNAVAILABLE, with details.checks naming what failed') }),
  async handler(_req, _res, { ctx }) {
    if (ctx.lifecycle.draining) {
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'not ready: this process is shutting down', { details: { status: 'draining' } });
    }
    const [postgres, queues] = await Promise.all([check(() => pingDatabase(ctx.db)), check(() => ctx.queues.ping())]);
    // Named after what answers: `redis`, or `queues` when they are PostgreSQL's (another pool on it).
    const checks = { postgres, [ctx.queues.kind === 'redis' ? 'redis' : 'queues']: queues };
    // Which PostgreSQL runs (an embedded one started by `npm start`, or a server) and what holds the queues.
    const mode = { postgres: ctx.config.POSTGRES_MODE, queues: ctx.queues.kind };
    if (postgres === 'ok' && queues === 'ok') return { status: 'ok' as const, checks, mode };
    throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'not ready: a backing service is unreachable', { details: { checks, mode } });
  },
});

/** /healthz, /readyz and /openapi.json (the document, built once): unauthenticated, on exact paths. */
export function healthRoutes(ctx: AppContext, openapi: OpenApiDocument): Router {
  const router = Router();
  mountRoutes(router, '/', [openapiJson, healthz, readyz], { ctx, openapi }, { notAllowed: false });
  return router;
}

/** Their entries, in the document's order. */
export function registerHealthPaths(registry: OpenAPIRegistry): void {
  registerRoutes(registry, [healthz, readyz, openapiJson], {});
}
