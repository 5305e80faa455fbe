import { loadConfig } from '@enrich/config';
import { createMetrics, metricsEnv, startMetricsListener } from '@enrich/metrics';
import { FakeAnthropic, type FakeReply, FixtureSites, SAMPLE_AI_ANSWER, sleep, WebhookReceiver } from '@enrich/testkit';
import request from 'supertest';
import { metricTotal } from '../support/metric-total';
import { startTestStack, type TestStack } from '../support/test-stack';

// The workers' side of the Prometheus metrics: one single and one small bulk enrichment run
// through every worker kind (website with a Chromium render, LinkedIn, the AI through a fake
// Messages API, webhooks to a local receiver); then each process's registry holds its own
// metrics, moved, and no label value names a domain, URL, team or id.

const HOOKS = 'hooks.metrics-e2e.com';
const page = (head: string, body: string) => `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`;
const plain = (name: string) =>
  page(
    `<title>${name}</title><meta name="description" content="${name} makes careful software for bakeries and their suppliers.">`,
    `<h1>${name}</h1><p>${name} makes careful software for bakeries, mills and the people who deliver their flour.</p>`,
  );
const sites = new FixtureSites()
  .site('shell-metrics.com', {
    '/': page(
      '<title>Loading…</title>',
      `<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>
       <script>document.title = 'ShellMetrics';
         document.getElementById('root').innerHTML = '<h1>ShellMetrics</h1><p>ShellMetrics counts the loaves every bakery in town sells each morning.</p>';</script>`,
    ),
  })
  .site('bulk-one-metrics.com', { '/': plain('BulkOne') })
  .site('bulk-two-metrics.com', { '/': plain('BulkTwo') })
  // Every LinkedIn page guessed from a name is missing: the fetch is still made, and timed.
  .site('linkedin.com', { '/company/none': (_req, res) => void res.writeHead(404).end() });
const receiver = new WebhookReceiver();
const fake = new FakeAnthropic();
const aiReply: FakeReply = { kind: 'tool', input: SAMPLE_AI_ANSWER, usage: { input_tokens: 1000, output_tokens: 250 } };
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

let stack: TestStack;
let key: string;
let team: string;
const jobIds: string[] = [];
let batchId: string;

beforeAll(async () => {
  await Promise.all([sites.start(), fake.start(), receiver.start()]);
  stack = await startTestStack({
    label: 'wmetrics',
    hostMap: sites.hostMap(),
    aiBaseURL: fake.baseURL,
    webhooks: true,
    env: {
      ANTHROPIC_API_KEY: 'sk-test-metrics',
      AI_MAX_RETRIES: '0',
      LINKEDIN_ENABLED: 'true',
      RENDER_ENABLED: 'true',
      SCRAPER_TIMEOUT_MS: '5000',
      WEBHOOK_HOST_MAP: receiver.hostMapEntry(HOOKS),
    },
  });
  team = `team-metrics-${Date.now()}`;
  key = await stack.key('growth', team);
  fake.reply(aiReply, aiReply, aiReply, aiReply);
  const hook = await request(stack.app)
    .post('/webhooks')
    .set(bearer(key))
    .send({ url: `https://${HOOKS}/hook`, events: ['job.completed', 'job.failed', 'batch.completed'] });
  expect(hook.status).toBe(201);

  // One single, one bulk of two, each to its end and each delivery delivered.
  const single = await stack.submit(key, 'shell-metrics.com');
  jobIds.push(single);
  const bulk = await request(stack.app)
    .post('/enrich/bulk')
    .set(bearer(key))
    .send({ domains: ['bulk-one-metrics.com', 'bulk-two-metrics.com'] });
  expect(bulk.status).toBe(202);
  batchId = bulk.body.batchId;
  jobIds.push(...bulk.body.jobs.map((j: { jobId: string }) => j.jobId));
  for (const jobId of jobIds) expect((await stack.waitForJob(key, jobId, 60_000)).body.status).toBe('completed');
  // job.completed ×3 and batch.completed, each delivered once.
  await receiver.waitFor((received) => received.filter((r) => r.path === '/hook').length >= 4, 30_000);
  const deadline = Date.now() + 10_000;
  while ((await stack.database.db.webhookDelivery.count({ where: { status: { not: 'delivered' } } })) > 0) {
    if (Date.now() > deadline) throw new Error('deliveries not all recorded delivered');
    await sleep(50);
  }
  // The batch job (the parent of the items' flows) runs once BullMQ saw the last item end,
  // which may be after its batch.completed was delivered; its queue wait is read off its path.
  const batchRan = async () =>
    (await metricTotal(stack.workerMetrics.scrape, 'enrich_queue_wait_seconds', { queue: 'batch' })) > 0 &&
    (await metricTotal(stack.workerMetrics.scrape, 'enrich_step_duration_seconds', { step: 'batch' })) > 0;
  while (!(await batchRan())) {
    if (Date.now() > deadline) throw new Error('the batch job never ran');
    await sleep(50);
  }
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await Promise.all([sites.stop(), fake.stop(), receiver.stop()]);
});

