import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ConfigError } from '@enrich/config';
import { startTracing } from './start-tracing';
import { tracesUrl, tracingEnv } from './tracing-config';

// Runs startTracing in a fresh node process (as an app's main file would, first) and answers
// what it returned and which modules of OpenTelemetry's SDK, its instrumentations and
// bullmq-otel that process has loaded. (@opentelemetry/api is left out: the Anthropic SDK
// loads that no-op API in every process.)
function startInChild(env: Record<string, string>): { started: boolean; service?: string; loaded: string[] } {
  const entry = path.join(__dirname, 'index.ts');
  const script = `
    const tracing = require(${JSON.stringify(entry)}).startTracing('enrich-test');
    const loaded = Object.keys(require.cache).filter((file) => /node_modules\\/(@opentelemetry\\/(?!api\\/)|bullmq-otel\\/)/.test(file));
    console.log(JSON.stringify({ started: tracing !== undefined, service: tracing && tracing.serviceName, loaded }));
    if (tracing) tracing.shutdown();
  `;
  const { PATH, HOME } = process.env;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { env: { PATH, HOME, ...env }, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout.trim().split('\n').pop()!);
}

it('loads nothing of OpenTelemetry when no endpoint is configured', () => {
  expect(startInChild({})).toEqual({ started: false, loaded: [] });
  expect(startInChild({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' })).toEqual({
    started: false,
    loaded: [],
  });
}, 30_000);

it('starts the SDK, the instrumentations and bullmq-otel when an endpoint is configured', () => {
  const on = startInChild({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' });
  expect(on).toMatchObject({ started: true, service: 'enrich-test' });
  const packages = new Set(on.loaded.map((file) => file.match(/node_modules\/((@opentelemetry\/)?[^/]+)\//)![1]));
  for (const name of [
    '@opentelemetry/sdk-trace-node',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/instrumentation-http',
    '@opentelemetry/instrumentation-express',
    '@opentelemetry/instrumentation-pg',
    '@opentelemetry/instrumentation-ioredis',
    'bullmq-otel',
  ]) {
    expect([name, packages.has(name)]).toEqual([name, true]);
  }
  expect(startInChild({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces', OTEL_SERVICE_NAME: 'mine' })).toMatchObject({
    started: true,
    service: 'mine',
  });
}, 30_000);

it('sends to <endpoint>/v1/traces, or to the traces endpoint when that is set', () => {
  const url = (env: Record<string, string>) => tracesUrl(tracingEnv.parse(env));
  expect(url({})).toBeUndefined();
  expect(url({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBeUndefined();
  expect(url({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe('http://collector:4318/v1/traces');
  expect(url({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://x/traces' })).toBe(
    'https://x/traces',
  );
  expect(url({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
});

it('refuses an endpoint that is not an http(s) URL, naming the variable', () => {
  expect(() => startTracing('enrich-test', { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4317' })).toThrow(ConfigError);
  expect(() => startTracing('enrich-test', { OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })).toThrow(
    /OTEL_EXPORTER_OTLP_ENDPOINT/,
  );
});
