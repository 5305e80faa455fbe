import { loadConfig } from '@enrich/config';
import { createLogger } from '@enrich/logger';
import { closeOnSignals } from '@enrich/pipeline';
import { webhookWorkerEnv } from './worker-config';
import { startWebhookWorker } from './workers';

async function main(): Promise<void> {
  const config = loadConfig(webhookWorkerEnv);
  const logger = createLogger(config.LOG_LEVEL, { app: 'worker-webhooks', pid: process.pid });
  const worker = await startWebhookWorker(config, logger);
  logger.info('worker-webhooks ready', { concurrency: config.WEBHOOK_CONCURRENCY });

  closeOnSignals('worker-webhooks', worker, logger);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