/** What each process must have moved: metric name → the label sets that must each be > 0. */
const OWNED: Record<'scrape' | 'ai' | 'webhooks', [string, Record<string, string>][]> = {
  scrape: [
    ['enrich_queue_wait_seconds', { queue: 'start' }],
    ['enrich_queue_wait_seconds', { queue: 'scrape' }],
    ['enrich_queue_wait_seconds', { queue: 'finalize' }],
    ['enrich_queue_wait_seconds', { queue: 'batch' }],
    ['enrich_step_duration_seconds', { step: 'start', outcome: 'ok' }],
    ['enrich_step_duration_seconds', { step: 'scrape', outcome: 'ok' }],
    ['enrich_step_duration_seconds', { step: 'finalize', outcome: 'ok' }],
    ['enrich_step_duration_seconds', { step: 'batch', outcome: 'ok' }],
    ['enrich_step_duration_seconds', { step: 'render' }],
    ['enrich_step_duration_seconds', { step: 'linkedin' }],
    ['enrich_source_outcomes_total', { source: 'website', outcome: 'ok' }],
    ['enrich_source_outcomes_total', { source: 'linkedin' }],
    ['enrich_batch_items_total', { state: 'completed' }],
  ],
  ai: [
    ['enrich_queue_wait_seconds', { queue: 'ai' }],
    ['enrich_step_duration_seconds', { step: 'ai', outcome: 'ok' }],
    ['enrich_step_duration_seconds', { step: 'llm', outcome: 'ok' }],
    ['enrich_source_outcomes_total', { source: 'ai', outcome: 'ok' }],
    ['enrich_llm_calls_total', { outcome: 'ok' }],
    ['enrich_llm_tokens_total', { direction: 'in' }],
    ['enrich_llm_tokens_total', { direction: 'out' }],
    ['enrich_llm_cost_usd_total', {}],
  ],
  webhooks: [
    ['enrich_queue_wait_seconds', { queue: 'webhook' }],
    ['enrich_step_duration_seconds', { step: 'webhook', outcome: 'ok' }],
    ['enrich_step_duration_seconds', { step: 'webhook_delivery', outcome: 'ok' }],
    ['enrich_webhook_attempts_total', { outcome: 'ok' }],
    ['enrich_webhook_deliveries_total', { outcome: 'delivered' }],
    ['enrich_webhook_delivery_lag_seconds', {}],
  ],
};

describe('worker metrics', () => {
  it('each worker process has moved the metrics of its own work', async () => {
    const missing: string[] = [];
    for (const [kind, expected] of Object.entries(OWNED) as [keyof typeof OWNED, (typeof OWNED)['ai']][]) {
      const metrics = stack.workerMetrics[kind];
      const text = await metrics.registry.metrics();
      for (const [name, labels] of expected) {
        if (!text.includes(`# TYPE ${name} `)) missing.push(`${kind}: ${name} absent`);
        else if (!((await metricTotal(metrics, name, labels)) > 0)) missing.push(`${kind}: ${name}${JSON.stringify(labels)} did not move`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('counts exactly what happened where it can be counted', async () => {
    const { scrape, ai, webhooks } = stack.workerMetrics;
    expect(await metricTotal(scrape, 'enrich_batch_items_total', { state: 'completed' })).toBe(2);
    expect(await metricTotal(scrape, 'enrich_source_outcomes_total', { source: 'website' })).toBe(3);
    expect(await metricTotal(ai, 'enrich_llm_calls_total', { outcome: 'ok' })).toBe(3);
    expect(await metricTotal(ai, 'enrich_llm_tokens_total', { direction: 'in' })).toBe(3000);
    expect(await metricTotal(ai, 'enrich_llm_tokens_total', { direction: 'out' })).toBe(750);
    // At the default prices, $3 and $15 per million tokens read and written.
    expect(await metricTotal(ai, 'enrich_llm_cost_usd_total')).toBeCloseTo((3000 * 3 + 750 * 15) / 1e6, 9);
    expect(await metricTotal(webhooks, 'enrich_webhook_deliveries_total', { outcome: 'delivered' })).toBe(4);
    // Another process's work is not counted here.
    expect(await metricTotal(scrape, 'enrich_llm_calls_total')).toBe(0);
    expect(await metricTotal(ai, 'enrich_webhook_attempts_total')).toBe(0);
    expect(await metricTotal(webhooks, 'enrich_source_outcomes_total')).toBe(0);
    // Present in the reconciler's process; reconciler.test.ts sees it move.
    expect(await scrape.registry.metrics()).toContain('# TYPE enrich_reconciler_requeues_total counter');
  });

  it('labels no series with a domain, URL, team or id', async () => {
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    const offenders: string[] = [];
    for (const [kind, metrics] of Object.entries(stack.workerMetrics)) {
      const text = await metrics.registry.metrics();
      const values = [...text.matchAll(/[a-z_]+="((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
      for (const value of new Set(values)) {
        if (uuid.test(value) || /https?:|\/\/|[a-z0-9-]+\.(?:com|net|org|io)\b|team-|bat_/i.test(value))
          offenders.push(`${kind}: ${value}`);
      }
      for (const secret of [team, batchId, HOOKS, ...jobIds, 'metrics.com'])
        if (text.includes(secret)) offenders.push(`${kind}: ${secret}`);
    }
    expect(offenders).toEqual([]);
  });
});

describe("a worker's metrics listener", () => {
  it('serves GET /metrics on its own port, and only to the token when one is set', async () => {
    const metrics = createMetrics('worker-scrape');
    metrics.stepDuration.labels('scrape', 'ok').observe(0.2);
    const open = await startMetricsListener(metrics, loadConfig(metricsEnv(9465), { METRICS_PORT: '0' }));
    const token = 'a-token-of-sixteen-chars';
    const guarded = await startMetricsListener(metrics, loadConfig(metricsEnv(9465), { METRICS_PORT: '0', METRICS_TOKEN: token }));
    try {
      const res = await fetch(open.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await res.text();
      expect(text).toMatch(/^enrich_step_duration_seconds_count\{(?=[^}]*step="scrape")(?=[^}]*app="worker-scrape")[^}]*\} 1$/m);
      expect(text).toContain('process_cpu_seconds_total');
      expect((await fetch(guarded.url)).status).toBe(401);
      expect((await fetch(guarded.url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      await Promise.all([open.close(), guarded.close()]);
    }
  });
});
