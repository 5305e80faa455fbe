import http, { type IncomingMessage, type RequestOptions } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { BlockedAddressError, createGuardedLookup, type HostMap, isPublicAddress, lookupHostMap, type Resolver } from '@enrich/net-guard';
import { decodeHtml, isHtmlContentType } from './decode-html';
import { FetchError } from './fetch-error';
import type { HostAgents } from './host-agents';
import { discardBody, readBody } from './read-body';

export interface FetchPageOptions {
  /** Domains (and their subdomains) served by a fixed host:port over plain HTTP, unguarded. */
  hostMap: HostMap;
  /** Deadline for the whole fetch, redirects and body included. */
  timeoutMs: number;
  /** Cap on the decompressed body size. */
  maxBytes: number;
  /** Redirects followed before failing with too_many_redirects. Default 5. */
  maxRedirects?: number;
  userAgent: string;
  /** Replaces DNS for the guarded lookup (tests). */
  resolve?: Resolver;
  /** Aborting rejects with the signal's reason (like fetch), not a FetchError. */
  signal?: AbortSignal;
  /** Which Content-Types are read; others fail with unsupported_content. Default: HTML only. */
  accept?: (contentType: string | null) => boolean;
  /** Keep-alive pools to reuse connections across fetches; without them each request opens its own. */
  agents?: HostAgents;
}

export interface FetchedPage {
  /** The URL as requested. */
  url: string;
  /** The URL of the page actually returned (after redirects). */
  finalUrl: string;
  status: number;
  /** Raw Content-Type header of the final response, null when absent. */
  contentType: string | null;
  html: string;
  /** Every URL redirected to, in order; the last one equals finalUrl. */
  redirects: string[];
  /** Decompressed body size in bytes. */
  bytes: number;
}

const ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';
const ACCEPT_ENCODING = 'gzip, deflate, br';
/** The statuses a fetch follows (with a Location), here and in fetchResource. */
export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'ENODATA', 'ESERVFAIL', 'ETIMEOUT']);

/** Parses and vets a URL (relative ones against base): http(s) only, no credentials. */
export function parseTarget(input: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch (err) {
    throw new FetchError('invalid_url', `Invalid URL: ${input}`, { url: input, cause: err });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('invalid_url', `Unsupported scheme ${url.protocol} in ${url.href}`, { url: url.href });
  }
  // Userinfo is a classic way to disguise the real host (http://trusted.com@evil/).
  if (url.username !== '' || url.password !== '') {
    const redacted = new URL(url.href);
    redacted.username = '';
    redacted.password = '';
    throw new FetchError('invalid_url', 'URLs with credentials are not fetched', { url: redacted.href });
  }
  return url;
}

function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  if ('code' in err && typeof err.code === 'string') return err.code;
  // Happy-eyeballs (autoSelectFamily) reports an AggregateError of per-address failures.
  // Duck-typed: under Jest the error comes from another realm, where instanceof fails.
  if ('errors' in err && Array.isArray(err.errors)) return errorCode(err.errors[0]);
  return undefined;
}

export function toFetchError(err: unknown, url: string): FetchError {
  if (err instanceof FetchError) return err;
  if (err instanceof BlockedAddressError) return new FetchError('blocked', err.message, { url, cause: err });
  const code = errorCode(err);
  const message = err instanceof Error ? err.message : String(err);
  const kind = code !== undefined && DNS_CODES.has(code) ? 'dns' : 'network';
  return new FetchError(kind, message, { url, code, cause: err });
}

export interface HopContext {
  options: FetchPageOptions;
  lookup: LookupFunction;
  signal: AbortSignal;
}

/** Builds the request for one hop, applying the host map or the address guard. */
export function requestFor(target: URL, ctx: HopContext): { transport: typeof http | typeof https; options: RequestOptions } {
  const hostname = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const headers: Record<string, string> = {
    'User-Agent': ctx.options.userAgent,
    Accept: ACCEPT,
    'Accept-Encoding': ACCEPT_ENCODING,
  };
  const common: RequestOptions = { method: 'GET', path: `${target.pathname}${target.search}` };
  const { agents } = ctx.options;
  const secure = target.protocol === 'https:';
  const protocol = secure ? 'https:' : 'http:';
  const port = target.port === '' ? undefined : Number(target.port);
  const effectivePort = port ?? (secure ? 443 : 80);
  const mapped = lookupHostMap(ctx.options.hostMap, hostname);
  if (mapped) {
    // Operator-mapped site (fixtures, staging): plain HTTP to the mapped address, no guard.
    headers.Host = hostname.replace(/\.$/, '');
    const agent = agents?.mapped(protocol, headers.Host, effectivePort, mapped) ?? false;
    return { transport: http, options: { ...common, agent, host: mapped.host, port: mapped.port, headers } };
  }
  const literal = isIP(hostname) !== 0;
  if (literal && !isPublicAddress(hostname)) {
    throw new FetchError('blocked', `Address ${hostname} is not public`, { url: target.href });
  }
  // The pooled agent carries its own guarded lookup, which wins over the request's for new sockets.
  const agent = agents?.guarded(protocol, hostname, effectivePort, ctx.options.resolve) ?? false;
  return {
    transport: secure ? https : http,
    options: {
      ...common,
      agent,
      host: hostname,
      port,
      headers,
      // IP literals never reach lookup (net connects directly), hence the check above.
      lookup: literal ? undefined : ctx.lookup,
    },
  };
}

