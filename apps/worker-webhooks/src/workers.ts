import { createPrismaClient, sqlPool } from '@enrich/db';
import { HostAgents, type Resolver } from '@enrich/guarded-fetch';
import type { Logger } from '@enrich/logger';
import type { Metrics } from '@enrich/metrics';
import { openQueueStore } from '@enrich/queue';
import { webhookStep } from '@enrich/webhooks';
import { runStepProcess } from '@enrich/worker-runtime';
import type { Telemetry } from 'bullmq';
import type { WebhookWorkerConfig } from './worker-config';

export interface RunningWebhookWorker {
  close(): Promise<void>;
}

/**
 * One worker-webhooks process: the delivery step of every owed webhook message, on its own
 * queue, scaled on its own. Keeps one set of keep-alive pools for its deliveries (each pool
 * vetted by the address guard when it connects). Holds no other state: any replica can take
 * any delivery, and Postgres says where each stands.
 */
export async function startWebhookWorker(
  config: WebhookWorkerConfig,
  logger: Logger,
  metrics: Metrics,
  options: { resolve?: Resolver; telemetry?: Telemetry } = {},
): Promise<RunningWebhookWorker> {
  const db = createPrismaClient(config.DATABASE_URL, { maxConnections: Math.min(20, config.WEBHOOK_CONCURRENCY + 2) });
  const queues = await openQueueStore(config, { role: 'worker', telemetry: options.telemetry, sharedPool: sqlPool(db) });
  const agents = new HostAgents({ maxSockets: Math.min(config.WEBHOOK_CONCURRENCY, 50) });
  const step = webhookStep({
    db,
    metrics,
    delivery: {
      hostMap: config.WEBHOOK_HOST_MAP,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      userAgent: config.WEBHOOK_USER_AGENT,
      schedule: config.WEBHOOK_RETRY_SCHEDULE,
      disable: { afterFailures: config.WEBHOOK_DISABLE_AFTER_FAILURES, afterMs: config.WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000 },
      agents,
      resolve: options.resolve,
    },
  });
  const worker = await runStepProcess('webhook', step, {
    queues,
    db,
    logger,
    metrics,
    concurrency: config.WEBHOOK_CONCURRENCY,
    lockDurationMs: config.WORKER_LOCK_DURATION_MS,
    heartbeatFile: config.WORKER_HEARTBEAT_FILE,
  });
  return {
    async close() {
      await worker.close();
      agents.destroy();
      await queues.close();
      await db.$disconnect();
    },
  };
}
