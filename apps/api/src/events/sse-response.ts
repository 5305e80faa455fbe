import type { Response } from 'express';

/** How long a client waits before reconnecting after the connection drops (the SSE `retry` field). */
export const RECONNECT_MS = 2000;
// A client that stops reading is cut off once this much is waiting for it; it reconnects with
// Last-Event-ID and is caught up from Postgres instead of from this process's memory.
const MAX_BUFFERED_BYTES = 1 << 20;

/** One event: its id (what Last-Event-ID resumes after), its name and its JSON data. */
/** One event of a stream; `D` is the schema's output its data is held to (schemas/events.ts). */
export interface SseEvent<D = unknown> {
  id: number;
  event: string;
  data: D;
}

/** An SSE frame. JSON has no raw line breaks, so the data is one `data:` line. */
export const sseFrame = ({ id, event, data }: SseEvent): string => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A Server-Sent Events answer (text/event-stream) over an express response. */
export class SseResponse {
  private ended = false;

  constructor(private readonly res: Response) {
    res.once('close', () => {
      this.ended = true;
    });
  }

  /** Sends the status and headers (with whatever the route set already, such as X-RateLimit-*). */
  open(): void {
    this.res.status(200);
    this.res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    // Not cached, not transformed (compressed) and not buffered by proxies (nginx reads X-Accel-Buffering).
    this.res.setHeader('Cache-Control', 'no-cache, no-transform');
    this.res.setHeader('X-Accel-Buffering', 'no');
    this.res.socket?.setNoDelay(true);
    this.res.flushHeaders();
    this.write(`retry: ${RECONNECT_MS}\n\n`);
  }

  get isOpen(): boolean {
    return !this.ended;
  }

  send(event: SseEvent): void {
    this.write(sseFrame(event));
  }

  /** A comment line: ignored by clients, it keeps proxies and load balancers from closing an idle stream. */
  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.res.end();
  }

  private write(text: string): void {
    if (this.ended) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.ended = true;
      this.res.destroy();
      return;
    }
    this.res.write(text);
  }
}
