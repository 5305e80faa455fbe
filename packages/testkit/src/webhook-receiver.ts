import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { LocalServer } from './local-server';
import { sleep } from './waiting';

/** One webhook request as it arrived, and what it was answered. */
export interface ReceivedWebhook {
  at: number;
  /** The Host header's name (the hostname the sender called). */
  host: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status?: number;
}

/** How the receiver answers one request; the default is 200 `ok`. */
export interface WebhookAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering (a slow receiver, a timeout). */
  delayMs?: number;
}

/**
 * A webhook receiver on 127.0.0.1 for tests and benchmarks: records every request (headers and
 * raw body, for signature checks) and answers as `answer` says, per request. Reached through
 * WEBHOOK_HOST_MAP (hostMapEntry()), as an operator's map would point a name at a staging host,
 * since the address guard refuses 127.0.0.1 itself.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly server = new LocalServer((req, res) => void this.handle(req, res), {
    maxConnections: 10_000,
    keepAliveTimeoutMs: 10_000,
    backlog: 1024,
  });
  private waiters: (() => void)[] = [];

  /** Decides each answer; `nth` counts this receiver's requests from 1. */
  answer: (request: ReceivedWebhook, nth: number) => WebhookAnswer = () => ({ status: 200 });

  start(): Promise<number> {
    return this.server.start();
  }

  get port(): number {
    return this.server.port;
  }

  /** TCP connections accepted so far (keep-alive reuse shows as few). */
  get connections(): number {
    return this.server.connections;
  }

  /** A WEBHOOK_HOST_MAP entry sending `name` (and its subdomains) here. */
  hostMapEntry(name: string): string {
    return `${name}=127.0.0.1:${this.port}`;
  }

  /** Waits until `until` holds of what was received (checked on every arrival), or fails after `timeoutMs`. */
  async waitFor(until: (received: ReceivedWebhook[]) => boolean, timeoutMs = 30_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (!until(this.received)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`webhook receiver: condition not met after ${timeoutMs} ms (${this.received.length} received)`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: ReceivedWebhook = {
      at: Date.now(),
      host: (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase(),
      path: req.url ?? '/',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.received.push(request);
    const { status, headers = {}, body = 'ok', delayMs = 0 } = this.answer(request, this.received.length);
    if (delayMs > 0) await sleep(delayMs);
    request.status = status;
    if (!res.destroyed) res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(body);
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
