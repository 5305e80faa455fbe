import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { envInt, envString } from '@enrich/config';
import { z } from 'zod';
import type { Metrics } from './metrics-catalogue';

/**
 * Where a process serves GET /metrics: a listener of its own, apart from the public API, bound
 * to METRICS_HOST (loopback unless an operator opens it to the scraper's network) and, when
 * METRICS_TOKEN is set, only to `Authorization: Bearer <token>`. Each app has its own default
 * port so that `npm start` runs all four side by side; 0 takes any free port (logged).
 */
export const metricsEnv = (defaultPort: number) =>
  z.object({
    METRICS_PORT: envInt(defaultPort, 0, 65_535),
    METRICS_HOST: envString('127.0.0.1'),
    METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  });

export type MetricsSettings = z.infer<ReturnType<typeof metricsEnv>>;

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/** Before each scrape: fill gauges read from elsewhere (queue depths). Errors leave them as they were. */
export type BeforeScrape = () => Promise<void>;

export async function startMetricsListener(
  metrics: Metrics,
  settings: MetricsSettings,
  beforeScrape: BeforeScrape = async () => undefined,
): Promise<MetricsListener> {
  const expected = settings.METRICS_TOKEN ? Buffer.from(`Bearer ${settings.METRICS_TOKEN}`) : null;
  const authorized = (header: string | undefined) => {
    if (!expected) return true;
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    if (req.method !== 'GET') return void res.writeHead(405, { allow: 'GET', 'content-type': 'text/plain' }).end('GET only\n');
    if (!authorized(req.headers.authorization)) {
      return void res.writeHead(401, { 'www-authenticate': 'Bearer', 'content-type': 'text/plain' }).end('unauthorized\n');
    }
    beforeScrape()
      .catch(() => undefined)
      .then(() => metrics.registry.metrics())
      .then(
        (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
        () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.METRICS_PORT, settings.METRICS_HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${settings.METRICS_HOST}:${port}/metrics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
