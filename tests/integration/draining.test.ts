import type { AddressInfo } from 'node:net';
import { createApp, Lifecycle } from '@enrich/api';
import { startTestStack, type TestStack } from '../support/test-stack';

// SIGTERM on an API process (main.ts) first drains it: readiness fails at once, so a load
// balancer takes it out of rotation, and every answer closes its connection, while requests
// are still served. (npm run bench:rolling restarts every process under load.)
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ label: 'draining', workers: false });
});
afterAll(() => stack?.stop());

it('says ready until it drains; then 503 draining, still serving, each answer closing its connection', async () => {
  const lifecycle = new Lifecycle();
  const server = createApp({ ...stack.context, lifecycle }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const key = await stack.key();
  const submit = () =>
    fetch(`${base}/enrich`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ domain: 'draining.com' }),
    });
  try {
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('connection')).toBe('keep-alive');
    expect((await submit()).headers.get('connection')).toBe('keep-alive');

    lifecycle.drain();
    const draining = await fetch(`${base}/readyz`);
    expect(draining.status).toBe(503);
    expect(((await draining.json()) as { error: unknown }).error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: { status: 'draining' },
    });
    expect(draining.headers.get('connection')).toBe('close');
    // Liveness is not readiness: the process is alive and finishing its work.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const submitted = await submit();
    expect(submitted.status).toBe(202);
    expect(submitted.headers.get('connection')).toBe('close');
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
