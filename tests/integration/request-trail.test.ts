import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import {
  type ChildApp,
  eventually,
  FakeAnthropic,
  FixtureSites,
  freePort,
  SAMPLE_AI_ANSWER,
  spawnService,
  stopApps,
  WebhookReceiver,
} from '@enrich/testkit';
import { startTestStack, type TestStack } from '../support/test-stack';

// The request id travels with the work (issue "Operate it"): the four processes run as
// `npm start` runs them, at LOG_LEVEL=info, and one submission's X-Request-Id shows up in the
// logs of each (the API's request line, every pipeline step, the webhook delivery), on the
// delivery itself, in lines that are all JSON and never hold the API key or a secret.

const HOOKS = 'hooks.trail-receiver.com';
const DOMAIN = 'trail-co.com';
const AI_KEY = `sk-ant-trail-${randomBytes(8).toString('hex')}`;

const sites = new FixtureSites().site(DOMAIN, {
  '/':
    '<!doctype html><html><head><title>Trail Co</title><meta property="og:site_name" content="Trail Co"></head>' +
    '<body><h1>Trail Co</h1><p>Trail Co makes hiking maps and route planning software for outdoor clubs.</p></body></html>',
});
const receiver = new WebhookReceiver();
const fake = new FakeAnthropic();
let stack: TestStack;
let apiUrl: string;
let key: string;
const children: ChildApp[] = [];
/** Each process's stdout, line by line. */
const stdout = new Map<string, string[]>();

const parsed = (name: string) => (stdout.get(name) ?? []).map((line) => JSON.parse(line) as Record<string, unknown>);
const hasRequestId = (name: string, requestId: string) => parsed(name).some((entry) => entry.requestId === requestId);

beforeAll(async () => {
  await Promise.all([sites.start(), receiver.start(), fake.start()]);
  stack = await startTestStack({ label: 'trail', workers: false, hostMap: sites.hostMap() });
  key = await stack.key();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...stack.workerEnv,
    LOG_LEVEL: 'info',
    PORT: String(port),
    HOST: '127.0.0.1',
    METRICS_PORT: '0',
    ANTHROPIC_API_KEY: AI_KEY,
    ANTHROPIC_BASE_URL: fake.baseURL,
    WEBHOOK_HOST_MAP: receiver.hostMapEntry(HOOKS),
  };
  const service = spawnService(env);
  children.push(...service.all);
  for (const app of service.all) {
    const lines: string[] = [];
    stdout.set(app.name, lines);
    createInterface({ input: app.child.stdout! }).on('line', (line) => lines.push(line));
  }
  apiUrl = `http://127.0.0.1:${port}`;
  await service.ready;
}, 120_000);

afterAll(async () => {
  await stopApps(children);
  await stack?.stop();
  await Promise.all([sites.stop(), receiver.stop(), fake.stop()]);
});

it("carries a submission's request id through every process's log lines and onto its webhook delivery", async () => {
  const requestId = `trail-${randomBytes(6).toString('hex')}`;
  fake.reply({ kind: 'tool', input: SAMPLE_AI_ANSWER });
  const res = await fetch(`${apiUrl}/enrich`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify({ domain: DOMAIN, webhookUrl: `https://${HOOKS}/trail` }),
  });
  expect(res.status).toBe(202);
  expect(res.headers.get('x-request-id')).toBe(requestId);
  const { jobId, webhookSecret } = (await res.json()) as { jobId: string; webhookSecret: string };
  expect(webhookSecret).toMatch(/^whsec_/);

  const job = await stack.waitForJob(key, jobId, 60_000);
  expect(job.body.status).toBe('completed');
  expect(fake.requests).toHaveLength(1);
  const [delivery] = await receiver.waitFor((received) => received.some((r) => r.path === '/trail'), 30_000);
  expect(delivery!.headers['x-request-id']).toBe(requestId);

  // Each process logs the work it did for this request (the webhook worker once its attempt is recorded).
  const names = ['api', 'worker-scrape', 'worker-ai', 'worker-webhooks'];
  await eventually(() => names.every((name) => hasRequestId(name, requestId)), 15_000, {
    every: 100,
    what: 'every process logged the request id',
  }).catch(() => undefined);
  for (const name of names) expect([name, hasRequestId(name, requestId)]).toEqual([name, true]);

  const apiLine = parsed('api').find((entry) => entry.requestId === requestId && entry.msg === 'request');
  expect(apiLine).toMatchObject({ level: 'info', method: 'POST', path: '/enrich', status: 202 });
  expect(typeof apiLine!.ms).toBe('number');
  expect(apiLine!.team).toEqual(expect.any(String));
  const steps = parsed('worker-scrape').filter((entry) => entry.requestId === requestId && entry.msg === 'step done');
  expect(steps.map((entry) => entry.step).sort()).toEqual(['finalize', 'scrape']);
  expect(parsed('worker-ai').find((entry) => entry.requestId === requestId && entry.msg === 'step done')).toMatchObject({
    step: 'ai',
    jobId,
    outcome: expect.any(String),
  });
  expect(parsed('worker-webhooks').find((entry) => entry.requestId === requestId && entry.msg === 'webhook attempt')).toMatchObject({
    step: 'webhook',
    status: 200,
    outcome: 'delivered',
  });

  // Every line is JSON (parsed above, or here for lines written since), none holds a credential.
  for (const name of names) {
    const lines = stdout.get(name)!;
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(lines.filter((line) => line.includes(key) || line.includes(webhookSecret) || line.includes(AI_KEY))).toEqual([]);
  }
});

it('replaces a malformed X-Request-Id with one of its own, and logs the request under it', async () => {
  for (const malformed of ['x'.repeat(300), 'has spaces in it']) {
    const res = await fetch(`${apiUrl}/healthz`, { headers: { 'x-request-id': malformed } });
    const answered = res.headers.get('x-request-id');
    expect(answered).toMatch(/^req_[0-9a-f]{32}$/);
    await eventually(() => parsed('api').some((entry) => entry.requestId === answered && entry.path === '/healthz'), 5_000, {
      every: 100,
      what: 'the request line',
    });
  }
  const kept = await fetch(`${apiUrl}/healthz`, { headers: { 'x-request-id': 'caller:id-1.2_3' } });
  expect(kept.headers.get('x-request-id')).toBe('caller:id-1.2_3');
});
