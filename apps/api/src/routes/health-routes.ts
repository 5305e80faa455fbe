import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { pingDatabase } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { error, json, tagged, urlTextError } from '../openapi-parts';
import { TimeoutError, withTimeout } from '../with-timeout';

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

/** /healthz, /readyz and /openapi.json (the document, built once): unauthenticated, on exact paths. */
export function healthRoutes(ctx: AppContext, openapi: unknown): Router {
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.json(openapi);
  });
  // Liveness: the process answers. Never touches dependencies, so a database outage does not
  // get healthy API processes restarted.
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Readiness: this process can serve, i.e. it is not shutting down and Postgres and the queue store answer.
  router.get('/readyz', async (_req, res) => {
    if (ctx.lifecycle.draining) {
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'not ready: this process is shutting down', { details: { status: 'draining' } });
    }
    const [postgres, queues] = await Promise.all([check(() => pingDatabase(ctx.db)), check(() => ctx.queues.ping())]);
    // Named after what answers: `redis`, or `queues` when they are PostgreSQL's (another pool on it).
    const checks = { postgres, [ctx.queues.kind === 'redis' ? 'redis' : 'queues']: queues };
    // Which PostgreSQL runs (an embedded one started by `npm start`, or a server) and what holds the queues.
    const mode = { postgres: ctx.config.POSTGRES_MODE, queues: ctx.queues.kind };
    if (postgres === 'ok' && queues === 'ok') {
      res.json({ status: 'ok', checks, mode });
      return;
    }
    throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'not ready: a backing service is unreachable', { details: { checks, mode } });
  });
  return router;
}

export function registerHealthPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/healthz',
    summary: 'Liveness: the process is up',
    operationId: 'getLiveness',
    tags: tagged('service'),
    description:
      'Answers as long as the process runs; never asks Postgres or the queue store, so an outage of theirs does not get healthy API processes restarted. No key needed, no rate limit; GET /reference renders it.',
    security: [],
    responses: { 200: json(z.object({ status: z.literal('ok') }), 'Up', { status: 'ok' }), ...urlTextError() },
  });
  registry.registerPath({
    method: 'get',
    path: '/readyz',
    summary: 'Readiness: Postgres and the queue store (Redis, or Postgres itself) reachable',
    operationId: 'getReadiness',
    tags: tagged('service'),
    description:
      'Whether this process can serve: not shutting down, and Postgres and the queue store answer within 2 s; also says which PostgreSQL runs and what holds the queues. No key needed, no rate limit; GET /reference renders it.',
    security: [],
    responses: {
      200: json(
        z.object({
          status: z.literal('ok'),
          checks: z.record(z.string(), z.string()),
          mode: z.object({ postgres: z.enum(['server', 'embedded']), queues: z.enum(['redis', 'postgres']) }),
        }),
        'Ready',
        { status: 'ok', checks: { postgres: 'ok', redis: 'ok' }, mode: { postgres: 'server', queues: 'redis' } },
      ),
      ...urlTextError(),
      503: error('SERVICE_UNAVAILABLE, with details.checks naming what failed'),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/openapi.json',
    summary: 'This document',
    operationId: 'getOpenApiDocument',
    tags: tagged('service'),
    description:
      'The OpenAPI 3.1 document of this API, generated from the schemas its handlers validate with. No key needed, no rate limit; GET /reference renders it.',
    security: [],
    responses: {
      200: json(z.looseObject({ openapi: z.string() }), 'OpenAPI 3.1 document', { openapi: '3.1.0' }),
      ...urlTextError(),
    },
  });
}
