import { FixtureSites, WebhookReceiver } from '@enrich/testkit';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { startTestStack, type TestStack } from '../support/test-stack';

// Signed webhooks end to end: the API registers endpoints, the pipeline's workers end jobs and
// owe deliveries, worker-webhooks delivers them to a local receiver (reached through
// WEBHOOK_HOST_MAP), which verifies every signature with the standardwebhooks package's own
// verify. Retries run on a schedule of milliseconds here.

const HOOKS = 'hooks.receiver-e2e.com';
const receiver = new WebhookReceiver();
const sites = new FixtureSites();
const page = (name: string) =>
  `<!doctype html><html><head><title>${name}</title><meta property="og:site_name" content="${name}"></head>` +
  `<body><h1>${name}</h1><p>${name} makes industrial software for factories and their suppliers.</p></body></html>`;
for (const name of ['signed-one', 'retry-co', 'after-co', 'gone-co', 'streak-co', 'rotate-co', 'fields-co', 'oneoff-co', 'resend-co']) {
  sites.site(`${name}.com`, { '/': page(name) });
}
let stack: TestStack;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

beforeAll(async () => {
  await Promise.all([receiver.start(), sites.start()]);
  stack = await startTestStack({
    label: 'whdelivery',
    hostMap: sites.hostMap(),
    webhooks: true,
    env: {
      WEBHOOK_HOST_MAP: receiver.hostMapEntry(HOOKS),
      WEBHOOK_RETRY_SCHEDULE: '100ms,200ms,300ms',
      WEBHOOK_DISABLE_AFTER_FAILURES: '6',
      WEBHOOK_DISABLE_AFTER_HOURS: '0',
      WEBHOOK_TIMEOUT_MS: '2000',
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  await Promise.all([receiver.stop(), sites.stop()]);
});

async function register(key: string, path: string, body: Record<string, unknown> = {}) {
  const res = await request(stack.app)
    .post('/webhooks')
    .set(bearer(key))
    .send({ url: `https://${HOOKS}${path}`, events: ['job.completed', 'job.failed', 'batch.completed'], ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

const at = (path: string) => receiver.received.filter((r) => r.path === path);

it('signs each delivery so that the package’s own verify accepts it; the body is the poll answer', async () => {
  const key = await stack.key();
  const endpoint = await register(key, '/signed');
  const jobId = await stack.submit(key, 'signed-one.com');
  const [hit] = await receiver.waitFor(() => at('/signed').length >= 1).then(() => at('/signed'));
  const payload = new Webhook(endpoint.secret).verify(hit!.body, hit!.headers as Record<string, string>) as {
    type: string;
    data: Record<string, unknown>;
  };
  expect(payload.type).toBe('job.completed');
  expect(hit!.headers['webhook-id']).toMatch(/^msg_/);
  const poll = await stack.waitForJob(key, jobId);
  expect(payload.data).toEqual({ jobId, ...poll.body });
  expect(hit!.headers['content-type']).toBe('application/json');
});
