import { loadConfig } from '@enrich/config';
import { createLogger } from '@enrich/logger';
import { closeOnSignals } from '@enrich/pipeline';
import { workerEnv } from './worker-config';
import { startWorkers } from './workers';

async function main(): Promise<void> {
  const config = loadConfig(workerEnv);
  const logger = createLogger(config.LOG_LEVEL, { app: 'worker-scrape', pid: process.pid });
  const workers = await startWorkers(config, logger);
  logger.info('worker-scrape ready', { concurrency: config.SCRAPE_CONCURRENCY });

  closeOnSignals('worker-scrape', workers, logger);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
