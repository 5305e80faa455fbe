/**
 * The API process's one connection that hears the job store's announcements (packages/jobs
 * event-announcements.ts), on whichever store the deployment chose: the EventHub drives it and
 * never asks which. Channels are the logical ones (jobEventChannel, batchEventChannel).
 */
export interface EventSubscriber {
  /**
   * Starts delivering `channel`'s messages; resolves once the store has confirmed it, so that
   * whatever is published afterwards arrives. Waits while the store is unreachable (the hub
   * bounds the wait).
   */
  subscribe(channel: string): Promise<void>;
  /** Stops delivering `channel`'s messages; a later subscribe of it is applied after this. */
  unsubscribe(channel: string): Promise<void>;
  /** Closes the connection for good (API shutdown). */
  close(): Promise<void>;
}

/** What a subscriber tells the hub. */
export interface SubscriberHandlers {
  /** A message on a subscribed channel. */
  message(channel: string, text: string): void;
  /** The connection came back after a loss, its subscriptions renewed: messages may have been missed meanwhile. */
  reconnected(): void;
}

/** Opens the process's subscriber (the hub does, on its first stream). */
export type OpenSubscriber = (handlers: SubscriberHandlers) => EventSubscriber;
