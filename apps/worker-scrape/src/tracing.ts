import { startProcessTracing } from '@enrich/telemetry';

// main.ts imports this before anything else: when traces are configured, the instrumentations
// patch http, express, pg and ioredis as they are loaded. Undefined when traces are off.
export const tracing = startProcessTracing('enrich-worker-scrape');
