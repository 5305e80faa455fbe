import type { OpenAPIRegistry, ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import { methodNotAllowed } from '../middleware/error-handler';
import { json, type TAGS, tagged } from '../openapi-parts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The order the Allow header of a 405 lists methods in (HEAD beside GET, which answers it). */
const ALLOW_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface RouteBase<D, P> {
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
  /** What the document says the request carries (the handler validates it). */
  request?: RouteConfig['request'];
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

export interface JsonRoute<D, P, S extends z.ZodType> extends RouteBase<D, P> {
  answer: JsonAnswer<S>;
  /** Returns the body, which the compiler holds to answer.schema; mountRoutes sends it. */
  handler: (req: Request, res: Response, deps: D) => Promise<z.output<NoInfer<S>>> | z.output<NoInfer<S>>;
}

/**
 * The escape hatch for an answer that is not one JSON body sent as it is (CSV, an event stream,
 * a pre-serialised answer with its ETag, 202/304): `serve` makes, once, the handler that writes
 * it. The path, its 405 and its entry still come from the definition; `answer` documents a JSON
 * answer it sends (with sendJson, which holds the body to the schema), `responses` the others.
 */
export interface RawRoute<D, P> extends RouteBase<D, P> {
  answer?: JsonAnswer<z.ZodType>;
  serve: (deps: D) => RequestHandler;
}

/** A JSON answer named once, for a raw route's `answer` and its sendJson. */
export const jsonAnswer = <S extends z.ZodType>(answer: JsonAnswer<S>): JsonAnswer<S> => answer;

/** Sends a JSON answer: the compiler holds the body to the answer's schema. */
export function sendJson<S extends z.ZodType>(res: Response, answer: JsonAnswer<S>, body: NoInfer<z.output<S>>): void {
  if (answer.status !== undefined && answer.status !== 200) res.status(answer.status);
  res.json(body);
}

export type Route<D, P> = JsonRoute<D, P, z.ZodType> | RawRoute<D, P>;

/**
 * The definers of one router module's routes, given what its handlers use (D) and the document's
 * shared parts its entries take (P): `const { defineRoute, defineRawRoute } = routesOf<Deps, PathParts>()`.
 */
export function routesOf<D, P>() {
  return {
    /** One route answering JSON: its Express handler, 405 catch-all and OpenAPI entry come from it. */
    defineRoute: <S extends z.ZodType>(route: JsonRoute<D, P, S>): Route<D, P> => route,
    /** One route that writes its own answer (RawRoute). */
    defineRawRoute: (route: RawRoute<D, P>): Route<D, P> => route,
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
        ? route.serve(deps)
        : async (req, res) => {
            sendJson(res, route.answer, await route.handler(req, res, deps));
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
    const { answer } = route;
    const success = answer ? { [answer.status ?? 200]: json(answer.schema, answer.description, answer.example) } : {};
    registry.registerPath({
      method: route.method,
      path: documentPath(route),
      summary: route.summary,
      operationId: route.operationId,
      tags: tagged(route.tag),
      ...(route.description === undefined ? {} : { description: route.description }),
      security: route.security ?? parts.security ?? [],
      ...(route.request ? { request: route.request } : {}),
      responses: { ...success, ...route.responses?.(parts) },
    });
  }
}
