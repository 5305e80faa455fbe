import { readNotification } from '@enrich/jobs';
import type { Logger } from '@enrich/logger';
import pg from 'pg';
import type { EventSubscriber, OpenSubscriber, SubscriberHandlers } from './event-subscriber';

export interface PostgresSubscriberOptions {
  /** The service's database (DATABASE_URL): the connection is its own, never a pooled one. */
  databaseUrl: string;
  /** The deployment's NOTIFY channel (SharedState's `channel`): every announcement comes on it. */
  channel: string;
  /** The LISTEN connection's application_name, so that operators (and tests) can find it in pg_stat_activity. */
  applicationName: string;
  logger: Logger;
}

/** The LISTEN connection's name for a deployment's channel (≤ 63 bytes, PostgreSQL's limit, for a channel from eventChannel). */
export const listenerName = (channel: string): string => `api:${channel}`;

// As the Redis subscriber: retry soon, then every 2 s while the database is away.
const retryDelay = (attempt: number): number => Math.min(attempt * 200, 2000);
// A connection attempt that hangs counts as failed, so the next one starts.
const CONNECT_TIMEOUT_MS = 3000;

/**
 * The subscriber on PostgreSQL: ONE dedicated connection per API process doing `LISTEN` on the
 * deployment's channel once; a logical channel is bookkeeping here (the payload names it), so
 * subscribe() resolves once that LISTEN is in place. The connection is renewed with backoff
 * when it fails or ends, and the hub told once it listens again.
 */
export function postgresEventSubscriber(options: PostgresSubscriberOptions): OpenSubscriber {
  return (handlers) => new PostgresEventSubscriber(options, handlers);
}

/** A promise settled from outside: the LISTEN in place, on the current connection. */
interface Confirmation {
  promise: Promise<void>;
  resolve(): void;
  reject(error: Error): void;
  settled: boolean;
}

function confirmation(): Confirmation {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined); // rejected on close, possibly with nobody waiting
  const result: Confirmation = {
    promise,
    settled: false,
    resolve: () => {
      result.settled = true;
      resolve();
    },
    reject: (error) => {
      result.settled = true;
      reject(error);
    },
  };
  return result;
}

class PostgresEventSubscriber implements EventSubscriber {
  private readonly channels = new Set<string>();
  /** The connection in use (connecting or listening); undefined while waiting to retry, and once closed. */
  private client: pg.Client | undefined;
  private listening = confirmation();
  private attempts = 0;
  private hasListened = false;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly options: PostgresSubscriberOptions,
    private readonly handlers: SubscriberHandlers,
  ) {
    void this.connect();
  }

  async subscribe(channel: string): Promise<void> {
    this.channels.add(channel);
    await this.listening.promise;
  }

  async unsubscribe(channel: string): Promise<void> {
    this.channels.delete(channel);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    if (!this.listening.settled) this.listening.reject(new Error('the event subscriber is closed'));
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const { databaseUrl, applicationName, channel } = this.options;
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: applicationName,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A peer gone without a word (a dropped network path) is noticed, not listened to forever.
      keepAlive: true,
    });
    this.client = client;
    client.on('notification', (notification) => this.dispatch(notification));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client) return; // closed, or lost meanwhile (lost() retries)
    this.attempts = 0;
    this.listening.resolve();
    // Only a renewed connection can have missed messages: the first one has no listener that read before it.
    if (this.hasListened) this.handlers.reconnected();
    this.hasListened = true;
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.options.logger.debug('event subscriber connection lost', { error: error instanceof Error ? error.message : String(error) });
    client.end().catch(() => undefined);
    if (this.listening.settled) this.listening = confirmation();
    this.attempts += 1;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, retryDelay(this.attempts));
    this.retry.unref();
  }

  private dispatch({ channel, payload }: pg.Notification): void {
    if (channel !== this.options.channel) return;
    const notification = readNotification(payload);
    if (!notification) {
      this.options.logger.debug('event notification ignored: not an announcement', { payload: payload?.slice(0, 200) });
      return;
    }
    if (this.channels.has(notification.channel)) this.handlers.message(notification.channel, notification.message);
  }
}
