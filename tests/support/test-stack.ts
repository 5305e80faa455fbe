import { randomBytes } from 'node:crypto';
import { type AppContext, apiEnv, createApp, createAppContext } from '@enrich/api';
import { issueApiKey } from '@enrich/api-keys';
import { loadConfig } from '@enrich/config';
import { type Plan, sqlPool } from '@enrich/db';
import { createLogger } from '@enrich/logger';
import { createMetrics, type Metrics } from '@enrich/metrics';
import { startStep } from '@enrich/pipeline';
import {
  jobCatalog,
  openQueueStore,
  openRedis,
  QueueName,
  type QueueStore,
  type QueueStoreKind,
  RedisQueueStore,
  removePrefixKeys,
  waitUntilConnected,
} from '@enrich/queue';
import { sleep } from '@enrich/testkit';
import { aiWorkerEnv, startAiWorker } from '@enrich/worker-ai';
import { type RunningWorkers, startWorkers, type WorkerConfig, workerEnv } from '@enrich/worker-scrape';
import { startWebhookWorker, webhookWorkerEnv } from '@enrich/worker-webhooks';
import type { Express } from 'express';
import request from 'supertest';
import { createTestDatabase, type TestDatabase } from './test-database';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * What holds the queues in this run: each jest project of the integration suite sets it
 * (tests/support/queue-store-*.ts), so that the same tests run on Redis and on PostgreSQL.
 */
export const QUEUE_STORE: QueueStoreKind = process.env.TEST_QUEUE_STORE === 'postgres' ? 'postgres' : 'redis';

// Short timings so that retries, stalls and reconciliation happen within a test's patience.
export const TEST_WORKER_ENV = {
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  SCRAPER_TIMEOUT_MS: '1500',
  JOB_ATTEMPTS: '3',
  JOB_BACKOFF_MS: '200',
  WORKER_LOCK_DURATION_MS: '2000',
  RECONCILE_INTERVAL_MS: '500',
  RECONCILE_GRACE_MS: '1000',
  SHARED_RUN_POLL_MS: '100',
  // Sources that would reach the real internet are off unless a test maps them to fixtures.
  LINKEDIN_ENABLED: 'false',
  RENDER_ENABLED: 'false',
  ANTHROPIC_API_KEY: '',
  // Processes a test spawns serve /metrics on a free port: test files run side by side.
  METRICS_PORT: '0',
};

export interface StackOptions {
  label: string;
  hostMap?: string;
  workers?: boolean;
  env?: Record<string, string>;
  redisUrl?: string;
  /** Where the AI worker sends Messages API calls (a fake); needs ANTHROPIC_API_KEY in env. */
  aiBaseURL?: string;
  /** Also run worker-webhooks beside the others (its settings from env: WEBHOOK_HOST_MAP, …). */
  webhooks?: boolean;
  /** A PostgreSQL server of the test's own (URL without a database name) instead of the shared one. */
  databaseServer?: string;
}

export interface TestStack {
  app: Express;
  /** What the app was built from: another app over the same services (other settings, or a second process) starts from it. */
  context: AppContext;
  database: TestDatabase;
  queuePrefix: string;
  workerEnv: Record<string, string>;
  workerConfig: WorkerConfig;
  startWorkers(): Promise<RunningWorkers>;
  /** A worker process's queue store over this stack's services (for queue workers of a test's own), closed by stop(). */
  workerQueues(): Promise<QueueStore>;
  /** Each worker kind's metrics (one per kind, shared by the replicas startWorkers adds), as its process would export them. */
  workerMetrics: { scrape: Metrics; ai: Metrics; webhooks: Metrics };
  key(plan?: Plan, team?: string): Promise<string>;
  submit(key: string, domain: string): Promise<string>;
  /**
   * For a stack without workers: what a worker's start step does with the start jobs queued
   * so far (the flows of single submissions are added), and the start jobs are gone.
   */
  runStartJobs(): Promise<void>;
  waitForJob(key: string, jobId: string, timeoutMs?: number): Promise<request.Response>;
  stop(): Promise<void>;
}

