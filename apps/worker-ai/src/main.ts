import { loadConfig } from '@enrich/config';
import { createLogger } from '@enrich/logger';
import { createMetrics, startMetricsListener } from '@enrich/metrics';
import { closeOnSignals } from '@enrich/pipeline';
import { aiWorkerEnv } from './worker-config';
import { startAiWorker } from './workers';

async function main(): Promise<void> {
  const config = loadConfig(aiWorkerEnv);
  const logger = createLogger(config.LOG_LEVEL, { app: 'worker-ai', pid: process.pid });
  const metrics = createMetrics('worker-ai');
  const listener = await startMetricsListener(metrics, config);
  const worker = await startAiWorker(config, logger, metrics);
  if (worker.ai.enabled) {
    logger.info('worker-ai ready', { model: worker.ai.model, concurrency: config.AI_STEP_CONCURRENCY, metrics: listener.url });
  } else {
    logger.info('worker-ai ready; ANTHROPIC_API_KEY is not set, so the AI source is off and jobs pass through without it', {
      metrics: listener.url,
    });
  }

  closeOnSignals('worker-ai', { close: () => worker.close().finally(() => listener.close()) }, logger, config.SHUTDOWN_TIMEOUT_MS);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
