import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { createLogger, type LogLevel } from '@enrich/logger';
import { eventually, sleep } from '@enrich/testkit';
import express, { type Request, type Response } from 'express';
import { accessLog } from './access-log';
import { requestId } from './request-id';

function appLogging(level: LogLevel) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n')) if (text) lines.push(JSON.parse(text));
      done();
    },
  });
  const app = express();
  app.use(requestId);
  app.use(accessLog(createLogger(level, { service: 'api' }, sink)));
  app.use((req: Request, _res, next) => {
    req.auth = { teamId: 'team_1' } as Request['auth'];
    next();
  });
  app.get('/ok', (_req, res) => void res.json({ ok: true }));
  app.get('/broken', (_req, res) => void res.status(503).json({ error: 'down' }));
  // Answers never: the client gives up first.
  app.get('/slow', (_req: Request, _res: Response) => undefined);
  return { app, lines };
}

// Runs `use` against `app` listening on a free port, and closes it after.
async function serving(app: express.Express, use: (base: string) => Promise<void>): Promise<void> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.close();
  }
}

describe('accessLog', () => {
  it('writes one flat line per request, with the request id the client sees and no query string', async () => {
    const { app, lines } = appLogging('info');
    await serving(app, async (base) => {
      const res = await fetch(`${base}/ok?key=sk_live_secret&token=abc`, { headers: { authorization: 'Bearer sk_live_secret' } });
      await res.text();
      const broken = await fetch(`${base}/broken`);
      await broken.text();
      await eventually(() => lines.length >= 2, 1000, { every: 10 });
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatchObject({
        level: 'info',
        msg: 'request',
        service: 'api',
        requestId: res.headers.get('x-request-id'),
        method: 'GET',
        path: '/ok',
        status: 200,
        team: 'team_1',
      });
      expect(typeof lines[0]?.ms).toBe('number');
      expect(lines[0]).not.toHaveProperty('aborted');
      expect(JSON.stringify(lines)).not.toContain('sk_live_secret');
      expect(lines[1]).toMatchObject({ level: 'error', path: '/broken', status: 503 });
    });
  });

  it('marks a request whose client left before the answer', async () => {
    const { app, lines } = appLogging('info');
    await serving(app, async (base) => {
      const { port } = new URL(base);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
      await sleep(50);
      socket.destroy();
      await eventually(() => lines.length >= 1, 1000, { every: 10 });
      expect(lines).toEqual([expect.objectContaining({ msg: 'request', path: '/slow', aborted: true })]);
    });
  });

  it('is left out above info: no line, nothing per request', async () => {
    const { app, lines } = appLogging('warn');
    await serving(app, async (base) => {
      await (await fetch(`${base}/broken`)).text();
      await sleep(50);
      expect(lines).toEqual([]);
    });
  });
});
