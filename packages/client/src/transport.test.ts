import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ConnectionError,
  IdempotencyKeyInUseError,
  JobNotFoundError,
  LimitError,
  QuotaExceededError,
  RateLimitExceededError,
  ServiceUnavailableError,
} from './errors';
import { backoffMs, retryAfterSeconds, Transport } from './transport';

// The transport against a local HTTP server that answers as scripted: each request is recorded
// and answered by the next entry of `script` ('cut' destroys the connection without an answer).
type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'cut';
let script: Answer[] = [];
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; at: number }[] = [];
const server = http.createServer((req, res) => {
  seen.push({ method: req.method!, url: req.url!, headers: req.headers, at: Date.now() });
  req.resume();
  const answer = script.shift() ?? { status: 200, body: { ok: true } };
  if (answer === 'cut') {
    req.socket.destroy();
    return;
  }
  res.writeHead(answer.status, { 'content-type': 'application/json', 'x-request-id': 'req_1', ...answer.headers });
  res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
});
let baseUrl: string;
const apiError = (code: string, extra: object = {}) => ({ error: { code, message: code.toLowerCase(), requestId: 'req_2', ...extra } });

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  script = [];
  seen.length = 0;
});

const transport = (options = {}) => new Transport({ baseUrl, apiKey: 'ek_test', maxRetryDelayMs: 2000, ...options });

describe('Retry-After and backoff', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds(new Date(Date.now() + 3000).toUTCString(), Date.now())).toBeGreaterThan(1);
    expect([retryAfterSeconds(null), retryAfterSeconds(''), retryAfterSeconds('soon')]).toEqual([null, null, null]);
  });

  it('waits a random time up to 0.5 s × 2^attempt, never past the ceiling', () => {
    expect([backoffMs(0, 60_000, () => 1), backoffMs(3, 60_000, () => 1), backoffMs(10, 5000, () => 1)]).toEqual([500, 4000, 5000]);
    expect(backoffMs(3, 60_000, () => 0)).toBe(0);
  });
});

