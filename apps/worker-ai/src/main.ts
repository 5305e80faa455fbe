import { loadConfig } from '@enrich/config';
import { createLogger } from '@enrich/logger';
import { closeOnSignals } from '@enrich/pipeline';
import { aiWorkerEnv } from './worker-config';
import { startAiWorker } from './workers';

async function main(): Promise<void> {
  const config = loadConfig(aiWorkerEnv);
  const logger = createLogger(config.LOG_LEVEL, { app: 'worker-ai', pid: process.pid });
  const worker = await startAiWorker(config, logger);
  if (worker.ai.enabled) logger.info('worker-ai ready', { model: worker.ai.model, concurrency: config.AI_STEP_CONCURRENCY });
  else logger.info('worker-ai ready; ANTHROPIC_API_KEY is not set, so the AI source is off and jobs pass through without it');

  closeOnSignals('worker-ai', worker, logger);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