export async function startTestStack(options: StackOptions): Promise<TestStack> {
  const database = await createTestDatabase(options.label, options.databaseServer);
  const queuePrefix = `t-${options.label}-${randomBytes(3).toString('hex')}`;
  const redisUrl = options.redisUrl ?? REDIS_URL;
  const env: Record<string, string> = {
    ...TEST_WORKER_ENV,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    // A test that brings a Redis of its own (a private one, a cluster) is about Redis.
    QUEUE_STORE: options.redisUrl ? 'redis' : QUEUE_STORE,
    QUEUE_PREFIX: queuePrefix,
    SCRAPER_HOST_MAP: options.hostMap ?? '',
    ...options.env,
  };
  const apiConfig = loadConfig(apiEnv, env);
  const workerConfig = loadConfig(workerEnv, env);
  const logger = createLogger(env.LOG_LEVEL as 'silent');
  const queues = await openQueueStore(apiConfig, { role: 'producer', sharedPool: sqlPool(database.db) });
  if (queues instanceof RedisQueueStore) await waitUntilConnected(queues.redis, 5000);
  // The API's own context: its caches and coalesced lookups are this stack's alone.
  const context: AppContext = createAppContext({ config: apiConfig, db: database.db, queues, logger });
  const app = createApp(context);
  const running: RunningWorkers[] = [];
  const aiConfig = loadConfig(aiWorkerEnv, env);
  const webhookConfig = loadConfig(webhookWorkerEnv, env);
  const workerMetrics = {
    scrape: createMetrics('worker-scrape'),
    ai: createMetrics('worker-ai'),
    webhooks: createMetrics('worker-webhooks'),
  };
  // One replica of each worker kind, closed together.
  const launch = async (): Promise<RunningWorkers> => {
    const [workers, ai, webhooks] = await Promise.all([
      startWorkers(workerConfig, logger, workerMetrics.scrape),
      startAiWorker(aiConfig, logger, workerMetrics.ai, { baseURL: options.aiBaseURL }),
      options.webhooks ? startWebhookWorker(webhookConfig, logger, workerMetrics.webhooks) : undefined,
    ]);
    const all = { close: () => Promise.all([workers.close(), ai.close(), webhooks?.close()]).then(() => undefined) };
    running.push(all);
    return all;
  };
  if (options.workers !== false) await launch();
  const stores: QueueStore[] = [];
  let teams = 0;

  return {
    app,
    context,
    database,
    queuePrefix,
    workerEnv: env,
    workerConfig,
    startWorkers: launch,
    async workerQueues() {
      const store = await openQueueStore(workerConfig, { role: 'worker', sharedPool: sqlPool(database.db) });
      stores.push(store);
      return store;
    },
    workerMetrics,
    async key(plan: Plan = 'growth', team?: string) {
      teams += 1;
      return (await issueApiKey(database.db, team ?? `team-${teams}-${randomBytes(3).toString('hex')}`, plan)).key;
    },
    async submit(key, domain) {
      const res = await request(app).post('/enrich').set('Authorization', `Bearer ${key}`).send({ domain });
      if (res.status !== 202) throw new Error(`submit ${domain}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.jobId as string;
    },
    async runStartJobs() {
      const queue = queues.queue(QueueName.start);
      const step = startStep(database.db, queues.flows(), { attempts: workerConfig.JOB_ATTEMPTS, backoffMs: workerConfig.JOB_BACKOFF_MS });
      for (const job of await queue.getJobs(['waiting', 'prioritized', 'delayed'])) {
        await step.run(jobCatalog.start.payload.parse(job.data), {
          isLastAttempt: true,
          waitAndRetry: async () => Promise.reject(),
          logger,
        });
        await job.remove();
      }
    },
    async waitForJob(key, jobId, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const res = await request(app).get(`/api/enrich/${jobId}`).set('Authorization', `Bearer ${key}`);
        if (res.status !== 200 || res.body.status !== 'processing') return res;
        if (Date.now() > deadline) throw new Error(`job ${jobId} still processing after ${timeoutMs} ms`);
        await sleep(100);
      }
    },
    async stop() {
      await context.events.close();
      await Promise.all(running.map((w) => w.close()));
      await Promise.all([queues, ...stores].map((store) => store.close()));
      // PostgreSQL mode: the queues' schema goes with the test's database.
      if (apiConfig.QUEUE_STORE === 'redis') await removeQueueKeys(redisUrl, queuePrefix, apiConfig.REDIS_CLUSTER);
      await database.drop();
    },
  };
}

// Removes this stack's Redis keys, leaving other test files' queues alone.
export async function removeQueueKeys(redisUrl: string, queuePrefix: string, cluster = false): Promise<void> {
  const redis = openRedis(redisUrl, { maxRetriesPerRequest: 1 }, { cluster });
  try {
    await removePrefixKeys(redis, queuePrefix);
  } finally {
    redis.disconnect();
  }
}
