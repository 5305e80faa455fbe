import { ConfigError, loadConfig } from '@enrich/config';
import type { Tracing } from './tracing';
import { tracesUrl, tracingEnv } from './tracing-config';

/**
 * Starts this process's traces when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT
 * or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT): spans of HTTP (server and client), Express, PostgreSQL,
 * Redis and BullMQ, sent over OTLP/HTTP. Call it before anything loads http, express, pg or
 * ioredis (the instrumentations patch them as they are loaded), so from a module its main file
 * imports first. Synchronous for that reason.
 *
 * Without an endpoint it answers undefined and loads nothing of OpenTelemetry's SDK, its
 * instrumentations or bullmq-otel: traces cost nothing when they are off.
 */
export function startTracing(defaultServiceName: string, env: NodeJS.ProcessEnv = process.env): Tracing | undefined {
  const settings = loadConfig(tracingEnv, env);
  const url = tracesUrl(settings);
  if (url === undefined) return undefined;
  // Required here, not imported above: the one place OpenTelemetry's SDK is loaded from.
  const { startTracingSdk } = require('./tracing-sdk') as typeof import('./tracing-sdk');
  return startTracingSdk({ serviceName: settings.OTEL_SERVICE_NAME ?? defaultServiceName, url });
}

/**
 * startTracing as a process's main module calls it, while it loads, before main() and its catch:
 * a bad setting ends the process the way main's own configuration errors do, one line and exit
 * code 1, not an uncaught error's stack trace.
 */
export function startProcessTracing(defaultServiceName: string): Tracing | undefined {
  try {
    return startTracing(defaultServiceName);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