/**
 * Sends one request and resolves with the response head; the body is left unread. `options`
 * defaults to a plain GET from requestFor; fetchResource passes its own method and headers.
 */
export function sendRequest(
  target: URL,
  ctx: HopContext,
  request: { transport: typeof http | typeof https; options: RequestOptions; body?: Buffer } = requestFor(target, ctx),
): Promise<IncomingMessage> {
  const { transport, options, body } = request;
  const { signal } = ctx;
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    let req: http.ClientRequest;
    try {
      req = transport.request(options);
    } catch (err) {
      // Invalid header characters (forwarded from a page) throw synchronously.
      return reject(new FetchError('invalid_url', `Bad request: ${(err as Error).message}`, { url: target.href, cause: err }));
    }
    const onAbort = (): void => {
      req.destroy();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    req.on('response', (res) => {
      signal.removeEventListener('abort', onAbort);
      // Until readBody attaches its pipeline, a stray error must not crash the process.
      res.on('error', () => undefined);
      resolve(res);
    });
    req.on('error', (err) => {
      signal.removeEventListener('abort', onAbort);
      reject(signal.aborted ? signal.reason : toFetchError(err, target.href));
    });
    req.end(body);
  });
}

/** One fetch in flight: the hop context and the URL being fetched (redirects move it). */
export interface FetchFrame {
  ctx: HopContext;
  current: string;
}

/**
 * Runs one fetch (all its redirect hops) under a total deadline and the caller's abort signal,
 * merged into the one signal every hop gets; a deadline names the URL it caught.
 */
export async function withFetchDeadline<T>(
  url: string,
  options: HopContext['options'],
  run: (frame: FetchFrame) => Promise<T>,
): Promise<T> {
  const external = options.signal;
  if (external?.aborted) throw external.reason;
  const deadline = new Deadline(options.timeoutMs);
  const signal = external ? AbortSignal.any([external, deadline.signal]) : deadline.signal;
  const frame: FetchFrame = { ctx: { options, lookup: createGuardedLookup(options.resolve), signal }, current: url };
  try {
    return await run(frame);
  } catch (error) {
    // Every hop rejects with the signal's reason; the deadline's becomes our FetchError.
    if (deadline.passedWith(error)) throw new FetchError('timeout', `Timed out after ${options.timeoutMs} ms`, { url: frame.current });
    throw error;
  } finally {
    deadline.clear();
  }
}

/**
 * A deadline that aborts `signal` once `ms` have passed, with a reason of its own; clear() it when
 * the work ends. Not AbortSignal.timeout: that one fires at its time whatever became of the
 * work, and builds a DOMException each time (a fetch's and a render's, several per domain).
 */
export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly reason = new Error('the deadline passed');

  constructor(ms: number) {
    this.timer = setTimeout(() => this.controller.abort(this.reason), ms);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether `reason` (a rejection, a signal's reason) is this deadline's. */
  passedWith(reason: unknown): boolean {
    return reason === this.reason;
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

/**
 * Fetches an HTML page for scraping without letting the URL (or any redirect) reach
 * non-public addresses, within a total deadline and a decompressed size cap.
 */
export function fetchPage(url: string, options: FetchPageOptions): Promise<FetchedPage> {
  const maxRedirects = options.maxRedirects ?? 5;
  return withFetchDeadline(url, options, async (frame) => {
    const { ctx } = frame;
    const redirects: string[] = [];
    let target = parseTarget(url);
    for (;;) {
      frame.current = target.href;
      const res = await sendRequest(target, ctx);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        await discardBody(res, frame.current, ctx.signal);
        if (redirects.length >= maxRedirects) {
          throw new FetchError('too_many_redirects', `More than ${maxRedirects} redirects`, { url: frame.current, status });
        }
        target = parseTarget(location, target);
        redirects.push(target.href);
        continue;
      }
      if (status < 200 || status > 299) {
        await discardBody(res, frame.current, ctx.signal);
        throw new FetchError('http', `HTTP ${status}`, { url: frame.current, status });
      }
      const contentType = res.headers['content-type'] ?? null;
      if (!(options.accept ?? isHtmlContentType)(contentType)) {
        await discardBody(res, frame.current, ctx.signal);
        throw new FetchError('unsupported_content', `Not accepted: ${contentType}`, { url: frame.current, status });
      }
      const body = await readBody(res, { url: frame.current, maxBytes: options.maxBytes, signal: ctx.signal });
      return {
        url,
        finalUrl: frame.current,
        status,
        contentType,
        html: decodeHtml(body, contentType),
        redirects,
        bytes: body.length,
      };
    }
  });
}
