import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { FetchError } from './fetch-error';
import {
  type FetchPageOptions,
  type HopContext,
  parseTarget,
  REDIRECT_STATUSES,
  requestFor,
  sendRequest,
  withFetchDeadline,
} from './fetch-page';
import { discardBody, readBody } from './read-body';

export type ResourceMethod = 'GET' | 'HEAD' | 'POST';

export interface FetchResourceOptions extends Omit<FetchPageOptions, 'accept'> {
  method?: ResourceMethod;
  /** Headers to forward (a browser's). Connection-level ones are dropped; ours win for Host, User-Agent, Accept-Encoding. */
  headers?: Readonly<Record<string, string>>;
  body?: Buffer;
  /** Follow redirects, each hop guarded, or hand back the 3xx response as it is. Default true. */
  followRedirects?: boolean;
  /** Return only the first maxBytes of a longer body instead of failing with too_large. */
  truncateBody?: boolean;
}

export interface FetchedResource {
  url: string;
  /** URL of the response returned: after redirects, or the 3xx hop itself when not following. */
  finalUrl: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** Decompressed body (empty for HEAD). */
  body: Buffer;
  redirects: string[];
}

// Hop-by-hop or ours to set: forwarding them would confuse the connection or the decoder.
const DROPPED_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'accept-encoding',
  'user-agent',
  'expect',
]);
// Credentials a browser would not carry to another origin on a redirect.
const ORIGIN_BOUND_HEADERS = ['cookie', 'authorization'];

interface Hop {
  method: ResourceMethod;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

function forwardable(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (DROPPED_HEADERS.has(lower) || lower.startsWith(':')) continue;
    kept[lower] = value;
  }
  return kept;
}

/** Sends one request through the same guard and host map as fetchPage; resolves with the response head. */
function send(target: URL, hop: Hop, ctx: HopContext): Promise<IncomingMessage> {
  const { transport, options } = requestFor(target, ctx);
  // requestFor's headers carry the host map's Host and our User-Agent; forwarded ones fill in the rest.
  const { Accept: defaultAccept, ...fixed } = options.headers as Record<string, string>;
  const headers: Record<string, string> = { accept: defaultAccept ?? '*/*', ...hop.headers, ...fixed };
  if (hop.body) headers['content-length'] = String(hop.body.length);
  return sendRequest(target, ctx, { transport, options: { ...options, method: hop.method, headers }, body: hop.body });
}

/** Browser rules for the next hop: 303 (and 301/302 after POST) turn into a bodiless GET. */
function nextHop(hop: Hop, status: number, from: URL, to: URL): Hop {
  const toGet = hop.method !== 'HEAD' && (status === 303 || (hop.method === 'POST' && (status === 301 || status === 302)));
  const headers = { ...hop.headers };
  if (toGet) delete headers['content-type'];
  if (from.origin !== to.origin) for (const name of ORIGIN_BOUND_HEADERS) delete headers[name];
  return toGet ? { method: 'GET', headers, body: undefined } : { ...hop, headers };
}

/**
 * Fetches any resource (scripts, JSON, pages) for the browser renderer through the address guard
 * and host map of fetchPage, within a deadline and a decompressed size cap. Unlike fetchPage it
 * returns every status and content type with raw bytes and headers, and can leave redirects to
 * the caller.
 */
export function fetchResource(url: string, options: FetchResourceOptions): Promise<FetchedResource> {
  const maxRedirects = options.maxRedirects ?? 5;
  return withFetchDeadline(url, options, async (frame) => {
    let hop: Hop = { method: options.method ?? 'GET', headers: forwardable(options.headers), body: options.body };
    const redirects: string[] = [];
    let target = parseTarget(url);
    for (;;) {
      frame.current = target.href;
      const res = await send(target, hop, frame.ctx);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (options.followRedirects !== false && REDIRECT_STATUSES.has(status) && location) {
        await discardBody(res, frame.current, frame.ctx.signal);
        if (redirects.length >= maxRedirects) {
          throw new FetchError('too_many_redirects', `More than ${maxRedirects} redirects`, { url: frame.current, status });
        }
        const next = parseTarget(location, target);
        hop = nextHop(hop, status, target, next);
        target = next;
        redirects.push(target.href);
        continue;
      }
      const body = await readBody(res, {
        url: frame.current,
        maxBytes: options.maxBytes,
        signal: frame.ctx.signal,
        truncate: options.truncateBody,
      });
      return { url, finalUrl: frame.current, status, headers: res.headers, body, redirects };
    }
  });
}