describe('Transport', () => {
  it('retries 503 and a cut connection, and sends the key and the same Idempotency-Key each time', async () => {
    script = [{ status: 503, body: apiError('SERVICE_UNAVAILABLE') }, 'cut', { status: 202, body: { jobId: 'j1' } }];
    const answer = await transport().json({ method: 'POST', path: '/api/enrich', json: { domain: 'a.com' }, idempotencyKey: 'k-1' });
    expect(answer).toEqual({ jobId: 'j1' });
    expect(seen.map((r) => [r.method, r.headers['idempotency-key'], r.headers.authorization])).toEqual([
      ['POST', 'k-1', 'Bearer ek_test'],
      ['POST', 'k-1', 'Bearer ek_test'],
      ['POST', 'k-1', 'Bearer ek_test'],
    ]);
  });

  it('honours Retry-After, and throws at once when it asks for longer than the ceiling', async () => {
    script = [
      { status: 429, body: apiError('RATE_LIMIT_EXCEEDED'), headers: { 'retry-after': '1' } },
      { status: 200, body: {} },
    ];
    await transport().json({ method: 'GET', path: '/api/usage' });
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);

    seen.length = 0;
    script = [{ status: 429, body: apiError('QUOTA_EXCEEDED', { details: { remaining: 3 } }), headers: { 'retry-after': '86400' } }];
    const error = await transport()
      .json({ method: 'GET', path: '/api/usage' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error).toBeInstanceOf(LimitError);
    expect(error).toMatchObject({ status: 429, code: 'QUOTA_EXCEEDED', remaining: 3, retryAfterSeconds: 86400, requestId: 'req_2' });
    expect(seen).toHaveLength(1);
  });

  it('never sends a POST twice without an Idempotency-Key, unless it was refused before any work', async () => {
    script = ['cut'];
    await expect(transport().json({ method: 'POST', path: '/api/webhooks', json: {} })).rejects.toBeInstanceOf(ConnectionError);
    expect(seen).toHaveLength(1);
    seen.length = 0;
    script = [{ status: 500, body: apiError('INTERNAL_ERROR') }];
    await expect(transport().json({ method: 'POST', path: '/api/webhooks', json: {} })).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(seen).toHaveLength(1);
    seen.length = 0;
    script = [
      { status: 429, body: apiError('RATE_LIMIT_EXCEEDED'), headers: { 'retry-after': '0' } },
      { status: 201, body: { id: 'w' } },
    ];
    expect(await transport().json({ method: 'POST', path: '/api/webhooks', json: {} })).toEqual({ id: 'w' });
  });

  it('retries a 409 only while its own key is in use, and gives up after maxRetries', async () => {
    script = [
      { status: 409, body: apiError('IDEMPOTENCY_KEY_IN_USE'), headers: { 'retry-after': '0' } },
      { status: 202, body: { b: 1 } },
    ];
    expect(await transport().json({ method: 'POST', path: '/api/enrich/bulk', json: {}, idempotencyKey: 'k' })).toEqual({ b: 1 });
    script = [{ status: 409, body: apiError('WEBHOOK_DISABLED') }];
    await expect(transport().json({ method: 'GET', path: '/x' })).rejects.toMatchObject({ code: 'WEBHOOK_DISABLED', status: 409 });
    script = Array.from({ length: 3 }, () => ({ status: 409, body: apiError('IDEMPOTENCY_KEY_IN_USE'), headers: { 'retry-after': '0' } }));
    await expect(transport({ maxRetries: 2 }).json({ method: 'POST', path: '/p', idempotencyKey: 'k' })).rejects.toBeInstanceOf(
      IdempotencyKeyInUseError,
    );
  });

  it('turns every answer into its error class, a foreign body by its status', async () => {
    script = [{ status: 404, body: apiError('JOB_NOT_FOUND') }];
    await expect(transport().json({ method: 'GET', path: '/api/enrich/x' })).rejects.toBeInstanceOf(JobNotFoundError);
    script = Array.from({ length: 5 }, () => ({ status: 503, body: '<html>busy</html>' }));
    const error = await transport({ maxRetries: 1, maxRetryDelayMs: 10 })
      .json({ method: 'GET', path: '/' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: 'HTTP_503' });
    script = [{ status: 429, body: apiError('RATE_LIMIT_EXCEEDED'), headers: { 'retry-after': '120' } }];
    await expect(transport().json({ method: 'GET', path: '/' })).rejects.toBeInstanceOf(RateLimitExceededError);
    expect(new ServiceUnavailableError('SERVICE_UNAVAILABLE', { status: 503, message: 'm', requestId: null }).name).toBe(
      'ServiceUnavailableError',
    );
  });

  it('times an attempt out, retries it, and stops at once when the caller aborts', async () => {
    const slow = http.createServer(() => undefined);
    slow.listen(0, '127.0.0.1');
    await once(slow, 'listening');
    const slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      const started = Date.now();
      const error = await new Transport({ baseUrl: slowUrl, timeoutMs: 100, maxRetries: 1, maxRetryDelayMs: 10 })
        .json({ method: 'GET', path: '/' })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'TIMEOUT', status: 0 });
      expect(Date.now() - started).toBeLessThan(2000);
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('stopped by the caller')), 50);
      await expect(new Transport({ baseUrl: slowUrl }).json({ method: 'GET', path: '/' }, { signal: controller.signal })).rejects.toThrow(
        'stopped by the caller',
      );
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  });
});

describe('a browser app signed in by session', () => {
  it('asks its headers function on every attempt (a CSRF token that changes) and hands fetch its credentials mode', async () => {
    let token = 0;
    const modes: (string | undefined)[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      modes.push(init?.credentials);
      return fetch(input, init);
    };
    script = [
      { status: 503, headers: { 'retry-after': '0' } },
      { status: 200, body: { ok: true } },
    ];
    const client = new Transport({
      baseUrl,
      credentials: 'same-origin',
      fetch: recordingFetch,
      headers: () => ({ 'x-csrf-token': `t${++token}` }),
    });
    await expect(client.json({ method: 'GET', path: '/api/usage' })).resolves.toEqual({ ok: true });
    expect(seen.map((request) => request.headers['x-csrf-token'])).toEqual(['t1', 't2']);
    expect(seen.every((request) => request.headers.authorization === undefined)).toBe(true);
    expect(modes).toEqual(['same-origin', 'same-origin']);
  });
});
