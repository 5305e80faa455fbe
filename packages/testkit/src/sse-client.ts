import http from 'node:http';

/** One event as an EventSource would dispatch it. */
export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
  /** performance.now() when it arrived. */
  at: number;
}

/**
 * A Server-Sent Events client for tests and benchmarks: a real HTTP connection (node:http),
 * read as it arrives and parsed as the EventSource specification says (fields, comments,
 * blank-line dispatch). Keeps every event and comment, and says when the server ended the stream.
 */
export class SseClient {
  readonly events: SseMessage[] = [];
  readonly comments: string[] = [];
  /** Resolves when the server ends the response (or the connection closes). */
  readonly ended: Promise<void>;
  body = '';
  private buffer = '';
  private waiters: (() => void)[] = [];
  private done = false;

  private constructor(
    readonly res: http.IncomingMessage,
    private readonly req: http.ClientRequest,
  ) {
    res.setEncoding('utf8');
    this.ended = new Promise((resolve) => {
      const finish = () => {
        this.done = true;
        this.wake();
        resolve();
      };
      res.once('end', finish);
      res.once('close', finish);
    });
    res.on('data', (chunk: string) => {
      this.body += chunk;
      this.buffer += chunk.replace(/\r\n?/g, '\n');
      let cut = this.buffer.indexOf('\n\n');
      while (cut !== -1) {
        this.dispatch(this.buffer.slice(0, cut));
        this.buffer = this.buffer.slice(cut + 2);
        cut = this.buffer.indexOf('\n\n');
      }
      this.wake();
    });
  }

  /** Opens `url` with `headers`; resolves once the status and headers have arrived. */
  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res) =>
        resolve(new SseClient(res, req)),
      );
      req.once('error', reject);
    });
  }

  get status(): number {
    return this.res.statusCode ?? 0;
  }

  get isEnded(): boolean {
    return this.done;
  }

  /** The JSON data of the event at `index`. */
  json<T = Record<string, unknown>>(index: number): T {
    return JSON.parse(this.events[index]!.data) as T;
  }

  /** Waits until `count` events (or `comments` comments) have arrived, or the stream ended, or the time is up. */
  async waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (this.done) throw new Error(`stream ended before ${what}: ${JSON.stringify(this.events.map((e) => [e.id, e.event]))}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms: ${JSON.stringify(this.events.map((e) => [e.id, e.event]))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  waitForEvents(count: number, timeoutMs = 20_000): Promise<void> {
    return this.waitFor(() => this.events.length >= count, timeoutMs, `${count} events`);
  }

  /** Resolves when the server has ended the stream; rejects after `timeoutMs`. */
  async waitForEnd(timeoutMs = 20_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.ended,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`stream still open after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  }

  /** Drops the connection, as a closed browser tab does. */
  close(): void {
    this.req.destroy();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private dispatch(block: string): void {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) this.events.push({ id, event, data: data.join('\n'), at: performance.now() });
  }
}
