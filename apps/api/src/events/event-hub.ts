import { AppError, ErrorCode } from '@enrich/errors';
import type { Logger } from '@enrich/logger';
import { bullPrefix, type SharedState } from '@enrich/queue';
import { withTimeout } from '../with-timeout';
import type { EventSubscriber, OpenSubscriber } from './event-subscriber';
import { listenerName, postgresEventSubscriber } from './postgres-event-subscriber';
import { redisEventSubscriber } from './redis-event-subscriber';

/** An open event stream as the hub drives it. */
export interface StreamListener {
  /** A message on the stream's channel. */
  message(text: string): void;
  /** Every heartbeat interval: the stream writes its comment and checks Postgres for what a lost message would have said. */
  heartbeat(): void;
  /** The subscriber connection came back: messages may have been missed meanwhile. */
  resync(): void;
  /** The API is shutting down: end the response, so the client reconnects to another replica. */
  close(): void;
}

export interface EventHubOptions {
  /** Opens the subscriber connection on the deployment's store (redisEventSubscriber, postgresEventSubscriber). */
  subscriber: OpenSubscriber;
  /** The deployment's braced queue prefix: the channels the job store publishes on live under it. */
  prefix: string;
  heartbeatMs: number;
  logger: Logger;
}

// A stream is refused (503) rather than opened deaf when the store does not confirm its channel in time.
const SUBSCRIBE_WAIT_MS = 3000;

/**
 * The API process's side of the event streams: ONE subscriber connection (event-subscriber.ts)
 * shared by every stream of the process (a channel is subscribed while at least one stream
 * listens to it), and ONE timer that gives every stream its heartbeat. A stream costs a
 * listener in a set and its HTTP response; nothing per stream runs while nothing happens. The
 * connection is opened on the first stream, so an API that serves none never makes it.
 */
export class EventHub {
  private subscriber: EventSubscriber | undefined;
  private readonly channels = new Map<string, { listeners: Set<StreamListener>; subscribed: Promise<unknown> }>();
  private timer: NodeJS.Timeout | undefined;
  private streams = 0;
  private closed = false;

  constructor(private readonly options: EventHubOptions) {}

  /** The channel name of a job's or batch's events, as packages/jobs publishes them. */
  get prefix(): string {
    return this.options.prefix;
  }

  /**
   * Adds a listener to `channel`; resolves once the store has confirmed the subscription, so a
   * read of Postgres made afterwards misses nothing published later. Returns its removal.
   */
  async listen(channel: string, listener: StreamListener): Promise<() => void> {
    if (this.closed) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'the service is shutting down', { retryable: true });
    let entry = this.channels.get(channel);
    if (!entry) {
      const subscribed = this.connection().subscribe(channel);
      subscribed.catch(() => undefined); // each listener awaits it (below); no rejection is left unhandled
      entry = { listeners: new Set(), subscribed };
      this.channels.set(channel, entry);
    }
    entry.listeners.add(listener);
    this.streams += 1;
    this.timer ??= setInterval(() => this.beat(), this.options.heartbeatMs).unref();
    let removed = false;
    const remove = () => {
      if (removed) return;
      removed = true;
      this.remove(channel, listener);
    };
    try {
      await withTimeout(entry.subscribed, SUBSCRIBE_WAIT_MS);
    } catch (error) {
      remove();
      this.options.logger.warn('event stream not subscribed', { channel, error: String(error) });
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'event streams are unavailable; retry shortly', { retryable: true });
    }
    return remove;
  }

  stats(): { streams: number; channels: number } {
    return { streams: this.streams, channels: this.channels.size };
  }

  /** Ends every stream and the subscriber connection (API shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    for (const { listeners } of [...this.channels.values()]) for (const listener of [...listeners]) listener.close();
    clearInterval(this.timer);
    this.timer = undefined;
    await this.subscriber?.close();
  }

  private remove(channel: string, listener: StreamListener): void {
    const entry = this.channels.get(channel);
    if (!entry?.listeners.delete(listener)) return;
    this.streams -= 1;
    if (entry.listeners.size === 0) {
      this.channels.delete(channel);
      // A later subscribe of the channel is applied after this (EventSubscriber's promise).
      this.subscriber?.unsubscribe(channel).catch((error: unknown) => {
        this.options.logger.debug('event channel not unsubscribed', { channel, error: String(error) });
      });
    }
    if (this.streams === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private beat(): void {
    for (const { listeners } of this.channels.values()) for (const listener of listeners) listener.heartbeat();
  }

  private connection(): EventSubscriber {
    this.subscriber ??= this.options.subscriber({
      message: (channel, text) => {
        const entry = this.channels.get(channel);
        if (entry) for (const listener of entry.listeners) listener.message(text);
      },
      reconnected: () => {
        for (const { listeners } of this.channels.values()) for (const listener of listeners) listener.resync();
      },
    });
    return this.subscriber;
  }
}

export interface EventHubConfig {
  /** The Redis subscriber's own connection (subscriber mode): redis mode only. */
  REDIS_URL: string;
  REDIS_CLUSTER: boolean;
  SSE_HEARTBEAT_MS: number;
}

/** The hub of an API process, on the store the deployment chose (`state`, once at start). */
export function createEventHub(config: EventHubConfig, state: SharedState, logger: Logger): EventHub {
  const prefix = bullPrefix(state.prefix);
  const subscriber =
    state.kind === 'redis'
      ? redisEventSubscriber({ redisUrl: config.REDIS_URL, cluster: config.REDIS_CLUSTER, connectionName: `${prefix}:api-events`, logger })
      : postgresEventSubscriber({
          databaseUrl: state.databaseUrl,
          channel: state.channel,
          applicationName: listenerName(state.channel),
          logger,
        });
  return new EventHub({ subscriber, prefix, heartbeatMs: config.SSE_HEARTBEAT_MS, logger });
}
