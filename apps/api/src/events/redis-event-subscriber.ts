import type { Logger } from '@enrich/logger';
import { openRedis } from '@enrich/queue';
import type { EventSubscriber, OpenSubscriber } from './event-subscriber';

export interface RedisSubscriberOptions {
  redisUrl: string;
  /** `redisUrl` names a node of a Redis Cluster (REDIS_CLUSTER): PUBLISH reaches every node, so any node serves the subscriptions. */
  cluster?: boolean;
  /** CLIENT SETNAME, so that operators (and tests) can find the connection. */
  connectionName: string;
  logger: Logger;
}

/**
 * The subscriber on Redis: a connection of its own in subscriber mode (it can send nothing
 * else), one SUBSCRIBE per channel, confirmed by Redis before subscribe() resolves.
 */
export function redisEventSubscriber(options: RedisSubscriberOptions): OpenSubscriber {
  return (handlers): EventSubscriber => {
    const subscriber = openRedis(
      options.redisUrl,
      {
        connectionName: options.connectionName,
        // Subscriptions are renewed by ioredis after a reconnect; the streams then check Postgres.
        autoResubscribe: true,
        maxRetriesPerRequest: null,
        retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
      },
      { cluster: options.cluster },
    );
    subscriber.on('error', (error) => options.logger.debug('event subscriber error', { error: error.message }));
    subscriber.on('message', (channel: string, message: string) => handlers.message(channel, message));
    let connected = false;
    subscriber.on('ready', () => {
      if (connected) handlers.reconnected();
      connected = true;
    });
    return {
      subscribe: async (channel) => {
        await subscriber.subscribe(channel);
      },
      // Commands run in order on the connection: a later subscribe of the channel comes after this.
      unsubscribe: async (channel) => {
        await subscriber.unsubscribe(channel);
      },
      close: async () => {
        // QUIT waits behind the commands queued while Redis is away, for ever if it stays away.
        if (subscriber.status !== 'ready') return subscriber.disconnect();
        await subscriber.quit().catch(() => subscriber.disconnect());
      },
    };
  };
}
