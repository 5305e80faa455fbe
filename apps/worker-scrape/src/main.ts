import { loadConfig } from '@enrich/config';
import { createLogger } from '@enrich/logger';
import { createMetrics, startMetricsListener } from '@enrich/metrics';
import { closeOnSignals } from '@enrich/pipeline';
import { workerEnv } from './worker-config';
import { startWorkers } from './workers';

async function main(): Promise<void> {
  const config = loadConfig(workerEnv);
  const logger = createLogger(config.LOG_LEVEL, { app: 'worker-scrape', pid: process.pid });
  const metrics = createMetrics('worker-scrape');
  const listener = await startMetricsListener(metrics, config);
  const workers = await startWorkers(config, logger, metrics);
  logger.info('worker-scrape ready', { concurrency: config.SCRAPE_CONCURRENCY, metrics: listener.url });

  closeOnSignals('worker-scrape', { close: () => workers.close().finally(() => listener.close()) }, logger, config.SHUTDOWN_TIMEOUT_MS);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
