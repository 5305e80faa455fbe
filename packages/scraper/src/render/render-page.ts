import { Deadline, FetchError, HostAgents, parseTarget } from '@enrich/guarded-fetch';
import type { HostMap, Resolver } from '@enrich/net-guard';
import { type Browser, type BrowserContext, errors, type Page } from 'playwright';
import { installGuardedRoutes, newRouteState, withoutFragment } from './guarded-routes';

export interface RenderOptions {
  /** Domains served by fixed addresses (as for fetchPage); everything else must be public. */
  hostMap: HostMap;
  userAgent: string;
  /** Cap on each response the page loads and on the HTML returned. */
  maxBytes: number;
  /** Redirects of the top-level document followed before failing. Default 5. */
  maxRedirects?: number;
  /** Replaces DNS for the address guard (tests). */
  resolve?: Resolver;
  /** Aborting (also while queued for a page) rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface RenderedPage {
  url: string;
  /** The page's URL once rendered: after redirects and any client-side navigation. */
  finalUrl: string;
  /** The DOM serialised after load, capped at maxBytes (UTF-8). */
  html: string;
  bytes: number;
  /** Requests refused because they point at non-public addresses. */
  blockedRequests: string[];
}

/** After load, how long to wait for the page's own requests (its content, for a shell) to settle. */
export const NETWORK_IDLE_WAIT_MS = 3_000;

/** Cuts at a character boundary so that the result is at most maxBytes of UTF-8. */
export function capUtf8(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  // Back off continuation bytes (10xxxxxx) so no character is cut in half.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/**
 * The document as Chromium serialises it (doctype included), what page.content() returns. Read
 * over the DevTools protocol: page.content() first installs Playwright's injected script (some
 * hundreds of KB compiled in every new renderer), which cost more CPU than the rest of a
 * render's reading; DOM.getOuterHTML is the browser's own serialiser, which the page's
 * scripts cannot override.
 */
async function serializedDocument(page: Page): Promise<string> {
  const session = await page.context().newCDPSession(page);
  try {
    const { root } = await session.send('DOM.getDocument', { depth: 0 });
    const { outerHTML } = await session.send('DOM.getOuterHTML', { nodeId: root.nodeId });
    return outerHTML;
  } finally {
    await session.detach().catch(() => undefined);
  }
}

/** Reading fails while a client-side navigation replaces the document: wait it out once. */
async function readContent(page: Page, remainingMs: () => number): Promise<string> {
  try {
    return await serializedDocument(page);
  } catch {
    await page.waitForLoadState('load', { timeout: Math.max(1, remainingMs()) });
    return serializedDocument(page);
  }
}

/**
 * Renders one page in a fresh context of `browser` (no cookies or storage shared between sites)
 * within `timeoutMs`: every request through the address guard, the top-level document's redirects
 * followed here, then load, a short network-idle wait, and the serialised DOM.
 */
export async function renderPage(browser: Browser, url: string, options: RenderOptions, timeoutMs: number): Promise<RenderedPage> {
  const start = parseTarget(url).href;
  const deadline = Date.now() + timeoutMs;
  const remainingMs = (): number => deadline - Date.now();
  const timeout = new Deadline(timeoutMs);
  // Aborted when the render is over, to end the Node fetches still answering this page's requests.
  const over = new AbortController();
  const signal = AbortSignal.any(options.signal ? [timeout.signal, over.signal, options.signal] : [timeout.signal, over.signal]);
  // The page's requests to one host share kept-alive connections, as a browser's would.
  const agents = new HostAgents();

  const state = newRouteState();
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let crashed = false;
  let finished = false;

  const work = async (): Promise<RenderedPage> => {
    const created = await browser.newContext({ userAgent: options.userAgent, serviceWorkers: 'block', acceptDownloads: false });
    if (finished) {
      await created.close().catch(() => undefined);
      throw new Error('render already over');
    }
    context = created;
    await installGuardedRoutes(created, {
      page: () => page,
      settings: { hostMap: options.hostMap, userAgent: options.userAgent, maxBytes: options.maxBytes, resolve: options.resolve, agents },
      state,
      signal,
      remainingMs,
    });
    const opened = await created.newPage();
    page = opened;
    opened.on('crash', () => (crashed = true));
    // Popups cost memory and add nothing to the page's text.
    created.on('page', (other) => void (other === opened ? undefined : other.close().catch(() => undefined)));

    const maxRedirects = options.maxRedirects ?? 5;
    let target = start;
    for (let redirects = 0; ; ) {
      state.expectedDocument = withoutFragment(target);
      state.redirectTo = undefined;
      try {
        await opened.goto(target, { waitUntil: 'load', timeout: Math.max(1, remainingMs()) });
        break;
      } catch (err) {
        if (state.documentError) throw state.documentError;
        if (state.redirectTo === undefined) throw err;
        if (++redirects > maxRedirects) {
          throw new FetchError('too_many_redirects', `More than ${maxRedirects} redirects`, { url: target });
        }
        target = parseTarget(state.redirectTo).href;
      }
    }
    await opened
      .waitForLoadState('networkidle', { timeout: Math.max(1, Math.min(NETWORK_IDLE_WAIT_MS, remainingMs())) })
      .catch((err: unknown) => {
        if (!(err instanceof errors.TimeoutError)) throw err;
      });
    const html = capUtf8(await readContent(opened, remainingMs), options.maxBytes);
    return { url, finalUrl: opened.url(), html, bytes: Buffer.byteLength(html), blockedRequests: [...state.blocked] };
  };

  try {
    return await Promise.race([work(), rejectOnAbort(signal)]);
  } catch (err) {
    if (signal.aborted) {
      // The deadline's reason is ours alone; callers get a FetchError.
      throw timeout.passedWith(signal.reason)
        ? new FetchError('timeout', `Render timed out after ${timeoutMs} ms`, { url })
        : signal.reason;
    }
    if (state.documentError) throw state.documentError;
    if (err instanceof FetchError) throw err;
    if (err instanceof errors.TimeoutError) throw new FetchError('timeout', `Render timed out after ${timeoutMs} ms`, { url, cause: err });
    // Deterministic for the site (it exhausted the renderer): not worth retrying, hence no transient code.
    if (crashed) throw new FetchError('network', 'The page crashed the renderer', { url, code: 'ERR_RENDERER_CRASHED', cause: err });
    throw err;
  } finally {
    finished = true;
    timeout.clear();
    over.abort(new Error('render over'));
    await context?.close().catch(() => undefined);
    agents.destroy();
  }
}
