import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { createMetrics } from '@enrich/metrics';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { apiPrefix } from './api-prefix';
import { requestMetrics } from './request-metrics';

// Routers mounted as app.ts mounts the API's: once, behind apiPrefix, one of them on a sub-path.
function appWith(metrics: ReturnType<typeof createMetrics>) {
  const app = express();
  app.use(requestMetrics(metrics));
  const fail = (req: Request, res: Response, next: NextFunction) => {
    if (req.params.id === 'fail') return next(Object.assign(new Error('refused'), { status: 400 }));
    res.json({ id: req.params.id });
  };
  const sub = Router();
  sub.get('/items/:id', fail);
  const routes = Router();
  routes.use('/sub/api', sub);
  routes.get('/things/:id', fail);
  const frequent = Router();
  frequent.get(['/hot/:id', '/api/hot/:id'], fail);
  app.use(frequent);
  app.use(apiPrefix(routes));
  app.use('/files', (_req, res) => void res.send('a file'));
  app.use((_req: Request, res: Response) => void res.status(404).end());
  app.use((error: { status?: number }, _req: Request, res: Response, _next: NextFunction) => void res.status(error.status ?? 500).end());
  return app;
}

describe('requestMetrics', () => {
  const metrics = createMetrics('api');
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = await new Promise<Server>((resolve) => {
      const s = appWith(metrics).listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const counts = async () =>
    Object.fromEntries(
      (await metrics.httpRequestDuration.get()).values
        .filter((v) => v.metricName === 'enrich_http_request_duration_seconds_count')
        .map((v) => [`${v.labels.method} ${v.labels.route} ${v.labels.status_class}`, v.value]),
    );

  const get = async (path: string, init?: RequestInit) => {
    await (await fetch(`${base}${path}`, init)).arrayBuffer();
  };
  // A request line as a proxy would send it: the target names a host.
  const absoluteForm = (target: string) =>
    new Promise<void>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
      socket.on('data', () => undefined);
      socket.once('end', resolve);
      socket.once('error', reject);
    });

  it('labels each request by its route template, /api folded, errors and mounts included; never by its path', async () => {
    for (const path of ['/things/1', '/api/things/2', '/THINGS/3', '/things/fail', '/api/things/fail']) await get(path);
    for (const path of ['/hot/1', '/api/hot/2', '/api/hot/fail']) await get(path);
    for (const path of ['/sub/api/items/1', '/api/sub/api/items/fail', '/API/Sub/Api/items/fail', '/sub/api/items/fail/']) {
      await get(path);
    }
    for (const path of ['/nothing/here', '/api/things', '/files/app.js']) await get(path);
    await get('/things/4', { method: 'PURGE' });
    await absoluteForm('http://evil.example/api/things/fail');
    await absoluteForm('http://evil.example/api/sub/api/items/fail');
    await new Promise((resolve) => setImmediate(resolve));

    expect(await counts()).toEqual({
      'GET /things/:id 2xx': 3,
      'GET /things/:id 4xx': 3,
      'GET /hot/:id 2xx': 2,
      'GET /hot/:id 4xx': 1,
      'GET /sub/api/items/:id 2xx': 1,
      'GET /sub/api/items/:id 4xx': 3,
      // Read back from a URL that names a host, the mount path is not trusted.
      'GET /items/:id 4xx': 1,
      'GET unmatched 4xx': 2,
      'GET unmatched 2xx': 1,
      'other unmatched 4xx': 1,
    });
  });
});
