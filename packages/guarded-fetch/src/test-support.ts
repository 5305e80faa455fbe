// Helpers shared by the fetcher's tests (not part of the public API): local fixture servers
// standing in for websites, and a way to capture a fetch's FetchError.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Resolver } from '@enrich/net-guard';
import { FetchError } from './fetch-error';
import { type FetchPageOptions, fetchPage } from './fetch-page';

export interface RecordedRequest {
  host: string | undefined;
  url: string | undefined;
  ua: string | undefined;
  accept: string | undefined;
  encoding: string | undefined;
}

export interface Fixture {
  port: number;
  requests: RecordedRequest[];
  openSockets: Set<Socket>;
  close(): Promise<void>;
}

export async function startFixture(handler: http.RequestListener): Promise<Fixture> {
  const requests: RecordedRequest[] = [];
  const openSockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const { headers } = req;
    requests.push({
      host: headers.host,
      url: req.url,
      ua: headers['user-agent'],
      accept: headers.accept,
      encoding: headers['accept-encoding'],
    });
    handler(req, res);
  });
  server.on('connection', (socket) => {
    openSockets.add(socket);
    socket.on('close', () => openSockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    openSockets,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export function sendHtml(res: http.ServerResponse, body: string | Buffer, headers: http.OutgoingHttpHeaders = {}): void {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
  res.end(body);
}

export function sendRedirect(res: http.ServerResponse, status: number, location: string): void {
  res.writeHead(status, { Location: location });
  res.end();
}

/** Only localtest.me resolves (to loopback, as on the real internet); the rest is NXDOMAIN. */
export const localResolver: Resolver = async (hostname) => {
  if (hostname === 'localtest.me') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

/** Runs fetchPage expecting a FetchError; anything else (success included) fails the test. */
export async function fetchFailure(url: string, options: FetchPageOptions): Promise<FetchError> {
  const outcome: unknown = await fetchPage(url, options).then(
    () => new Error(`expected ${url} to fail`),
    (e: unknown) => e,
  );
  if (!(outcome instanceof FetchError)) throw outcome;
  return outcome;
}

/** Server-side sockets close shortly after the client destroys its end. */
export async function waitForNoSockets(fixture: Fixture): Promise<number> {
  for (let i = 0; i < 50 && fixture.openSockets.size > 0; i++) await sleep(10);
  return fixture.openSockets.size;
}
