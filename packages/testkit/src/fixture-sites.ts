import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalServer } from './local-server';
import { sleep } from './waiting';

/** A page as served: HTML unless `type` says otherwise. */
export interface StaticPage {
  status?: number;
  type?: string;
  /** Text is sent as UTF-8; bytes as they are (a page saved in another charset). */
  body: string | Buffer;
  headers?: Record<string, string>;
}
export type FixtureHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
/** path → page (a string is HTML with status 200) or handler. */
export type FixtureSite = Record<string, StaticPage | FixtureHandler | string>;

export interface FixtureSitesOptions {
  /** Delay before every answer (404s and robots.txt included), to stand in for the network. */
  latencyMs?: number;
}

/** One request as it arrived; `status` is set once its answer has been sent. */
export interface Hit {
  at: number;
  host: string;
  path: string;
  status?: number;
}

/**
 * Plays the company websites (and LinkedIn) the scraper would reach on the internet: one local
 * HTTP server that routes on the Host header. SCRAPER_HOST_MAP (from hostMap()) points each
 * domain and its subdomains at it, as an operator's map would point at a staging proxy, so
 * https://www.acme.com/about reaches the "acme.com" site's "/about" page. Every request is
 * recorded in `hits` as it arrives (a held or timed-out one too).
 */
export class FixtureSites {
  private readonly sites = new Map<string, FixtureSite>();
  private readonly server = new LocalServer((req, res) => void this.handle(req, res), {
    // Many workers' connections at once in the pipeline benchmark.
    maxConnections: 10_000,
    keepAliveTimeoutMs: 10_000,
    backlog: 1024,
  });
  readonly hits: Hit[] = [];

  constructor(private readonly options: FixtureSitesOptions = {}) {}

  site(domain: string, pages: FixtureSite): this {
    this.sites.set(domain.toLowerCase(), pages);
    return this;
  }

  get domains(): string[] {
    return [...this.sites.keys()];
  }

  start(): Promise<number> {
    return this.server.start();
  }

  get port(): number {
    return this.server.port;
  }

  /** SCRAPER_HOST_MAP entries for every site: `domain=127.0.0.1:port,…`. */
  hostMap(): string {
    return this.domains.map((domain) => `${domain}=127.0.0.1:${this.port}`).join(',');
  }

  /** Requests that reached `domain` or one of its subdomains. */
  hitsFor(domain: string): number {
    return this.hits.filter((h) => h.host === domain || h.host.endsWith(`.${domain}`)).length;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  /** The site of `host`: its own, else that of the nearest parent domain registered. */
  private siteFor(host: string): FixtureSite | undefined {
    for (let name = host; name; name = name.includes('.') ? name.slice(name.indexOf('.') + 1) : '') {
      const site = this.sites.get(name);
      if (site) return site;
    }
    return undefined;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const path = (req.url ?? '/').split('?')[0]!;
    const hit: Hit = { at: Date.now(), host, path };
    this.hits.push(hit);
    res.on('finish', () => (hit.status = res.statusCode));
    if (this.options.latencyMs) await sleep(this.options.latencyMs);
    if (res.destroyed) return;
    const page = this.siteFor(host)?.[path];
    if (page === undefined) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Not found</title><h1>Not found</h1>');
      return;
    }
    if (typeof page === 'function') return page(req, res);
    const { status = 200, type = 'text/html; charset=utf-8', body, headers = {} } = typeof page === 'string' ? { body: page } : page;
    res.writeHead(status, { 'content-type': type, ...headers }).end(body);
  }
}

/**
 * A page whose first visit is held open (never answered until the test says so) and whose
 * later visits get `html`: lets a test act while a worker is mid-fetch.
 */
export function holdFirstVisit(html: string) {
  let held: ServerResponse | undefined;
  let markVisited: () => void = () => undefined;
  const visited = new Promise<void>((resolve) => {
    markVisited = resolve;
  });
  const handler: FixtureHandler = (_req, res) => {
    if (!held) {
      held = res;
      markVisited();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  };
  return { handler, visited, held: () => held };
}
