// biome-ignore assist/source/organizeImports: first, so that traces (when configured) patch http, express, pg and ioredis as they load
import { tracing } from './tracing';
import { loadConfig } from '@enrich/config';
import { createLogger } from '@enrich/logger';
import { createMetrics, startMetricsListener } from '@enrich/metrics';
import { closeOnSignals } from '@enrich/worker-runtime';
import { webhookWorkerEnv } from './worker-config';
import { startWebhookWorker } from './workers';

async function main(): Promise<void> {
  const config = loadConfig(webhookWorkerEnv);
  const logger = createLogger(config.LOG_LEVEL, { app: 'worker-webhooks', pid: process.pid });
  if (tracing) logger.info('traces on', { service: tracing.serviceName, url: tracing.url });
  const metrics = createMetrics('worker-webhooks');
  const listener = await startMetricsListener(metrics, config);
  const worker = await startWebhookWorker(config, logger, metrics, { telemetry: tracing?.bullmq });
  logger.info('worker-webhooks ready', { concurrency: config.WEBHOOK_CONCURRENCY, metrics: listener.url });

  closeOnSignals('worker-webhooks', [() => worker.close(), () => listener.close(), tracing?.shutdown], logger, config.SHUTDOWN_TIMEOUT_MS);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
