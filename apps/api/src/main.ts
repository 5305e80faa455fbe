import { loadConfig } from '@enrich/config';
import { createPrismaClient } from '@enrich/db';
import { createLogger } from '@enrich/logger';
import { bullPrefix, createRedisConnection, waitUntilConnected } from '@enrich/queue';
import { FlowProducer } from 'bullmq';
import { apiEnv } from './api-config';
import { createApp } from './app';
import { createEventHub } from './events/event-hub';
import { answerMalformedRequests } from './malformed-request';

async function main(): Promise<void> {
  const config = loadConfig(apiEnv);
  const logger = createLogger(config.LOG_LEVEL, { app: 'api' });
  const db = createPrismaClient(config.DATABASE_URL);
  const redis = createRedisConnection(config.REDIS_URL, 'producer');
  // The rate limiters load their scripts when the app is built: give Redis a moment to connect
  // so they do not start by failing. Without Redis the API still starts (see /readyz).
  await waitUntilConnected(redis, 3000).catch(() =>
    logger.warn('Redis is not reachable yet; requests that need it answer 503 until it is'),
  );
  const flows = new FlowProducer({ connection: redis, prefix: bullPrefix(config.QUEUE_PREFIX) });
  flows.on('error', () => undefined); // reported by /readyz and by failing submissions

  const events = createEventHub(config, logger);
  const app = createApp({ config, db, redis, flows, logger, events });
  const server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    logger.info('api listening', { url: `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}` });
  });
  answerMalformedRequests(server);

  const shutdown = async (signal: string) => {
    logger.info('api shutting down', { signal });
    // Open event streams end first (their clients reconnect to another replica), or close()
    // would wait on them; connections left idle by them are closed, the rest get a few seconds.
    const closed = new Promise((resolve) => server.close(resolve));
    await events.close();
    server.closeIdleConnections();
    const forced = setTimeout(() => server.closeAllConnections(), 5000);
    await closed;
    clearTimeout(forced);
    await flows.close().catch(() => undefined);
    redis.disconnect();
    await db.$disconnect();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
