import {
  type ChildApp,
  FakeAnthropic,
  FixtureSites,
  freePort,
  LocalServer,
  SAMPLE_AI_ANSWER,
  sleep,
  spawnApp,
  spawnService,
  stopApps,
  WebhookReceiver,
} from '@enrich/testkit';
import { QUEUE_STORE, startTestStack, type TestStack } from '../support/test-stack';

// Traces (issue "Operate it"): the four processes run as `npm start` runs them, with an OTLP
// endpoint set, and send their spans (OTLP/HTTP, JSON) to a local receiver. One submission
// makes one trace: the API's POST /enrich server span, the workers' BullMQ process spans of
// its steps, and PostgreSQL and Redis spans inside it.

const DOMAIN = 'traced-co.com';
const HOOKS = 'hooks.traced-receiver.com';

interface ReceivedSpan {
  service: string;
  scope: string;
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpKeyValue {
  key: string;
  value: OtlpValue;
}
interface OtlpTraces {
  resourceSpans?: {
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans?: {
      scope?: { name?: string };
      spans?: { name: string; kind: number; traceId: string; spanId: string; parentSpanId?: string; attributes?: OtlpKeyValue[] }[];
    }[];
  }[];
}

const attributes = (list: OtlpKeyValue[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue]));

/** A collector's OTLP/HTTP traces endpoint, JSON only: every span it was sent, flattened. */
class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  readonly contentTypes = new Set<string>();
  private readonly server = new LocalServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
      this.contentTypes.add(String(req.headers['content-type']));
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpTraces;
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = String(attributes(resourceSpans.resource?.attributes)['service.name']);
        for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
          for (const span of scopeSpans.spans ?? []) {
            this.spans.push({
              service,
              scope: scopeSpans.scope?.name ?? '',
              name: span.name,
              kind: span.kind,
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || undefined,
              attributes: attributes(span.attributes),
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });

  async start(): Promise<string> {
    return `http://127.0.0.1:${await this.server.start()}`;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}

const SERVER = 2; // OTLP SpanKind
const CLIENT = 3;
const CONSUMER = 5;

const sites = new FixtureSites().site(DOMAIN, {
  '/':
    '<!doctype html><html><head><title>Traced Co</title><meta property="og:site_name" content="Traced Co"></head>' +
    '<body><h1>Traced Co</h1><p>Traced Co builds route planning software for cycling clubs and their members.</p></body></html>',
});
const fake = new FakeAnthropic();
const hooks = new WebhookReceiver();
const receiver = new OtlpReceiver();
let stack: TestStack;
let apiUrl: string;
let key: string;
let endpoint: string;
const children: ChildApp[] = [];

beforeAll(async () => {
  [, , endpoint] = await Promise.all([sites.start(), fake.start(), receiver.start(), hooks.start()]);
  stack = await startTestStack({ label: 'tracing', workers: false, hostMap: sites.hostMap() });
  key = await stack.key();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...stack.workerEnv,
    LOG_LEVEL: 'info',
    PORT: String(port),
    HOST: '127.0.0.1',
    ANTHROPIC_API_KEY: 'sk-ant-tracing-test',
    ANTHROPIC_BASE_URL: fake.baseURL,
    WEBHOOK_HOST_MAP: hooks.hostMapEntry(HOOKS),
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    // Spans leave within a fifth of a second, not the default five.
    OTEL_BSP_SCHEDULE_DELAY: '200',
  };
  const service = spawnService(env);
  const apps = service.all;
  children.push(...apps);
  apiUrl = `http://127.0.0.1:${port}`;
  await service.ready;
  // Each process says where its spans go.
  for (const app of apps)
    expect(app.tail.some((line) => line.includes('"msg":"traces on"') && line.includes(`enrich-${app.name}`))).toBe(true);
}, 120_000);

afterAll(async () => {
  await stopApps(children);
  await stack?.stop();
  await Promise.all([sites.stop(), fake.stop(), receiver.stop(), hooks.stop()]);
});

