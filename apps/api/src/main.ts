// biome-ignore assist/source/organizeImports: first, so that traces (when configured) patch http, express, pg and ioredis as they load
import { tracing } from './tracing';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '@enrich/config';
import { createPrismaClient, sqlPool } from '@enrich/db';
import { createLogger } from '@enrich/logger';
import { startMetricsListener } from '@enrich/metrics';
import { openQueueStore, RedisQueueStore, waitUntilConnected } from '@enrich/queue';
import { apiEnv } from './api-config';
import { createApp } from './app';
import { createAppContext } from './app-context';
import { answerMalformedRequests } from './malformed-request';
import { queueDepth } from './queue-depth';

async function main(): Promise<void> {
  const config = loadConfig(apiEnv);
  const logger = createLogger(config.LOG_LEVEL, { app: 'api' });
  if (tracing) logger.info('traces on', { service: tracing.serviceName, url: tracing.url });
  const db = createPrismaClient(config.DATABASE_URL);
  const queues = await openQueueStore(config, { role: 'producer', telemetry: tracing?.bullmq, sharedPool: sqlPool(db) });
  logger.info('queue store', { kind: queues.kind, prefix: queues.prefix });
  // Give Redis a moment to connect, so that the first requests do not fail for want of it.
  // Without Redis the API still starts (see /readyz).
  if (queues instanceof RedisQueueStore) {
    await waitUntilConnected(queues.redis, 3000).catch(() =>
      logger.warn('Redis is not reachable yet; requests that need it answer 503 until it is'),
    );
  }

  const context = createAppContext({ config, db, queues, logger });
  const { events, metrics, lifecycle } = context;
  // GET /metrics on its own port; each scrape reads the queues' depths from BullMQ first.
  const metricsListener = await startMetricsListener(metrics, config, queueDepth(metrics, queues));
  logger.info('api metrics listening', { url: metricsListener.url });
  const app = createApp(context);
  const server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    logger.info('api listening', { url: `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}` });
  });
  answerMalformedRequests(server);

  const shutdown = async (signal: string) => {
    logger.info('api shutting down', { signal, drainMs: config.SHUTDOWN_DRAIN_MS });
    // Not ready at once (load balancers take the process out of rotation), still serving for
    // SHUTDOWN_DRAIN_MS, every answer closing its connection. Then no new connections; open
    // event streams end (their clients reconnect to another replica with Last-Event-ID), or
    // close() would wait on them; the requests in flight get SHUTDOWN_TIMEOUT_MS to finish.
    lifecycle.drain();
    await sleep(config.SHUTDOWN_DRAIN_MS);
    const closed = new Promise((resolve) => server.close(resolve));
    await events.close();
    server.closeIdleConnections();
    const forced = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
    await closed;
    clearTimeout(forced);
    await metricsListener.close();
    await queues.close();
    await db.$disconnect();
    await tracing?.shutdown(); // the spans still buffered
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
