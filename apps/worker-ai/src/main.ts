// biome-ignore assist/source/organizeImports: first, so that traces (when configured) patch http, express, pg and ioredis as they load
import { tracing } from './tracing';
import { loadConfig } from '@enrich/config';
import { createLogger } from '@enrich/logger';
import { createMetrics, startMetricsListener } from '@enrich/metrics';
import { closeOnSignals } from '@enrich/worker-runtime';
import { aiWorkerEnv } from './worker-config';
import { startAiWorker } from './workers';

async function main(): Promise<void> {
  const config = loadConfig(aiWorkerEnv);
  const logger = createLogger(config.LOG_LEVEL, { app: 'worker-ai', pid: process.pid });
  if (tracing) logger.info('traces on', { service: tracing.serviceName, url: tracing.url });
  const metrics = createMetrics('worker-ai');
  const listener = await startMetricsListener(metrics, config);
  const worker = await startAiWorker(config, logger, metrics, { telemetry: tracing?.bullmq });
  if (worker.ai.enabled) {
    logger.info('worker-ai ready', { model: worker.ai.model, concurrency: config.AI_STEP_CONCURRENCY, metrics: listener.url });
  } else {
    logger.info('worker-ai ready; ANTHROPIC_API_KEY is not set, so the AI source is off and jobs pass through without it', {
      metrics: listener.url,
    });
  }

  closeOnSignals('worker-ai', [() => worker.close(), () => listener.close(), tracing?.shutdown], logger, config.SHUTDOWN_TIMEOUT_MS);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
