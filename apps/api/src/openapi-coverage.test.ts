import { loadConfig } from '@enrich/config';
import type { Db } from '@enrich/db';
import { createLogger } from '@enrich/logger';
import { openRedis, RedisQueueStore } from '@enrich/queue';
import type { Express } from 'express';
import { QUEUE_VIEW_PATH } from './admin/queue-view';
import { apiEnv } from './api-config';
import { createApp } from './app';
import { createAppContext } from './app-context';
import { buildOpenApiDocument } from './openapi-document';

// Every (method, path) the app answers has an entry in the OpenAPI document, and every entry
// is answered. The routes are read from the app itself: each router's listRoutes() (the
// `router` package Express 5 uses, v2.3 on) gives its routes with their methods and the
// routers mounted in it with their mount paths; plain handlers mounted at a path of their own
// (which listRoutes leaves out) are read from the router's stack. /metrics is not on this
// app: main.ts serves it on a listener of its own.

/** Handlers mounted at a path that answer there without routes of their own, and why the document leaves them out. */
const UNDOCUMENTED_MOUNTS: Record<string, string> = {
  '/dashboard': 'the web dashboard’s pages and static files (routes/dashboard-app.ts), not an API',
  [QUEUE_VIEW_PATH]: 'the operators’ queue view (bull-board’s pages and JSON API, behind OPERATOR_TOKEN), not the public API',
};

/** Routes served on purpose without an entry, and why. */
const UNDOCUMENTED_ROUTES: Record<string, string> = {
  'GET /': 'sends a browser (Accept: text/html) to /dashboard/; anything else falls through to the 404 (routes/dashboard-app.ts)',
  'GET /reference/assets/{file}':
    'the script, styles and icon of the reference page (GET /reference, routes/reference-routes.ts), not an API',
};

// router.all(path, …methodNotAllowed) after a path's routes answers 405 to the methods it does
// not take: not an operation of its own, so not in the document (whose entries list the 405s).
const CATCH_ALL = '*';

interface RouteInfo {
  path: string | RegExp;
  methods: string[] | undefined;
  router: Walkable | undefined;
}
interface Layer {
  route?: unknown;
  handle: { stack?: unknown; api?: Walkable };
  rawPath?: unknown;
}
interface Walkable {
  stack: Layer[];
  listRoutes?(): RouteInfo[];
}

// Paths under a router mounted at `prefix` ('' at the root); the root itself is written '/'.
const join = (prefix: string, path: string) => (path === '/' ? prefix : `${prefix}${path}`);
const shown = (path: string) => path || '/';

/** An Express path as the document writes it: `/:jobId` → `/{jobId}`. */
function template(path: string | RegExp, where: string): string {
  if (typeof path !== 'string' || /[*{}()?]/.test(path)) throw new Error(`${where}: no OpenAPI form for the path ${String(path)}`);
  return path.replace(/:(\w+)/g, '{$1}');
}

interface Served {
  /** `METHOD /path`, the path without the /api prefix (every path answers with and without it). */
  routes: string[];
  /** The paths with a 405 catch-all. */
  catchAlls: string[];
  /** Paths where a plain handler is mounted. */
  mounts: string[];
}

function walk(router: Walkable, prefix: string, served: Served): Served {
  if (typeof router.listRoutes !== 'function') throw new Error(`the router at ${shown(prefix)} has no listRoutes(): router ≥ 2.3 needed`);
  for (const { path, methods, router: mounted } of router.listRoutes()) {
    const full = join(prefix, template(path, `under ${shown(prefix)}`));
    if (mounted) {
      walk(mounted, full, served);
      continue;
    }
    const verbs = methods ?? [];
    // The HEAD that Express answers for every GET is the GET's.
    for (const method of verbs.filter((m) => !(m === 'HEAD' && verbs.includes('GET')))) {
      if (method === CATCH_ALL) served.catchAlls.push(shown(full));
      else served.routes.push(`${method} ${shown(full)}`);
    }
  }
  for (const layer of router.stack) {
    if (layer.route || Array.isArray(layer.handle.stack)) continue;
    // The API's router behind apiPrefix (middleware/api-prefix.ts): its routes, at this prefix.
    if (layer.handle.api) {
      walk(layer.handle.api, prefix, served);
      continue;
    }
    const paths = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath];
    for (const path of paths) {
      if (typeof path !== 'string') throw new Error(`a handler under ${shown(prefix)} keeps no path (layer.rawPath) to read`);
      if (path !== '/') served.mounts.push(join(prefix, template(path, `under ${shown(prefix)}`)));
    }
  }
  return served;
}

/** The app as main.ts builds it, over connections that never connect: building it sends nothing. */
function buildApp(): Express {
  const config = loadConfig(apiEnv, {
    DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none',
    REDIS_URL: 'redis://127.0.0.1:1',
    LOG_LEVEL: 'silent',
    // So that the queue view is mounted too; its queues wait on a connection that never comes.
    OPERATOR_TOKEN: 'operator-token-of-this-test-only',
  });
  const redis = openRedis(config.REDIS_URL, { lazyConnect: true });
  redis.connect = () => new Promise<void>(() => undefined);
  const queues = new RedisQueueStore(redis, config.QUEUE_PREFIX);
  return createApp(createAppContext({ config, db: {} as Db, queues, logger: createLogger('silent') }));
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** `METHOD /path` of every entry, without the /api prefix the document writes most paths with. */
function documented(): string[] {
  const { paths = {} } = buildOpenApiDocument();
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path.replace(/^\/api(?=\/)/, '')}`),
  );
}

describe('the OpenAPI document and the routes of the app', () => {
  const served = walk((buildApp() as unknown as { router: Walkable }).router, '', { routes: [], catchAlls: [], mounts: [] });
  const entries = documented();

  it('has an entry for every route the app answers', () => {
    const missing = served.routes.filter((route) => !entries.includes(route) && !(route in UNDOCUMENTED_ROUTES));
    expect(missing).toEqual([]);
  });

  it('answers every entry', () => {
    expect(entries.filter((entry) => !served.routes.includes(entry))).toEqual([]);
  });

  it('has no route twice', () => {
    expect(served.routes.filter((route, i) => served.routes.indexOf(route) !== i)).toEqual([]);
  });

  it('puts the 405 catch-alls on documented paths only', () => {
    const paths = new Set(entries.map((entry) => entry.slice(entry.indexOf(' ') + 1)));
    expect(served.catchAlls.filter((path) => !paths.has(path))).toEqual([]);
  });

  it('mounts no handler at a path of its own but those listed, and lists none that is not served', () => {
    expect([...new Set(served.mounts)].sort()).toEqual(Object.keys(UNDOCUMENTED_MOUNTS).sort());
    expect(Object.keys(UNDOCUMENTED_ROUTES).filter((route) => !served.routes.includes(route))).toEqual([]);
  });
});
