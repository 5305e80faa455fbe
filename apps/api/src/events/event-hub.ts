import { AppError, ErrorCode } from '@enrich/errors';
import type { Logger } from '@enrich/logger';
import { bullPrefix, openRedis, type RedisClient } from '@enrich/queue';
import { withTimeout } from '../with-timeout';

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
  redisUrl: string;
  /** `redisUrl` names a node of a Redis Cluster (REDIS_CLUSTER): PUBLISH reaches every node, so any node serves the subscriptions. */
  cluster?: boolean;
  /** The deployment's braced queue prefix: the channels the job store publishes on live under it. */
  prefix: string;
  heartbeatMs: number;
  logger: Logger;
}

// A stream is refused (503) rather than opened deaf when Redis does not confirm its channel in time.
const SUBSCRIBE_WAIT_MS = 3000;

/**
 * The API process's side of the event streams: ONE Redis connection in subscriber mode shared
 * by every stream of the process (a channel is subscribed while at least one stream listens
 * to it), and ONE timer that gives every stream its heartbeat. A stream costs a listener in a
 * set and its HTTP response; nothing per stream runs while nothing happens. The connection is
 * opened on the first stream, so an API that serves none never makes it.
 */
export class EventHub {
  private subscriber: RedisClient | undefined;
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
   * Adds a listener to `channel`; resolves once Redis has confirmed the subscription, so a
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
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  private remove(channel: string, listener: StreamListener): void {
    const entry = this.channels.get(channel);
    if (!entry?.listeners.delete(listener)) return;
    this.streams -= 1;
    if (entry.listeners.size === 0) {
      this.channels.delete(channel);
      // Commands run in order on the connection: a later subscribe of the channel comes after this.
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

  private connection(): RedisClient {
    if (this.subscriber) return this.subscriber;
    const subscriber = openRedis(
      this.options.redisUrl,
      {
        connectionName: `${this.options.prefix}:api-events`,
        // Subscriptions are renewed by ioredis after a reconnect; the streams then check Postgres.
        autoResubscribe: true,
        maxRetriesPerRequest: null,
        retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
      },
      { cluster: this.options.cluster },
    );
    subscriber.on('error', (error) => this.options.logger.debug('event subscriber error', { error: error.message }));
    subscriber.on('message', (channel: string, message: string) => {
      const entry = this.channels.get(channel);
      if (entry) for (const listener of entry.listeners) listener.message(message);
    });
    let connected = false;
    subscriber.on('ready', () => {
      if (connected) for (const { listeners } of this.channels.values()) for (const listener of listeners) listener.resync();
      connected = true;
    });
    this.subscriber = subscriber;
    return subscriber;
  }
}

/** The hub of an API process, as its configuration says. */
export function createEventHub(
  config: { REDIS_URL: string; REDIS_CLUSTER: boolean; QUEUE_PREFIX: string; SSE_HEARTBEAT_MS: number },
  logger: Logger,
): EventHub {
  return new EventHub({
    redisUrl: config.REDIS_URL,
    cluster: config.REDIS_CLUSTER,
    prefix: bullPrefix(config.QUEUE_PREFIX),
    heartbeatMs: config.SSE_HEARTBEAT_MS,
    logger,
  });
}
