import type { Logger } from '@enrich/logger';
import type { Metrics } from '@enrich/metrics';
import type { Request, Response } from 'express';
import type { EventHub, StreamListener } from './event-hub';
import { type SseEvent, SseResponse } from './sse-response';

/** What Postgres says: the events after a given one, and whether the stream is over with them. */
export interface StreamState {
  events: SseEvent[];
  /** The job or batch has ended: nothing follows these events. */
  ended: boolean;
}

/** Where one stream's events come from. */
export interface EventSource {
  /** What the stream follows: the `kind` label of the open streams gauge. */
  kind: 'job' | 'batch';
  /** The channel the job store announces this job's or batch's changes on. */
  channel: string;
  /**
   * From Postgres: the events after `after`, or, with null (a new stream), one event of the
   * current state. Throws the route's not-found error when the team has no such job or batch.
   */
  read(after: number | null): Promise<StreamState>;
  /** A message on the channel: the events it carries, or 'read' when Postgres must say (a wake-up, a gap), or null (nothing new). */
  heard(message: string, lastSent: number): StreamState | 'read' | null;
}

/**
 * Serves one event stream: subscribes first, then reads Postgres (so nothing published after
 * the read is missed), answers 204 when a resumed client already has the last event, else
 * opens the stream with what Postgres says and follows the channel until the job or batch ends.
 * Every heartbeat, and after the subscriber reconnects, Postgres is read again: a message the
 * job store could not publish delays its event by one heartbeat at most. `report` is the
 * rate-limit report, run beside the first read so its headers go out with the stream's.
 * `openStreams` counts the stream while it is open (from its 200 until its connection closes).
 */
export async function serveEventStream(
  hub: EventHub,
  source: EventSource,
  after: number | null,
  req: Request,
  res: Response,
  report: () => Promise<void>,
  logger: Logger,
  openStreams: Metrics['eventStreams'],
): Promise<void> {
  const sse = new SseResponse(res);
  const follower = new Follower(source, sse, after ?? 0, logger.child({ requestId: req.requestId }));
  const stopListening = await hub.listen(source.channel, follower);
  res.once('close', stopListening);
  let first: StreamState;
  try {
    const [read, reported] = await Promise.allSettled([source.read(after), report()]);
    if (read.status === 'rejected') throw read.reason;
    if (reported.status === 'rejected') throw reported.reason;
    first = read.value;
  } catch (error) {
    stopListening();
    throw error;
  }
  if (first.ended && first.events.length === 0) {
    // A resumed client that has the last event: 204 tells EventSource to stop reconnecting.
    stopListening();
    res.status(204).end();
    return;
  }
  if (!sse.isOpen) return; // the client left during the read
  sse.open();
  openStreams.inc({ kind: source.kind });
  res.once('close', () => openStreams.dec({ kind: source.kind }));
  if (req.method === 'HEAD') {
    sse.end();
    return;
  }
  follower.start(first);
}

/** Keeps one stream up to date: from messages, and from Postgres when they do not suffice. */
class Follower implements StreamListener {
  private reading = false;
  private readAgain = false;
  private started = false;

  constructor(
    private readonly source: EventSource,
    private readonly sse: SseResponse,
    private lastSent: number,
    private readonly logger: Logger,
  ) {}

  start(first: StreamState): void {
    // All of the first read goes out (a new batch stream's first event may be number 0).
    for (const event of first.events) this.sse.send(event);
    this.lastSent = first.events.at(-1)?.id ?? this.lastSent;
    this.started = true;
    if (first.ended) this.sse.end();
    // Messages heard while the first read ran may be older than it: Postgres settles it.
    if (this.readAgain) void this.catchUp();
  }

  message(text: string): void {
    if (!this.sse.isOpen) return;
    if (!this.started) {
      this.readAgain = true;
      return;
    }
    const heard = this.source.heard(text, this.lastSent);
    if (heard === 'read') void this.catchUp();
    else if (heard) this.send(heard);
  }

  heartbeat(): void {
    if (!this.started || !this.sse.isOpen) return;
    this.sse.comment('heartbeat');
    void this.catchUp();
  }

  resync(): void {
    if (this.started) void this.catchUp();
    else this.readAgain = true;
  }

  close(): void {
    this.sse.end();
  }

  // Events in order of their ids; one the client has (from a message and a read alike) is not sent twice.
  private send(state: StreamState): void {
    for (const event of state.events) {
      if (event.id <= this.lastSent) continue;
      this.sse.send(event);
      this.lastSent = event.id;
    }
    if (state.ended) this.sse.end();
  }

  // One read at a time per stream; whatever asks meanwhile is answered by one more read after it.
  private async catchUp(): Promise<void> {
    if (!this.sse.isOpen) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.readAgain = false;
        this.send(await this.source.read(this.lastSent));
      } while (this.readAgain && this.sse.isOpen);
    } catch (error) {
      // Gone (the job's rows removed) or Postgres away: the next heartbeat tries again.
      this.logger.debug('event stream read failed', { channel: this.source.channel, error: String(error) });
    } finally {
      this.reading = false;
    }
  }
}
