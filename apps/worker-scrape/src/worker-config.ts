import { envDecimal, envInt, workerBaseEnv } from '@enrich/config';
import { metricsEnv } from '@enrich/metrics';
import { crawlEnv, linkedInEnv, renderEnv, scraperEnv } from '@enrich/scraper';
import { z } from 'zod';

export const workerEnv = z
  .object({
    SCRAPE_CONCURRENCY: envInt(10, 1, 500),
    FINALIZE_CONCURRENCY: envInt(20, 1, 500),
    RECONCILE_INTERVAL_MS: envInt(30_000, 200, 3_600_000),
    // Jobs younger than this are left alone: the API may not have enqueued them yet.
    RECONCILE_GRACE_MS: envInt(10_000, 0, 3_600_000),
    // The monitor sweep: how often each worker looks for due checks, and the most the whole
    // fleet submits a second (one budget in the shared state, however many workers; checks left
    // due by downtime are caught up at this rate).
    MONITOR_SWEEP_INTERVAL_MS: envInt(1_000, 50, 600_000),
    MONITOR_CHECKS_PER_SECOND: envDecimal(20, 0.01, 10_000),
  })
  .extend(workerBaseEnv.shape)
  .extend(scraperEnv.shape)
  .extend(crawlEnv.shape)
  .extend(renderEnv.shape)
  .extend(linkedInEnv.shape)
  // GET /metrics on its own port (9465 by default; the API 9464, worker-ai 9466, worker-webhooks 9467).
  .extend(metricsEnv(9465).shape);
export type WorkerConfig = z.infer<typeof workerEnv>;
