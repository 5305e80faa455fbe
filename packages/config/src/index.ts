import { z } from 'zod';
import { envBool, envDecimal, envInt, envString, envUrl } from './load-config';

export * from './load-config';

// The pieces every app shares. Other pieces live with the code that uses them (the scraper's
// in packages/scraper, each app's own in the app); an app composes the pieces it needs into
// one schema and calls loadConfig once at start-up.

/** The PostgreSQL tried when DATABASE_URL is not given. */
export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/enrichment';

export const databaseEnv = z.object({
  DATABASE_URL: envUrl(DEFAULT_DATABASE_URL, ['postgresql:', 'postgres:']),
  // What DATABASE_URL names, as /readyz reports it: `embedded` when `npm start` runs the
  // embedded server (it sets this for the processes it starts), else `server`.
  POSTGRES_MODE: z.enum(['server', 'embedded']).default('server'),
});

// `npm start` without DATABASE_URL, when nothing answers at DEFAULT_DATABASE_URL: the embedded
// PostgreSQL's port (on 127.0.0.1) and folder (relative to the checkout), kept across starts.
export const embeddedPostgresEnv = z.object({
  EMBEDDED_POSTGRES_PORT: envInt(54329, 1024, 65535),
  EMBEDDED_POSTGRES_DIR: envString('.data/postgres'),
});

// Where the queues and the state every replica shares live. `redis` (REDIS_URL) for many
// workers and high submission rates; `postgres` keeps them in DATABASE_URL's database (BullMQ's
// PostgreSQL backend), so the service needs no Redis. `npm start` sets it for the processes it
// starts: redis when REDIS_URL is given or a Redis answers at its default address.
export const queueStoreEnv = z.object({
  QUEUE_STORE: z.enum(['redis', 'postgres']).default('redis'),
  REDIS_URL: envUrl('redis://127.0.0.1:6379', ['redis:', 'rediss:']),
  // REDIS_URL names one node of a Redis Cluster (its credentials and TLS apply to all); the
  // clients find the other nodes from it. Key names are the same either way.
  REDIS_CLUSTER: envBool(false),
  // Namespace of the queues (Redis: every key; PostgreSQL: the schema bullmq_<prefix>) and of the
  // shared state; lets several deployments (or test files) share one Redis or database.
  QUEUE_PREFIX: envString('enrich'),
});

export const pipelineEnv = z.object({
  JOB_ATTEMPTS: envInt(3, 1, 20),
  JOB_BACKOFF_MS: envInt(2000, 0, 600_000),
  // estimatedDuration reported before any job has completed to average over.
  ESTIMATE_DEFAULT_MS: envInt(5000, 1, 3_600_000),
  // How long a company record stays fresh: a job for a domain enriched within it completes at
  // once from the stored record (unless the request says refresh), and a team re-submitting a
  // domain within it submits a duplicate, which costs nothing against its limits.
  FRESHNESS_WINDOW_HOURS: envInt(24, 0, 24 * 365),
  // A job that follows another job's run of the same domain checks for its results this often,
  // and runs on its own once it has waited this long (the other run may be stuck).
  SHARED_RUN_POLL_MS: envInt(500, 10, 60_000),
  SHARED_RUN_MAX_WAIT_MS: envInt(120_000, 0, 3_600_000),
  // The length of a day for monitors' intervals (daily: one, weekly: 7, monthly: 30), read by the
  // API (a new monitor's first check) and the sweep. Tests shorten it to seconds; nothing else
  // about the schedule changes.
  MONITOR_DAY_SECONDS: envDecimal(86_400, 0.1, 86_400),
});

// Dashboard accounts: who may sign up, and how long a dashboard session lives.
export const dashboardEnv = z.object({
  // open: anyone may sign up (a new team); invite: only with an invite; closed: nobody.
  SIGNUP_MODE: z.enum(['open', 'invite', 'closed']).default('open'),
  // A session unused this long ends (fractions allowed: tests use seconds).
  SESSION_IDLE_HOURS: envDecimal(7 * 24, 0.0001, 24 * 365),
  // A session ends this long after sign-in, however much it is used.
  SESSION_MAX_DAYS: envDecimal(30, 0.00001, 3650),
});

export const logEnv = z.object({
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

// Every process, on SIGTERM: how long it may take to finish the work in hand (requests, jobs)
// before it lets go of the rest (connections closed; jobs left to another replica once their
// locks expire) and exits.
export const shutdownEnv = z.object({
  SHUTDOWN_TIMEOUT_MS: envInt(25_000, 0, 600_000),
});

// Every worker process: how long a job may go without its lock renewed before another worker
// takes it over (a crash), and the file a container health check reads.
export const workerProcessEnv = z.object({
  WORKER_LOCK_DURATION_MS: envInt(30_000, 1000, 600_000),
  // When set, rewritten every 10 s while the worker is healthy (for container health checks).
  WORKER_HEARTBEAT_FILE: z.string().trim().optional(),
});

// What every worker process reads beside its own settings.
export const workerBaseEnv = workerProcessEnv
  .extend(shutdownEnv.shape)
  .extend(databaseEnv.shape)
  .extend(queueStoreEnv.shape)
  .extend(pipelineEnv.shape)
  .extend(logEnv.shape);
