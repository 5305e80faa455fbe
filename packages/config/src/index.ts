import { z } from 'zod';
import { envInt, envString, envUrl } from './load-config';

export * from './load-config';

// Each piece below is owned by the part of the system that uses it; apps compose the pieces
// they need into one schema and call loadConfig once.

export const databaseEnv = z.object({
  DATABASE_URL: envUrl('postgresql://postgres@127.0.0.1:5432/enrichment', ['postgresql:', 'postgres:']),
});

export const redisEnv = z.object({
  REDIS_URL: envUrl('redis://127.0.0.1:6379', ['redis:', 'rediss:']),
  // Namespace of every BullMQ key; lets several deployments (or test files) share one Redis.
  QUEUE_PREFIX: envString('enrich'),
});

export const pipelineEnv = z.object({
  JOB_ATTEMPTS: envInt(3, 1, 20),
  JOB_BACKOFF_MS: envInt(2000, 0, 600_000),
  // estimatedDuration reported before any job has completed to average over.
  ESTIMATE_DEFAULT_MS: envInt(5000, 1, 3_600_000),
});

export const logEnv = z.object({
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export const apiEnv = z
  .object({
    PORT: envInt(3000, 0, 65_535),
    HOST: envString('0.0.0.0'),
    BODY_LIMIT: envString('256kb').refine((v) => /^\d+(b|kb|mb)$/i.test(v), 'must look like 256kb or 1mb'),
  })
  .extend(databaseEnv.shape)
  .extend(redisEnv.shape)
  .extend(pipelineEnv.shape)
  .extend(logEnv.shape);
export type ApiConfig = z.infer<typeof apiEnv>;

export const workerEnv = z
  .object({
    SCRAPER_HOST_MAP: z.string().default(''),
    SCRAPER_TIMEOUT_MS: envInt(10_000, 100, 120_000),
    SCRAPER_MAX_BYTES: envInt(5 * 1024 * 1024, 1024, 100 * 1024 * 1024),
    SCRAPER_MAX_REDIRECTS: envInt(5, 0, 20),
    SCRAPER_USER_AGENT: envString('CompanyEnrichmentBot/1.0 (+https://github.com/company-enrichment)'),
    SCRAPE_CONCURRENCY: envInt(10, 1, 500),
    FINALIZE_CONCURRENCY: envInt(20, 1, 500),
    // A job whose worker stops renewing its lock for this long is taken over by another worker.
    WORKER_LOCK_DURATION_MS: envInt(30_000, 1000, 600_000),
    RECONCILE_INTERVAL_MS: envInt(30_000, 200, 3_600_000),
    // Jobs younger than this are left alone: the API may not have enqueued them yet.
    RECONCILE_GRACE_MS: envInt(10_000, 0, 3_600_000),
  })
  .extend(databaseEnv.shape)
  .extend(redisEnv.shape)
  .extend(pipelineEnv.shape)
  .extend(logEnv.shape);
export type WorkerConfig = z.infer<typeof workerEnv>;
