import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FixtureHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
export type FixtureSite = Record<string, FixtureHandler | string>; // path → handler, or HTML

/**
 * Plays the company websites the scraper would reach on the internet: one local server that
 * routes on the Host header. SCRAPER_HOST_MAP points each fixture domain (and its
 * subdomains) at it, as an operator's map would point at a staging proxy.
 */
export class FixtureSites {
  private readonly sites = new Map<string, FixtureSite>();
  readonly hits: { host: string; path: string }[] = [];
  private server: Server | undefined;
  private readonly sockets = new Set<import('node:net').Socket>();

  site(domain: string, pages: FixtureSite): this {
    this.sites.set(domain, pages);
    return this;
  }

  async start(): Promise<number> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this.port;
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  // Every fixture domain, mapped to this server.
  hostMap(): string {
    return [...this.sites.keys()].map((domain) => `${domain}=127.0.0.1:${this.port}`).join(',');
  }

  hitsFor(domain: string): number {
    return this.hits.filter((h) => h.host === domain || h.host.endsWith(`.${domain}`)).length;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const path = (req.url ?? '/').split('?')[0]!;
    this.hits.push({ host, path });
    const domain = [...this.sites.keys()].find((d) => host === d || host.endsWith(`.${d}`));
    const page = domain ? this.sites.get(domain)![path] : undefined;
    if (page === undefined) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    if (typeof page === 'string') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    await page(req, res);
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
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