it('shows one submission as one trace across the API and the workers, with PostgreSQL and Redis spans in it', async () => {
  fake.reply({ kind: 'tool', input: SAMPLE_AI_ANSWER });
  const res = await fetch(`${apiUrl}/enrich`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ domain: DOMAIN, webhookUrl: `https://${HOOKS}/traced` }),
  });
  expect(res.status).toBe(202);
  const { jobId } = (await res.json()) as { jobId: string };
  expect((await stack.waitForJob(key, jobId, 60_000)).body.status).toBe('completed');

  const request = () =>
    receiver.spans.find(
      // The route is registered with and without the /api prefix.
      (s) => s.service === 'enrich-api' && s.kind === SERVER && String(s.attributes['http.route']).split(',').includes('/enrich'),
    );
  const trace = () => receiver.spans.filter((s) => s.traceId === request()?.traceId);
  // BullMQ's span of a worker running a job of `queue`.
  const processed = (service: string, queue: string) =>
    trace().some((s) => s.service === service && s.scope === 'bullmq' && s.kind === CONSUMER && s.name === `process ${queue}`);
  const complete = () =>
    processed('enrich-worker-scrape', 'start') &&
    processed('enrich-worker-scrape', 'scrape') &&
    processed('enrich-worker-ai', 'ai') &&
    processed('enrich-worker-scrape', 'finalize') &&
    processed('enrich-worker-webhooks', 'webhook');
  for (const deadline = Date.now() + 15_000; !complete() && Date.now() < deadline; ) await sleep(100);
  const summary = () =>
    [...new Set(trace().map((s) => `${s.service} ${s.scope} ${s.name}`))].sort().join('\n') ||
    receiver.spans
      .slice(0, 50)
      .map((s) => `${s.traceId} ${s.service} ${s.scope} ${s.name}`)
      .join('\n');

  expect(receiver.contentTypes).toEqual(new Set(['application/json']));
  expect(request()).toMatchObject({
    attributes: { 'http.request.method': 'POST', 'url.path': '/enrich', 'http.response.status_code': 202 },
  });
  expect([complete(), summary()]).toEqual([true, summary()]);
  const spans = trace();
  // Every process that did the work is in the trace; each span has its parent in it but the request's.
  expect(new Set(spans.map((s) => s.service))).toEqual(
    new Set(['enrich-api', 'enrich-worker-scrape', 'enrich-worker-ai', 'enrich-worker-webhooks']),
  );
  const ids = new Set(spans.map((s) => s.spanId));
  expect(spans.filter((s) => s.parentSpanId === undefined || !ids.has(s.parentSpanId))).toEqual([request()]);
  // The API wrote the job row and enqueued it; the workers read and wrote both stores too (with
  // the queues in PostgreSQL, that is one store: its spans are pg's, and none is Redis's).
  const pg = spans.filter((s) => s.scope === '@opentelemetry/instrumentation-pg');
  const redis = spans.filter((s) => s.scope === '@opentelemetry/instrumentation-ioredis');
  for (const service of ['enrich-api', 'enrich-worker-scrape', 'enrich-worker-ai']) {
    expect([service, 'pg', pg.some((s) => s.service === service)]).toEqual([service, 'pg', true]);
    expect([service, 'redis', redis.some((s) => s.service === service)]).toEqual([service, 'redis', QUEUE_STORE === 'redis']);
  }
  expect(pg.some((s) => s.attributes['db.system.name'] === 'postgresql')).toBe(true);
  // Outgoing requests: the crawler's fetch of the site and the webhook delivery.
  const client = (service: string) =>
    spans.filter((s) => s.service === service && s.kind === CLIENT && s.scope.endsWith('instrumentation-http'));
  // (SCRAPER_HOST_MAP and WEBHOOK_HOST_MAP send both to local servers.)
  expect(client('enrich-worker-scrape').map((s) => new URL(String(s.attributes['url.full'])).pathname)).toContain('/');
  expect(client('enrich-worker-webhooks').map((s) => new URL(String(s.attributes['url.full'])).pathname)).toEqual(['/traced']);
  // Redis spans show commands and keys, never a script's arguments: BullMQ passes a job's data that way.
  expect(redis.map((s) => String(s.attributes['db.query.text'])).filter((text) => text.includes(DOMAIN))).toEqual([]);
}, 90_000);

it('sends the spans still buffered when a process stops on SIGTERM', async () => {
  // A second API whose spans would wait a minute in their batch: only the flush on shutdown sends them.
  const port = await freePort();
  const api = spawnApp('api-slow-batches', 'apps/api/src/main.ts', {
    ...process.env,
    ...stack.workerEnv,
    LOG_LEVEL: 'info',
    PORT: String(port),
    HOST: '127.0.0.1',
    SHUTDOWN_DRAIN_MS: '0',
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${endpoint}/v1/traces`,
    OTEL_SERVICE_NAME: 'enrich-api-flushed',
    OTEL_BSP_SCHEDULE_DELAY: '60000',
  });
  children.push(api);
  await api.waitForLine(/"msg":"api listening/, 60_000);
  // A probe is not traced; a request that is not found still is.
  await fetch(`http://127.0.0.1:${port}/healthz`);
  expect((await fetch(`http://127.0.0.1:${port}/no-such-route`)).status).toBe(404);
  await sleep(300);
  const sent = () => receiver.spans.filter((s) => s.service === 'enrich-api-flushed' && s.kind === SERVER);
  expect(sent()).toEqual([]);
  await stopApps([api]);
  expect((await api.exited).code).toBe(0);
  expect(sent().map((s) => s.attributes['url.path'] ?? s.attributes['http.target'])).toEqual(['/no-such-route']);
}, 60_000);
