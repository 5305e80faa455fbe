import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A page as served: HTML unless `type` says otherwise. */
export interface StaticPage {
  status?: number;
  type?: string;
  body: string;
  headers?: Record<string, string>;
}
export type PageHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
/** path → page (a string is HTML with status 200) or handler. */
export type SitePages = Record<string, StaticPage | PageHandler | string>;

export interface HostSitesOptions {
  /** Delay before every answer (404s and robots.txt included), to stand in for the network. */
  latencyMs?: number;
}

export interface Hit {
  at: number;
  host: string;
  path: string;
  status: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plays company websites (and LinkedIn) for the scrape worker: one local HTTP server that routes
 * on the Host header. SCRAPER_HOST_MAP (from hostMap()) points each domain and its subdomains at
 * it, so https://www.acme.com/about reaches the "acme.com" site's "/about" page.
 */
export class HostSites {
  private readonly sites = new Map<string, SitePages>();
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  readonly hits: Hit[] = [];

  constructor(private readonly options: HostSitesOptions = {}) {}

  site(domain: string, pages: SitePages): this {
    this.sites.set(domain.toLowerCase(), pages);
    return this;
  }

  get domains(): string[] {
    return [...this.sites.keys()];
  }

  async start(): Promise<number> {
    this.server = createServer((req, res) => void this.handle(req, res));
    // Many workers' connections at once in the benchmark.
    this.server.maxConnections = 10_000;
    this.server.keepAliveTimeout = 10_000;
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', 1024, resolve));
    return this.port;
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  /** SCRAPER_HOST_MAP entries for every site: `domain=127.0.0.1:port,…`. */
  hostMap(): string {
    return this.domains.map((domain) => `${domain}=127.0.0.1:${this.port}`).join(',');
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private siteFor(host: string): SitePages | undefined {
    for (let name = host; name.includes('.'); name = name.slice(name.indexOf('.') + 1)) {
      const site = this.sites.get(name);
      if (site) return site;
    }
    return undefined;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const path = (req.url ?? '/').split('?')[0]!;
    if (this.options.latencyMs) await sleep(this.options.latencyMs);
    if (res.destroyed) return;
    res.on('finish', () => this.hits.push({ at: Date.now(), host, path, status: res.statusCode }));
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
