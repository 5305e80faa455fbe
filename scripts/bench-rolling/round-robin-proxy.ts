import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What a load balancer in front of the API replicas does, in a few lines: round-robin over the
 * backends that say they are ready (GET /readyz every `healthEveryMs`), a new connection per
 * request (so a backend's shutdown can only refuse a connection, never drop a request it took),
 * and a refused connection tried again on the next backend, as nginx's `proxy_next_upstream
 * error` does. Request bodies are read whole first, so that they can be sent again.
 */
export class RoundRobinProxy {
  private readonly server = http.createServer((req, res) => void this.forward(req, res));
  private readonly ready = new Map<string, boolean>();
  private next = 0;
  private health?: NodeJS.Timeout;
  /** Requests sent again on another backend after a refused connection. */
  retried = 0;

  constructor(
    private readonly backends: string[],
    private readonly healthEveryMs = 100,
  ) {
    for (const backend of backends) this.ready.set(backend, true);
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.health = setInterval(() => void this.checkHealth(), this.healthEveryMs);
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    clearInterval(this.health);
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async checkHealth(): Promise<void> {
    await Promise.all(
      this.backends.map(async (backend) => {
        const ok = await fetch(`${backend}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
          (res) => res.ok,
          () => false,
        );
        this.ready.set(backend, ok);
      }),
    );
  }

  /** Backends in rotation order from the next one; the ready ones first, all of them if none is. */
  private order(): string[] {
    const start = this.next++ % this.backends.length;
    const rotated = [...this.backends.slice(start), ...this.backends.slice(0, start)];
    const ready = rotated.filter((backend) => this.ready.get(backend));
    return [...ready, ...rotated.filter((backend) => !ready.includes(backend))];
  }

  private async forward(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const tries = this.order();
    for (const [i, backend] of tries.entries()) {
      const sent = await this.send(backend, req, body, res);
      if (sent) return;
      if (i < tries.length - 1) this.retried += 1;
    }
    res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":{"code":"BAD_GATEWAY","message":"no backend answered"}}');
  }

  // Resolves false when the backend refused the connection (nothing was sent), true otherwise.
  private send(backend: string, req: http.IncomingMessage, body: Buffer, res: http.ServerResponse): Promise<boolean> {
    return new Promise((resolve) => {
      const url = new URL(req.url ?? '/', backend);
      const upstream = http.request(
        url,
        { method: req.method, headers: { ...req.headers, host: url.host, connection: 'close' }, agent: false },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          resolve(true);
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED') return resolve(false);
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end();
        resolve(true);
      });
      // A client that goes away (a stream it ends) ends the backend's request too.
      res.once('close', () => upstream.destroy());
      upstream.end(body);
    });
  }
}
