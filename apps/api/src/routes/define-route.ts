import type { OpenAPIRegistry, ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { Request, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import { methodNotAllowed } from '../middleware/error-handler';
import { parseOrThrow } from '../middleware/validate';
import { json, jsonRequest, type TAGS, tagged } from '../openapi-parts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The order the Allow header of a 405 lists methods in (HEAD beside GET, which answers it). */
const ALLOW_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

type ObjectSchema = z.ZodObject | z.ZodPipe<z.ZodType, z.ZodObject>;

/**
 * What a route reads from the request, each part a schema: parsed as the document describes it.
 * A schema piped from a looser one (a query refusing a parameter given twice) is documented by
 * what it pipes into.
 */
export interface RouteInput {
  params?: ObjectSchema;
  query?: ObjectSchema;
  /** A JSON body. */
  body?: z.ZodType;
}

/** Reads one part of the request as the route's `input` defines it; 400 VALIDATION_ERROR when it is not. */
export type ReadInput<I extends RouteInput> = <K extends keyof I & keyof RouteInput>(part: K) => z.output<NonNullable<I[K]>>;

// How an error message names each part ("query: page: …", "request body: domain: …").
const PART_NAMES: Record<keyof RouteInput, string> = { params: 'path', query: 'query', body: 'request body' };

function inputReader<I extends RouteInput>(input: I | undefined, req: Request): ReadInput<I> {
  const read = (part: keyof RouteInput): unknown => {
    const schema = input?.[part];
    if (!schema) throw new Error(`the route defines no ${part} input`);
    const value = part === 'params' ? req.params : part === 'query' ? req.query : req.body;
    return parseOrThrow(schema, value, PART_NAMES[part]);
  };
  return read as ReadInput<I>;
}

function documented<S extends z.ZodType>(schema: S | z.ZodPipe<z.ZodType, S>): S {
  return schema instanceof z.ZodPipe ? (schema.out as S) : schema;
}

interface RouteBase<D, P, I extends RouteInput> {
  method: Method;
  /**
   * The path as the API serves it without the `/api` prefix, Express style (`/enrich/:jobId`):
   * the router's mount path and the route's path in it, and (as `{jobId}`, under `/api`) the
   * document's path.
   */
  path: string;
  /** The document writes the path without `/api` (/healthz, /openapi.json: not the contract's). */
  unprefixed?: true;
  summary: string;
  operationId: string;
  tag: keyof typeof TAGS;
  description?: string;
  /** Who may call it; the router's default (PathParts' key or session) when left out. */
  security?: Record<string, string[]>[];
  /** The path parameters, query and JSON body the handler reads (ReadInput), as documented. */
  input?: I;
  /** The JSON body's example on the reference page. */
  bodyExample?: z.input<NonNullable<I['body']>>;
  /** What else the document says the request carries, which the handler reads itself (headers, a CSV body). */
  request?: Pick<NonNullable<RouteConfig['request']>, 'headers' | 'body'>;
  /** The answers other than the success one (errors, 204…), given the document's shared parts. */
  responses?: (parts: P) => Record<number, ResponseConfig>;
  /** Middleware run before the handler, in order, after the router's own (authentication…). */
  middleware?: (deps: D) => RequestHandler[];
}

/** The JSON answer on success: documented with its example, sent from what the handler returns. */
export interface JsonAnswer<S extends z.ZodType> {
  status?: 200 | 201 | 202;
  schema: S;
  description: string;
  /** Shown on the reference page; the compiler holds it to the schema. */
  example?: z.output<S>;
}

export interface JsonRoute<D, P, S extends z.ZodType, I extends RouteInput = RouteInput> extends RouteBase<D, P, I> {
  answer: JsonAnswer<S>;
  /** Returns the body, which the compiler holds to answer.schema; mountRoutes sends it. */
  handler: (req: Request, res: Response, deps: D, input: ReadInput<NoInfer<I>>) => Promise<z.output<NoInfer<S>>> | z.output<NoInfer<S>>;
}

/**
 * The escape hatch for an answer that is not one JSON body sent as it is (CSV, an event stream,
 * a pre-serialised answer with its ETag, 202/304): `serve` makes, once, the handler that writes
 * it. The path, its 405 and its entry still come from the definition; `answer` documents a JSON
 * answer it sends (with sendJson, which holds the body to the schema), `responses` the others.
 */
export interface RawRoute<D, P, I extends RouteInput = RouteInput> extends RouteBase<D, P, I> {
  answer?: JsonAnswer<z.ZodType>;
  serve: (deps: D, input: (req: Request) => ReadInput<NoInfer<I>>) => RequestHandler;
}

/** A JSON answer named once, for a raw route's `answer` and its sendJson. */
export const jsonAnswer = <S extends z.ZodType>(answer: JsonAnswer<S>): JsonAnswer<S> => answer;

/** Sends a JSON answer: the compiler holds the body to the answer's schema. */
export function sendJson<S extends z.ZodType>(res: Response, answer: JsonAnswer<S>, body: NoInfer<z.output<S>>): void {
  if (answer.status !== undefined && answer.status !== 200) res.status(answer.status);
  res.json(body);
}

// biome-ignore lint/suspicious/noExplicitAny: a list holds routes of any answer and input; each was checked where it was defined.
export type Route<D, P> = JsonRoute<D, P, any, any> | RawRoute<D, P, any>;

/**
 * The definers of one router module's routes, given what its handlers use (D) and the document's
 * shared parts its entries take (P): `const { defineRoute, defineRawRoute } = routesOf<Deps, PathParts>()`.
 */
export function routesOf<D, P>() {
  return {
    /** One route answering JSON: its Express handler, 405 catch-all and OpenAPI entry come from it. */
    defineRoute: <S extends z.ZodType, I extends RouteInput = Record<never, never>>(route: JsonRoute<D, P, S, I>): Route<D, P> => route,
    /** One route that writes its own answer (RawRoute). */
    defineRawRoute: <I extends RouteInput = Record<never, never>>(route: RawRoute<D, P, I>): Route<D, P> => route,
  };
}

/** `/enrich/:jobId` as the document writes it: `/api/enrich/{jobId}`. */
export const documentPath = (route: { path: string; unprefixed?: true }): string =>
  `${route.unprefixed ? '' : '/api'}${route.path.replace(/:(\w+)/g, '{$1}')}`;

/** The route's path inside a router mounted at `mount`. */
function pathUnder(mount: string, path: string): string {
  if (path !== mount && !path.startsWith(mount === '/' ? '/' : `${mount}/`)) {
    throw new Error(`the route ${path} is not under its router's mount path ${mount}`);
  }
  return mount === '/' ? path : path.slice(mount.length) || '/';
}

export interface MountOptions {
  /** Run before a 405 (limits.rateLimitHeaders: the rate-limit headers); false: the paths answer no 405. */
  notAllowed: RequestHandler[] | false;
}

/**
 * Registers each route's handler on `router` (mounted at `mount`), in order, then per path one
 * catch-all answering 405 with an Allow header of exactly the methods defined there (and HEAD
 * beside GET, which Express answers from it).
 */
export function mountRoutes<D>(router: Router, mount: string, routes: Route<D, never>[], deps: D, options: MountOptions): void {
  const methods = new Map<string, Set<string>>();
  for (const route of routes) {
    const path = pathUnder(mount, route.path);
    const verb = route.method.toUpperCase();
    const allowed = methods.get(path) ?? new Set<string>();
    allowed.add(verb);
    if (verb === 'GET') allowed.add('HEAD');
    methods.set(path, allowed);
    const run: RequestHandler =
      'serve' in route
        ? route.serve(deps, (req) => inputReader(route.input, req))
        : async (req, res) => {
            sendJson(res, route.answer, await route.handler(req, res, deps, inputReader(route.input, req)));
          };
    router[route.method](path, ...(route.middleware?.(deps) ?? []), run);
  }
  if (options.notAllowed === false) return;
  for (const [path, allowed] of methods) {
    router.all(path, ...options.notAllowed, methodNotAllowed(ALLOW_ORDER.filter((method) => allowed.has(method))));
  }
}

/** The routes' OpenAPI entries, in order. */
export function registerRoutes<P extends { security?: Record<string, string[]>[] }>(
  registry: OpenAPIRegistry,
  routes: Route<never, P>[],
  parts: P,
): void {
  for (const route of routes) {
    const { answer, input = {} } = route;
    const success = answer ? { [answer.status ?? 200]: json(answer.schema, answer.description, answer.example) } : {};
    const request = {
      ...route.request,
      ...(input.params ? { params: documented(input.params) } : {}),
      ...(input.query ? { query: documented(input.query) } : {}),
      // A body whose every field is optional may be left out.
      ...(input.body ? jsonRequest(documented(input.body), route.bodyExample, !documented(input.body).safeParse({}).success) : {}),
    };
    registry.registerPath({
      method: route.method,
      path: documentPath(route),
      summary: route.summary,
      operationId: route.operationId,
      tags: tagged(route.tag),
      ...(route.description === undefined ? {} : { description: route.description }),
      security: route.security ?? parts.security ?? [],
      ...(Object.keys(request).length > 0 ? { request } : {}),
      responses: { ...success, ...route.responses?.(parts) },
    });
  }
}
