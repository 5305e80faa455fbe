// biome-ignore assist/source/organizeImports: first, so that traces (when configured) patch http, express, pg and ioredis as they load
import { tracing } from './tracing';
import { loadConfig } from '@enrich/config';
import { createLogger } from '@enrich/logger';
import { createMetrics, startMetricsListener } from '@enrich/metrics';
import { closeOnSignals } from '@enrich/worker-runtime';
import { workerEnv } from './worker-config';
import { startWorkers } from './workers';

async function main(): Promise<void> {
  const config = loadConfig(workerEnv);
  const logger = createLogger(config.LOG_LEVEL, { app: 'worker-scrape', pid: process.pid });
  if (tracing) logger.info('traces on', { service: tracing.serviceName, url: tracing.url });
  const metrics = createMetrics('worker-scrape');
  const listener = await startMetricsListener(metrics, config);
  const workers = await startWorkers(config, logger, metrics, tracing?.bullmq);
  logger.info('worker-scrape ready', { concurrency: config.SCRAPE_CONCURRENCY, metrics: listener.url });

  closeOnSignals('worker-scrape', [() => workers.close(), () => listener.close(), tracing?.shutdown], logger, config.SHUTDOWN_TIMEOUT_MS);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
