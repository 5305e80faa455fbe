import { createApp } from '@enrich/api';
import { QueueName } from '@enrich/queue';
import request from 'supertest';
import { DashboardClient } from '../support/dashboard-client';
import { startTestStack, type TestStack } from '../support/test-stack';

// The operators' queue view (bull-board) at /admin/queues: only OPERATOR_TOKEN opens it, page,
// static files and JSON API alike; read-only unless OPERATOR_CAN_ACT; absent without a token.

const TOKEN = 'op-token-for-tests-0123456789abcdef';
const VIEW = '/admin/queues';
let stack: TestStack;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const basic = (user: string, password: string) => ({ Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });
/** Another app over the same services, with other operator settings. */
const appWith = (config: Partial<TestStack['context']['config']>) =>
  createApp({ ...stack.context, config: { ...stack.context.config, ...config } });

beforeAll(async () => {
  stack = await startTestStack({ label: 'qview', workers: false, env: { OPERATOR_TOKEN: TOKEN } });
});
afterAll(() => stack?.stop());

const expectRefused = (res: request.Response) => {
  expect(res.status).toBe(401);
  expect(res.headers['www-authenticate']).toBe('Basic realm="queues"');
  expect(res.body).toMatchObject({ error: { code: 'AUTHENTICATION_FAILED', requestId: expect.any(String) } });
};

describe('the operator credential', () => {
  it('is required: none, a wrong token, an API key or a dashboard session are refused', async () => {
    expectRefused(await request(stack.app).get(VIEW));
    expectRefused(await request(stack.app).get(VIEW).set(bearer('op-token-for-tests-0123456789abcdeX')));
    expectRefused(await request(stack.app).get(VIEW).set(basic('admin', 'not-the-token')));
    const key = await stack.key();
    expect(key).toMatch(/^ce_live_/);
    expectRefused(await request(stack.app).get(VIEW).set(bearer(key)));
    expectRefused(await request(stack.app).get(`${VIEW}/api/queues`).set(bearer(key)));
    const browser = new DashboardClient(stack.app);
    expect((await browser.signup()).status).toBe(201);
    expectRefused(await browser.send('get', VIEW));
    expectRefused(await browser.send('get', `${VIEW}/api/queues`));
  });

  it('opens the page as a bearer token and as the Basic password (any user)', async () => {
    for (const auth of [bearer(TOKEN), basic('ops', TOKEN), basic('', TOKEN)]) {
      const res = await request(stack.app).get(VIEW).set(auth);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.text).toContain('Enrichment queues');
    }
  });

  it("guards the page's static files too", async () => {
    const page = await request(stack.app).get(`${VIEW}/`).set(bearer(TOKEN));
    // Paths relative to <base href="/admin/queues/">.
    expect(page.text).toContain(`<base href="${VIEW}/" />`);
    const file = /<script defer src="(static\/js\/[^"]+\.js)"/.exec(page.text)?.[1];
    expect(file).toBeDefined();
    const asset = `${VIEW}/${file}`;
    expectRefused(await request(stack.app).get(asset));
    const res = await request(stack.app).get(asset).set(bearer(TOKEN));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('lists every queue of the catalogue in its JSON API', async () => {
    const res = await request(stack.app).get(`${VIEW}/api/queues`).set(basic('ops', TOKEN));
    expect(res.status).toBe(200);
    const names = (res.body.queues as { name: string; readOnlyMode: boolean }[]).map((q) => q.name).sort();
    expect(names).toEqual(Object.values(QueueName).sort());
    expect((res.body.queues as { readOnlyMode: boolean }[]).every((q) => q.readOnlyMode)).toBe(true);
  });
});

describe('acting on queues', () => {
  it('is refused while OPERATOR_CAN_ACT is false', async () => {
    const clean = await request(stack.app).put(`${VIEW}/api/queues/${QueueName.scrape}/clean/completed`).set(bearer(TOKEN));
    expect(clean.status).toBe(405);
    const retry = await request(stack.app).put(`${VIEW}/api/queues/${QueueName.scrape}/retry/failed`).set(bearer(TOKEN));
    expect(retry.status).toBe(405);
    const add = await request(stack.app)
      .post(`${VIEW}/api/queues/${QueueName.scrape}/add`)
      .set(bearer(TOKEN))
      .send({ name: 'scrape', data: {} });
    expect(add.status).toBe(405);
    expect(await stack.context.queues.queue(QueueName.scrape).count()).toBe(0);
  });

  it('is allowed with OPERATOR_CAN_ACT', async () => {
    const acting = appWith({ OPERATOR_CAN_ACT: true });
    const clean = await request(acting).put(`${VIEW}/api/queues/${QueueName.scrape}/clean/completed`).set(bearer(TOKEN));
    expect(clean.status).toBe(200);
    expectRefused(await request(acting).put(`${VIEW}/api/queues/${QueueName.scrape}/clean/completed`));
  });
});

it('is not there without OPERATOR_TOKEN: the usual 404', async () => {
  const closed = appWith({ OPERATOR_TOKEN: undefined });
  for (const path of [VIEW, `${VIEW}/api/queues`]) {
    const res = await request(closed).get(path).set(bearer(TOKEN));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: `no route for GET ${path}`, requestId: expect.any(String) } });
  }
});
