import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { BullMQOtel } from 'bullmq-otel';
import { redisStatement } from './redis-statement';
import type { Tracing } from './tracing';

// Loaded by startTracing only when traces are configured: everything of OpenTelemetry's SDK is
// imported from this file and nowhere else.

// Requests that are not work: probes and scrapes would each make a trace of their own.
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export function startTracingSdk(settings: { serviceName: string; url: string }): Tracing {
  const provider = new NodeTracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES (envDetector) adds to the SDK's own attributes; the service name wins.
    resource: defaultResource()
      .merge(detectResources({ detectors: [envDetector] }))
      .merge(resourceFromAttributes({ 'service.name': settings.serviceName })),
    // Batches of spans, sent in the background (OTEL_BSP_SCHEDULE_DELAY, OTEL_BSP_MAX_EXPORT_BATCH_SIZE, …).
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: settings.url }))],
  });
  // The global tracer provider, AsyncLocalStorage context and W3C trace-context propagation.
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0]!.replace(/^\/api(?=\/)/, '')),
      }),
      new ExpressInstrumentation(),
      // Only inside a trace: the workers' queue polling and the reconciler's rounds would
      // otherwise each be a trace of one span.
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: redisStatement }),
    ],
  });
  return {
    serviceName: settings.serviceName,
    url: settings.url,
    bullmq: new BullMQOtel(),
    async shutdown() {
      unregister();
      // Spans a collector did not take are lost, not a failure of the process stopping.
      await provider.shutdown().catch(() => undefined);
    },
  };
}
