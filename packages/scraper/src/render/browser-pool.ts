import { FetchError } from '@enrich/guarded-fetch';
import type { Logger } from '@enrich/logger';
import { type Browser, chromium } from 'playwright';
import { PageSlots } from './page-slots';
import type { RenderEnv } from './render-env';
import { type RenderedPage, type RenderOptions, renderPage } from './render-page';

export interface BrowserPoolSettings {
  chromiumPath: string;
  /** Pages open at once across the pool; further renders wait in a queue. */
  maxPages: number;
  /** Renders started on one browser before it is replaced by a fresh one. */
  recycleAfter: number;
  /** Deadline of each render (queueing for a page not included). */
  timeoutMs: number;
  /** Launches, recycling and crashes are logged here. */
  logger?: Pick<Logger, 'info' | 'warn'>;
}

export interface BrowserPoolStats {
  /** Browsers launched so far (first launch, recycling and crash recovery). */
  launches: number;
  /** Renders that returned a page. */
  pagesRendered: number;
  openPages: number;
  queued: number;
  /** Process id of the browser new renders go to; undefined before launch or after a crash. */
  browserPid: number | undefined;
}

export interface BrowserPool {
  render(url: string, options: RenderOptions): Promise<RenderedPage>;
  stats(): BrowserPoolStats;
  /** Closes every browser; renders in flight fail and queued ones are refused. */
  close(): Promise<void>;
}

export function renderSettingsFrom(env: RenderEnv): BrowserPoolSettings {
  return {
    chromiumPath: env.CHROMIUM_PATH,
    maxPages: env.RENDER_MAX_PAGES,
    recycleAfter: env.RENDER_RECYCLE_AFTER,
    timeoutMs: env.RENDER_TIMEOUT_MS,
  };
}

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Containers often give /dev/shm only 64 MB, where Chromium's renderers crash.
  '--disable-dev-shm-usage',
  // Every page request is answered by the guarded routes, so Chromium's own network stack must
  // reach nothing: no DNS, and a proxy that does not exist for everything else. This catches what
  // routes never see (preconnects, redirects Chromium follows itself) and WebRTC's UDP.
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--proxy-server=http://blackhole.invalid:1',
  '--proxy-bypass-list=<-loopback>',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

const LAUNCH_TIMEOUT_MS = 30_000;

interface Instance {
  browser: Promise<Browser>;
  /** Set once launched, for synchronous liveness checks. */
  launched: Browser | undefined;
  pid: number | undefined;
  started: number;
  inFlight: number;
  retired: boolean;
  /** Closed by the pool, so its disconnect is no crash. */
  closing: boolean;
}

const isAlive = (instance: Instance): boolean => instance.launched === undefined || instance.launched.isConnected();

async function browserPid(browser: Browser): Promise<number | undefined> {
  try {
    const session = await browser.newBrowserCDPSession();
    const info = (await session.send('SystemInfo.getProcessInfo')) as { processInfo?: { type: string; id: number }[] };
    await session.detach();
    return info.processInfo?.find((p) => p.type === 'browser')?.id;
  } catch {
    return undefined;
  }
}

/**
 * One Chromium per worker process, launched on first use and shared by all its renders, with at
 * most `maxPages` pages open. After `recycleAfter` renders the next render gets a fresh browser
 * and the old one closes once its pages are done; a browser that dies is replaced the same way
 * (renders in flight on it fail with a transient FetchError).
 */
export function createBrowserPool(settings: BrowserPoolSettings): BrowserPool {
  const slots = new PageSlots(settings.maxPages);
  const instances = new Set<Instance>();
  const closing = new Set<Promise<void>>();
  let current: Instance | undefined;
  let launches = 0;
  let pagesRendered = 0;
  let closed = false;

  function shutDown(instance: Instance): void {
    if (!instances.delete(instance)) return;
    instance.closing = true;
    const done = instance.browser
      .then((browser) => browser.close())
      .catch(() => undefined)
      .finally(() => closing.delete(done));
    closing.add(done);
  }

  function retire(instance: Instance): void {
    instance.retired = true;
    if (current === instance) current = undefined;
    if (instance.inFlight === 0) shutDown(instance);
  }

  function launch(reason: string): Instance {
    launches++;
    const instance: Instance = {
      browser: undefined as never,
      launched: undefined,
      pid: undefined,
      started: 0,
      inFlight: 0,
      retired: false,
      closing: false,
    };
    instance.browser = chromium
      .launch({
        executablePath: settings.chromiumPath,
        args: [...CHROMIUM_ARGS],
        timeout: LAUNCH_TIMEOUT_MS,
        // The owner closes the pool on shutdown; Playwright still kills the browser on process exit.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      })
      .then(
        async (browser) => {
          instance.launched = browser;
          browser.on('disconnected', () => {
            if (!instance.closing) settings.logger?.warn('Chromium disconnected', { pid: instance.pid, inFlight: instance.inFlight });
            retire(instance);
          });
          instance.pid = await browserPid(browser);
          settings.logger?.info('Chromium launched', { pid: instance.pid, reason, launches });
          return browser;
        },
        (err: unknown) => {
          if (current === instance) current = undefined;
          instances.delete(instance);
          settings.logger?.warn('Chromium did not start', { path: settings.chromiumPath, error: err });
          throw new Error(`Chromium did not start from ${settings.chromiumPath}: ${(err as Error).message}`, { cause: err });
        },
      );
    instances.add(instance);
    return instance;
  }

  function take(): Instance {
    // A dead browser's disconnect event may still be on its way.
    if (current && !isAlive(current)) retire(current);
    if (current && current.started >= settings.recycleAfter) {
      retire(current);
      current = launch('recycling');
    }
    current ??= launch(launches === 0 ? 'first use' : 'replacing a lost browser');
    current.started++;
    current.inFlight++;
    return current;
  }

  function give(instance: Instance): void {
    instance.inFlight--;
    if (instance.retired && instance.inFlight === 0) shutDown(instance);
    else if (!isAlive(instance)) retire(instance);
  }

  return {
    async render(url, options) {
      if (closed) throw new Error('The browser pool is closed');
      await slots.acquire(options.signal);
      if (closed) {
        slots.release();
        throw new Error('The browser pool is closed');
      }
      const instance = take();
      try {
        const browser = await instance.browser;
        const page = await renderPage(browser, url, options, settings.timeoutMs);
        pagesRendered++;
        return page;
      } catch (err) {
        if (err instanceof FetchError || isAlive(instance)) throw err;
        // The browser died under this render: a retry on the fresh browser may well succeed.
        throw new FetchError('network', 'The browser closed during the render', { url, code: 'ECONNABORTED', cause: err });
      } finally {
        give(instance);
        slots.release();
      }
    },

    stats() {
      const live = current && isAlive(current) ? current : undefined;
      return { launches, pagesRendered, openPages: slots.inUse, queued: slots.waiting, browserPid: live?.pid };
    },

    async close() {
      closed = true;
      slots.failAll(new Error('The browser pool is closed'));
      current = undefined;
      for (const instance of [...instances]) shutDown(instance);
      await Promise.all([...closing]);
    },
  };
}
