import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { FetchError, fetchResource, type HostAgents, isHtmlContentType, type ResourceMethod, toFetchError } from '@enrich/guarded-fetch';
import { type HostMap, isPublicAddress, lookupHostMap, type Resolver } from '@enrich/net-guard';
import type { BrowserContext, Page, Request, Route } from 'playwright';

/**
 * Chromium never touches the network itself: every http(s) request of a rendered page is answered
 * by fetching it in Node through the scraper's address guard and host map, exactly as plain
 * fetching would. Redirects are followed in Node too, because Chromium follows a redirect that a
 * route answers without routing the next hop.
 */

export interface GuardSettings {
  hostMap: HostMap;
  userAgent: string;
  maxBytes: number;
  resolve?: Resolver;
  /** Keep-alive pools for the render's requests (a page loads its scripts and data from a few hosts). */
  agents?: HostAgents;
}

/** What the routes learnt during one render; read by the render loop. */
export interface RouteState {
  /** URLs refused because they point at non-public addresses. */
  readonly blocked: Set<string>;
  /** URL (no fragment) of the top-level document the render is navigating to: fetched one hop at a time. */
  expectedDocument: string | undefined;
  /** Where that document redirected to; the render loop navigates there itself. */
  redirectTo: string | undefined;
  /** Why the top-level document could not be loaded. */
  documentError: FetchError | undefined;
  requests: number;
}

// Not needed for the page's text: refused without fetching.
const SKIPPED_TYPES = new Set(['image', 'media', 'font', 'stylesheet', 'texttrack', 'manifest', 'eventsource', 'ping', 'websocket']);
const METHODS: ReadonlySet<string> = new Set<ResourceMethod>(['GET', 'HEAD', 'POST']);
/** Requests fetched per render; a page looping on requests is cut off here. */
export const MAX_REQUESTS_PER_RENDER = 200;
// Framing and encoding are redone by Chromium; a Location would make it follow outside the routes.
const DROPPED_RESPONSE_HEADERS = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'location',
]);

export function newRouteState(): RouteState {
  return { blocked: new Set(), expectedDocument: undefined, redirectTo: undefined, documentError: undefined, requests: 0 };
}

export function withoutFragment(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

/** Known non-public without a DNS lookup: an IP literal outside public space, or localhost. */
export function isLiterallyPrivate(url: URL, hostMap: HostMap): boolean {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (lookupHostMap(hostMap, host)) return false;
  if (isIP(host) !== 0) return !isPublicAddress(host);
  return host === 'localhost' || host.endsWith('.localhost');
}

function responseHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_RESPONSE_HEADERS.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(name === 'set-cookie' ? '\n' : ', ') : value;
  }
  return out;
}

// Route calls fail once the page or context is gone (render over, browser lost): nothing to answer then.
const quietly = (p: Promise<void>): Promise<void> => p.catch(() => undefined);

interface RouteContext {
  page: () => Page | undefined;
  settings: GuardSettings;
  state: RouteState;
  signal: AbortSignal;
  remainingMs: () => number;
}

function isTopDocument(request: Request, ctx: RouteContext): boolean {
  const page = ctx.page();
  return request.isNavigationRequest() && page !== undefined && request.frame() === page.mainFrame();
}

async function handle(route: Route, ctx: RouteContext): Promise<void> {
  const { state, settings } = ctx;
  const request = route.request();
  const url = new URL(request.url());
  if (url.protocol === 'data:' || url.protocol === 'blob:') return quietly(route.continue());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return quietly(route.abort('blockedbyclient'));

  const topDocument = isTopDocument(request, ctx);
  // Sub-frames and popups are not part of page.content(); neither are images, fonts and styles.
  if (!topDocument && (request.isNavigationRequest() || SKIPPED_TYPES.has(request.resourceType()))) {
    if (isLiterallyPrivate(url, settings.hostMap)) state.blocked.add(url.href);
    return quietly(route.abort('blockedbyclient'));
  }
  const method = request.method().toUpperCase();
  if (!METHODS.has(method) || ++state.requests > MAX_REQUESTS_PER_RENDER || ctx.signal.aborted) {
    return quietly(route.abort('failed'));
  }
  // The document the render navigates to goes one hop at a time, so the page gets its real URL.
  const oneHop = topDocument && withoutFragment(url.href) === state.expectedDocument;
  try {
    const res = await fetchResource(url.href, {
      hostMap: settings.hostMap,
      userAgent: settings.userAgent,
      maxBytes: settings.maxBytes,
      resolve: settings.resolve,
      agents: settings.agents,
      timeoutMs: Math.max(1, ctx.remainingMs()),
      signal: ctx.signal,
      method: method as ResourceMethod,
      headers: await request.allHeaders(),
      body: request.postDataBuffer() ?? undefined,
      followRedirects: !oneHop,
    });
    const location = res.headers.location;
    if (oneHop && res.status >= 300 && res.status < 400 && location !== undefined) {
      state.redirectTo = new URL(location, res.finalUrl).href;
      return quietly(route.abort('aborted'));
    }
    if (topDocument) {
      const contentType = res.headers['content-type'] ?? null;
      const failure =
        res.status < 200 || res.status > 299
          ? new FetchError('http', `HTTP ${res.status}`, { url: res.finalUrl, status: res.status })
          : !isHtmlContentType(contentType)
            ? new FetchError('unsupported_content', `Not accepted: ${contentType}`, { url: res.finalUrl, status: res.status })
            : undefined;
      if (failure) {
        if (oneHop) state.documentError = failure;
        return quietly(route.abort('failed'));
      }
    }
    return quietly(route.fulfill({ status: res.status, headers: responseHeaders(res.headers), body: res.body }));
  } catch (err) {
    if (ctx.signal.aborted) return quietly(route.abort('timedout'));
    const error = err instanceof FetchError ? err : toFetchError(err, url.href);
    if (error.kind === 'blocked') state.blocked.add(error.url);
    if (oneHop) state.documentError ??= error;
    return quietly(route.abort(error.kind === 'blocked' ? 'blockedbyclient' : 'failed'));
  }
}

/** Routes every request of the context through the guard; WebSockets and service workers get nothing. */
export async function installGuardedRoutes(context: BrowserContext, ctx: RouteContext): Promise<void> {
  // A handler that throws (request.frame() does for worker requests) must still answer the request.
  await context.route('**/*', (route) => handle(route, ctx).catch(() => quietly(route.abort('failed'))));
  await context.routeWebSocket(/.*/, (ws) => {
    const url = new URL(ws.url());
    if (isLiterallyPrivate(url, ctx.settings.hostMap)) ctx.state.blocked.add(url.href);
    // Never connected to the server: the page sees a socket that closes at once.
    return ws.close({ code: 1008, reason: 'WebSockets are not available while rendering' });
  });
}
