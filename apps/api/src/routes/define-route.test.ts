import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { createLogger } from '@enrich/logger';
import express, { type RequestHandler, Router } from 'express';
import request from 'supertest';
import { z } from 'zod';
import { errorHandler } from '../middleware/error-handler';
import { error } from '../openapi-parts';
import { mountRoutes, registerRoutes, routesOf } from './define-route';

interface Deps {
  prefix: string;
}
const { defineRoute, defineRawRoute } = routesOf<Deps, { security: Record<string, string[]>[] }>();
const thing = z.object({ id: z.string(), count: z.number().int() });

const routes = [
  defineRoute({
    method: 'get',
    path: '/things/:id',
    summary: 'One thing',
    operationId: 'getThing',
    tag: 'usage',
    input: { params: z.object({ id: z.string().max(3) }), query: z.object({ count: z.coerce.number().int().optional() }) },
    answer: { schema: thing, description: 'The thing', example: { id: 't1', count: 1 } },
    responses: () => ({ 404: error('NOT_FOUND') }),
    handler: (_req, _res, { prefix }, input) => ({ id: `${prefix}${input('params').id}`, count: input('query').count ?? 2 }),
  }),
  defineRoute({
    method: 'post',
    path: '/things/:id',
    summary: 'Make a thing',
    operationId: 'makeThing',
    tag: 'usage',
    input: { body: z.object({ count: z.number().int() }) },
    bodyExample: { count: 3 },
    answer: { status: 201, schema: thing, description: 'Made' },
    handler: (_req, _res, _deps, input) => ({ id: 'new', count: input('body').count }),
  }),
  defineRawRoute({
    method: 'delete',
    path: '/things/:id',
    summary: 'Remove a thing',
    operationId: 'removeThing',
    tag: 'usage',
    security: [],
    responses: () => ({ 204: { description: 'Removed' } }),
    serve: () => (_req, res) => {
      res.status(204).end();
    },
  }),
];

// What the compiler refuses: an answer or an example that is not its schema's, an input part
// the route does not define, and a body example that is not its schema's.
defineRoute({
  method: 'get',
  path: '/things',
  summary: 'x',
  operationId: 'x',
  tag: 'usage',
  input: { query: z.object({ q: z.string() }) },
  answer: { schema: thing, description: 'x' },
  // @ts-expect-error no body is defined
  handler: (_req, _res, _deps, input) => ({ id: input('body'), count: 1 }),
});
defineRoute({
  method: 'post',
  path: '/things',
  summary: 'x',
  operationId: 'x',
  tag: 'usage',
  input: { body: z.object({ count: z.number() }) },
  // @ts-expect-error count is a number
  bodyExample: { count: 'one' },
  answer: { schema: thing, description: 'x' },
  handler: (_req, _res, _deps, input) => ({ id: 't', count: input('body').count }),
});
defineRoute({
  method: 'get',
  path: '/things',
  summary: 'x',
  operationId: 'x',
  tag: 'usage',
  // @ts-expect-error count is a number
  answer: { schema: thing, description: 'x', example: { id: 't', count: '1' } },
  handler: () => ({ id: 't', count: 1 }),
});
defineRoute({
  method: 'get',
  path: '/things',
  summary: 'x',
  operationId: 'x',
  tag: 'usage',
  answer: { schema: thing, description: 'x' },
  // @ts-expect-error the answer lacks count
  handler: async () => ({ id: 't' }),
});

describe('defineRoute', () => {
  const reported: RequestHandler = (_req, res, next) => {
    res.setHeader('X-Reported', 'yes');
    next();
  };
  const router = Router();
  mountRoutes(router, '/things', routes, { prefix: 'thing-' }, { notAllowed: [reported] });
  const app = express()
    .use(express.json())
    .use('/things', router)
    .use(errorHandler(createLogger('silent')));

  it('mounts each handler under the router’s mount path, sending what it returns with the answer’s status', async () => {
    expect((await request(app).get('/things/7').expect(200)).body).toEqual({ id: 'thing-7', count: 2 });
    expect((await request(app).post('/things/7').send({ count: 3 }).expect(201)).body).toEqual({ id: 'new', count: 3 });
    await request(app).delete('/things/7').expect(204);
  });

  it('gives the handler its path, query and body parsed by the route’s input, and answers 400 naming the part that is not', async () => {
    expect((await request(app).get('/things/7?count=5').expect(200)).body).toEqual({ id: 'thing-7', count: 5 });
    const badPath = await request(app).get('/things/7777').expect(400);
    expect(badPath.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/^path: id: /) });
    const badQuery = await request(app).get('/things/7?count=many').expect(400);
    expect(badQuery.body.error.message).toMatch(/^query: count: /);
    const badBody = await request(app).post('/things/7').send({ count: 'three' }).expect(400);
    expect(badBody.body.error.message).toMatch(/^request body: count: /);
  });

  it('answers 405 to other methods, listing the defined ones (HEAD beside GET) after the notAllowed middleware', async () => {
    const refused = await request(app).put('/things/7').expect(405);
    expect(refused.headers.allow).toBe('GET, HEAD, POST, DELETE');
    expect(refused.headers['x-reported']).toBe('yes');
    expect(refused.body.error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('registers each route under /api with {param} paths, its answer with its example, and the router’s security by default', () => {
    const registry = new OpenAPIRegistry();
    registerRoutes(registry, routes, { security: [{ bearerAuth: [] }] });
    const { paths = {} } = new OpenApiGeneratorV31(registry.definitions).generateDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
    });
    const item = paths['/api/things/{id}'];
    expect(Object.keys(paths)).toEqual(['/api/things/{id}']);
    expect(item?.get?.operationId).toBe('getThing');
    expect(item?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(item?.get?.responses ?? {})).toEqual(['200', '404']);
    expect(item?.get?.responses?.['200']).toMatchObject({ content: { 'application/json': { example: { id: 't1', count: 1 } } } });
    expect(item?.get?.parameters?.map((p) => ('name' in p ? [p.in, p.name] : null))).toEqual([
      ['path', 'id'],
      ['query', 'count'],
    ]);
    expect(item?.post?.requestBody).toMatchObject({ required: true, content: { 'application/json': { example: { count: 3 } } } });
    expect(Object.keys(item?.post?.responses ?? {})).toEqual(['201']);
    expect(item?.delete?.security).toEqual([]);
  });
});
