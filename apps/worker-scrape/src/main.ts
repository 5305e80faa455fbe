import { loadConfig } from '@enrich/config';
import { createLogger } from '@enrich/logger';
import { workerEnv } from './worker-config';
import { startWorkers } from './workers';

async function main(): Promise<void> {
  const config = loadConfig(workerEnv);
  const logger = createLogger(config.LOG_LEVEL, { app: 'worker-scrape', pid: process.pid });
  const workers = await startWorkers(config, logger);
  logger.info('worker-scrape ready', { concurrency: config.SCRAPE_CONCURRENCY });

  // Finish the jobs in hand, then exit; unfinished ones are picked up by another replica.
  const shutdown = (signal: string) => {
    logger.info('worker-scrape shutting down', { signal });
    workers.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
