import {
  Counter,
  type CounterConfiguration,
  collectDefaultMetrics,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  Registry,
} from 'prom-client';

/**
 * Every metric the service exports, in one place: docs/operations.md explains each, and the
 * alert rules and Grafana dashboard in deploy/ name only these. Each process builds one
 * `Metrics` at start-up (its own registry, with the process's default metrics) and hands it to
 * what it runs; a process fills the metrics of its own work and leaves the others at zero.
 *
 * Labels are bounded by construction: route templates, queue and step names, states, sources,
 * error codes, plans, models and outcome words. Never a team, key, domain, URL or id
 * (metrics-catalogue.test.ts and the metrics integration test hold them to it).
 */
export type Metrics = ReturnType<typeof createMetrics>;

/** Processes that export metrics; the `app` label of every series. */
export type MetricsApp = 'api' | 'worker-scrape' | 'worker-ai' | 'worker-webhooks';

// Seconds: fast HTTP answers to slow page renders and LLM calls.
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
// Waiting in a queue, and webhook lag: up to hours when a receiver is down.
const WAIT_SECONDS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600, 14_400];

/** A metric of the catalogue: its name, and how a process's registry makes it. */
interface Definition<M> {
  name: string;
  make: (registers: Registry[]) => M;
}

const counter = <T extends string>(config: CounterConfiguration<T>): Definition<Counter<T>> => ({
  name: config.name,
  make: (registers) => new Counter({ ...config, registers }),
});
const gauge = <T extends string>(config: GaugeConfiguration<T>): Definition<Gauge<T>> => ({
  name: config.name,
  make: (registers) => new Gauge({ ...config, registers }),
});
const histogram = <T extends string>(config: HistogramConfiguration<T>): Definition<Histogram<T>> => ({
  name: config.name,
  make: (registers) => new Histogram({ ...config, registers }),
});

const CATALOGUE = {
  httpRequestDuration: histogram({
    name: 'enrich_http_request_duration_seconds',
    help: 'API requests by method, route template and status class (2xx, 4xx, ...).',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: SECONDS,
  }),
  queueJobs: gauge({
    name: 'enrich_queue_jobs',
    help: 'Jobs in each queue by state, read from BullMQ when scraped.',
    labelNames: ['queue', 'state'] as const,
  }),
  queueWait: histogram({
    name: 'enrich_queue_wait_seconds',
    help: 'Time a job waited in its queue before a worker took it.',
    labelNames: ['queue'] as const,
    buckets: WAIT_SECONDS,
  }),
  stepDuration: histogram({
    name: 'enrich_step_duration_seconds',
    help: 'Time each pipeline step ran (start, scrape, ai, finalize, batch, webhook jobs) and parts of them: render, linkedin, llm (the model call), webhook_delivery (one attempt).',
    labelNames: ['step', 'outcome'] as const,
    buckets: SECONDS,
  }),
  sourceOutcomes: counter({
    name: 'enrich_source_outcomes_total',
    help: 'Outcomes per source (website, linkedin, ai): ok, skipped, or the error code.',
    labelNames: ['source', 'outcome'] as const,
  }),
  llmCalls: counter({
    name: 'enrich_llm_calls_total',
    help: 'Calls to the model, by model and outcome (ok or the error code).',
    labelNames: ['model', 'outcome'] as const,
  }),
  llmTokens: counter({
    name: 'enrich_llm_tokens_total',
    help: 'Tokens the model read (direction="in") and wrote (direction="out").',
    labelNames: ['model', 'direction'] as const,
  }),
  llmCost: counter({
    name: 'enrich_llm_cost_usd_total',
    help: "What the model's tokens cost, in US dollars, at the configured prices.",
    labelNames: ['model'] as const,
  }),
  webhookDeliveries: counter({
    name: 'enrich_webhook_deliveries_total',
    help: 'Webhook deliveries that ended: delivered, or exhausted (every attempt failed).',
    labelNames: ['outcome'] as const,
  }),
  webhookAttempts: counter({
    name: 'enrich_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome: ok, http_error, network_error, refused.',
    labelNames: ['outcome'] as const,
  }),
  webhookLag: histogram({
    name: 'enrich_webhook_delivery_lag_seconds',
    help: "Time from the event (a job's or batch's end) to its delivery's success.",
    buckets: WAIT_SECONDS,
  }),
  eventStreams: gauge({
    name: 'enrich_event_streams_open',
    help: 'Progress streams (server-sent events) open on this API process, by kind (job, batch).',
    labelNames: ['kind'] as const,
  }),
  reconcilerRequeues: counter({
    name: 'enrich_reconciler_requeues_total',
    help: 'Jobs and deliveries the reconciler put back on a queue after Redis lost them.',
    labelNames: ['kind'] as const,
  }),
  limitRefusals: counter({
    name: 'enrich_limit_refusals_total',
    help: 'Requests refused by a rate-limit window (minute, day), the monthly quota (month) or a sign-in account window (signin), by plan (anonymous without a key).',
    labelNames: ['plan', 'limit'] as const,
  }),
  batchItems: counter({
    name: 'enrich_batch_items_total',
    help: 'Bulk batch items by state: admitted (a job made), completed, failed.',
    labelNames: ['state'] as const,
  }),
  monitorsDue: gauge({
    name: 'enrich_monitors_due',
    help: 'Monitors whose check is due and not yet submitted, as the last sweep counted them.',
  }),
  monitorChecks: counter({
    name: 'enrich_monitor_checks_total',
    help: 'Monitor checks: submitted, refused (the monthly quota paused the monitor), ok (the site was read), failing.',
    labelNames: ['outcome'] as const,
  }),
  monitorCheckLateness: histogram({
    name: 'enrich_monitor_check_lateness_seconds',
    help: 'How long after its due time a monitor check was submitted.',
    buckets: WAIT_SECONDS,
  }),
  companyChanges: counter({
    name: 'enrich_company_changes_total',
    help: "Changes found in companies' records by refreshes, by field (social profiles as one).",
    labelNames: ['field'] as const,
  }),
  companyChangedOwed: counter({
    name: 'enrich_company_changed_events_total',
    help: 'company.changed webhook deliveries owed (one per subscribed endpoint of each team watching the domain).',
  }),
};

type Catalogue = typeof CATALOGUE;

export function createMetrics(app: MetricsApp) {
  const registry = new Registry();
  registry.setDefaultLabels({ app });
  collectDefaultMetrics({ register: registry });
  const made = Object.entries(CATALOGUE).map(([key, metric]) => [key, metric.make([registry])]);
  return { registry, ...(Object.fromEntries(made) as { [K in keyof Catalogue]: ReturnType<Catalogue[K]['make']> }) };
}

/** Every metric name the catalogue defines (without histogram suffixes); for docs and tests. */
export const METRIC_NAMES: readonly string[] = Object.values(CATALOGUE).map((metric) => metric.name);
