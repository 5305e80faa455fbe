import { createPrismaClient, sqlPool } from '@enrich/db';
import { jobEvents } from '@enrich/jobs';
import type { Logger } from '@enrich/logger';
import type { Metrics } from '@enrich/metrics';
import {
  batchStep,
  deliveryQueue,
  finalizeStep,
  MonitorSweep,
  monitorCheckPace,
  Reconciler,
  type ScrapeStepDeps,
  scrapeStep,
  startStep,
  timedRenderer,
} from '@enrich/pipeline';
import { openQueueStore, QueueName } from '@enrich/queue';
import { crawlSettingsFrom, createBrowserPool, HostAgents, looksLikeJsShell } from '@enrich/scraper';
import { createStepWorker, startHeartbeat } from '@enrich/worker-runtime';
import type { Telemetry } from 'bullmq';
import { createLinkedInGate } from './linkedin-gate';
import type { WorkerConfig } from './worker-config';

export interface RunningWorkers {
  close(): Promise<void>;
}

/**
 * Everything one worker-scrape process runs: the start step (queues the flows of single
 * submissions), the scrape step (website and LinkedIn), the finalize step, the batch step,
 * the reconciler and the monitor sweep, plus this process's Chromium pool for
 * JavaScript-only homepages. Holds no state between jobs, so any number of replicas can run
 * side by side. `telemetry`: BullMQ's spans when traces are on (@enrich/telemetry).
 */
export async function startWorkers(config: WorkerConfig, logger: Logger, metrics: Metrics, telemetry?: Telemetry): Promise<RunningWorkers> {
  const db = createPrismaClient(config.DATABASE_URL, { maxConnections: Math.min(20, config.SCRAPE_CONCURRENCY + 5) });
  const queues = await openQueueStore(config, { role: 'worker', telemetry, sharedPool: sqlPool(db) });
  const retry = { attempts: config.JOB_ATTEMPTS, backoffMs: config.JOB_BACKOFF_MS };
  // State changes are announced to the API's event streams (they make up a lost message from Postgres).
  const events = jobEvents(queues.state, (error) => logger.warn('job event not published', { error: String(error) }));
  const common = {
    queues,
    lockDurationMs: config.WORKER_LOCK_DURATION_MS,
    logger,
    metrics,
    onGiveUpError: (error: unknown, step: string) => logger.error('could not record a step failure', { step, error }),
  };
  const fetch = {
    hostMap: config.SCRAPER_HOST_MAP,
    timeoutMs: config.SCRAPER_TIMEOUT_MS,
    maxBytes: config.SCRAPER_MAX_BYTES,
    maxRedirects: config.SCRAPER_MAX_REDIRECTS,
    userAgent: config.SCRAPER_USER_AGENT,
  };
  const browser = config.RENDER_ENABLED
    ? createBrowserPool({
        chromiumPath: config.CHROMIUM_PATH,
        maxPages: config.RENDER_MAX_PAGES,
        recycleAfter: config.RENDER_RECYCLE_AFTER,
        timeoutMs: config.RENDER_TIMEOUT_MS,
      })
    : undefined;
  const { fetch: _fetch, ...crawl } = crawlSettingsFrom(config, fetch);
  // LinkedIn is one host for every job: its connections are kept alive across jobs, so a
  // company's page costs a request, not also a connection and its TLS handshake. (A site's own
  // pools live as long as its scrape: scrapeWebsiteSource.)
  const linkedinAgents = config.LINKEDIN_ENABLED ? new HostAgents({ maxSockets: config.SCRAPE_CONCURRENCY }) : undefined;
  const deps: ScrapeStepDeps = {
    db,
    events,
    website: {
      fetch,
      crawl,
      renderer:
        browser &&
        timedRenderer(
          {
            render: (url) =>
              browser.render(url, {
                hostMap: fetch.hostMap,
                userAgent: fetch.userAgent,
                maxBytes: fetch.maxBytes,
                maxRedirects: fetch.maxRedirects,
              }),
          },
          metrics,
        ),
      needsRendering: (html, wordCount) => looksLikeJsShell(html, wordCount, config.RENDER_MIN_WORDS),
    },
    linkedin: config.LINKEDIN_ENABLED
      ? {
          fetch: { ...fetch, agents: linkedinAgents },
          gate: createLinkedInGate(queues.state, {
            requestsPerMinute: config.LINKEDIN_REQUESTS_PER_MINUTE,
            maxWaitMs: config.LINKEDIN_MAX_WAIT_MS,
          }),
          backoffBaseMs: config.LINKEDIN_BACKOFF_BASE_MS,
        }
      : null,
    sharedRun: { pollMs: config.SHARED_RUN_POLL_MS, maxWaitMs: config.SHARED_RUN_MAX_WAIT_MS },
    metrics,
  };

  // Webhook deliveries owed by the jobs and batches that end here (worker-webhooks makes them).
  const deliveries = deliveryQueue(queues.queue(QueueName.webhook), retry, logger);
  const start = createStepWorker('start', startStep(db, queues.flows(), retry), { ...common, concurrency: 5 });
  const scrape = createStepWorker('scrape', scrapeStep(deps), { ...common, concurrency: config.SCRAPE_CONCURRENCY });
  const finalize = createStepWorker('finalize', finalizeStep(db, events, deliveries, metrics), {
    ...common,
    concurrency: config.FINALIZE_CONCURRENCY,
  });
  const batch = createStepWorker('batch', batchStep(db, deliveries), { ...common, concurrency: 5 });
  for (const worker of [start, scrape, finalize, batch]) {
    // Connection blips are retried by the store's client and BullMQ; log them, never crash on them.
    worker.on('error', (error) => logger.warn('worker error', { queue: worker.name, error: error.message }));
  }

  const reconciler = new Reconciler({
    db,
    events,
    queues,
    retry,
    intervalMs: config.RECONCILE_INTERVAL_MS,
    graceMs: config.RECONCILE_GRACE_MS,
    logger,
    metrics,
  });
  reconciler.start();
  // Due monitors' checks, submitted through admission like any refresh (their jobs run here),
  // at the fleet's pace: every replica takes from one budget in the shared state.
  const sweep = new MonitorSweep({
    db,
    queues,
    retry,
    logger,
    metrics,
    settings: {
      daySeconds: config.MONITOR_DAY_SECONDS,
      sweepIntervalMs: config.MONITOR_SWEEP_INTERVAL_MS,
      freshnessWindowHours: config.FRESHNESS_WINDOW_HOURS,
    },
    pace: monitorCheckPace(queues.state, {
      checksPerSecond: config.MONITOR_CHECKS_PER_SECOND,
      sweepIntervalMs: config.MONITOR_SWEEP_INTERVAL_MS,
    }),
  });
  sweep.start();
  await Promise.all([start, scrape, finalize, batch].map((worker) => worker.waitUntilReady()));
  const stopHeartbeat = config.WORKER_HEARTBEAT_FILE
    ? startHeartbeat(config.WORKER_HEARTBEAT_FILE, {
        queues,
        db,
        isRunning: () => [start, scrape, finalize, batch].every((worker) => worker.isRunning()),
      })
    : () => undefined;

  return {
    async close() {
      stopHeartbeat();
      // The sweep first: a pass under way commits its claims with their jobs queued, or none.
      await sweep.close();
      await reconciler.close();
      await Promise.all([start, scrape, finalize, batch].map((worker) => worker.close()));
      await queues.close();
      await browser?.close();
      linkedinAgents?.destroy();
      await db.$disconnect();
    },
  };
}
