import { FixtureSites, sleep, WebhookReceiver } from '@enrich/testkit';
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
// Per path: how the receiver answers its n-th request there (default 200).
const answers = new Map<string, (nth: number) => { status: number; headers?: Record<string, string> }>();
receiver.answer = (hit) => answers.get(hit.path)?.(at(hit.path).length) ?? { status: 200 };

type Delivery = {
  id: string;
  eventType: string;
  status: string;
  lastError: string | null;
  attempts: { number: number; statusCode: number | null; error: string | null; responseExcerpt: string | null; durationMs: number }[];
};
async function deliveries(key: string, endpointId: string): Promise<Delivery[]> {
  const res = await request(stack.app).get(`/webhooks/${endpointId}/deliveries`).set(bearer(key));
  expect(res.status).toBe(200);
  return res.body.data;
}
async function waitForDelivery(key: string, endpointId: string, until: (d: Delivery) => boolean, timeoutMs = 20_000): Promise<Delivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await deliveries(key, endpointId)).find(until);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no delivery as expected: ${JSON.stringify(await deliveries(key, endpointId))}`);
    await sleep(100);
  }
}
const endpoint = async (key: string, id: string) => (await request(stack.app).get(`/webhooks/${id}`).set(bearer(key))).body;

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

it('retries after 500s with backoff until the receiver takes it, with every attempt logged', async () => {
  const key = await stack.key();
  answers.set('/retry', (nth) => (nth <= 2 ? { status: 500 } : { status: 204 }));
  const { id } = await register(key, '/retry');
  await stack.submit(key, 'retry-co.com');
  const delivered = await waitForDelivery(key, id, (d) => d.status === 'delivered');
  expect(delivered.attempts.map((a) => a.statusCode)).toEqual([500, 500, 204]);
  const hits = at('/retry');
  expect(hits).toHaveLength(3);
  // The same message each time: one webhook-id, one body.
  expect(new Set(hits.map((h) => h.headers['webhook-id'])).size).toBe(1);
  expect(new Set(hits.map((h) => h.body)).size).toBe(1);
  // Waits of about 100 and 200 ms (±20 %) between the attempts.
  expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(75);
  expect(hits[2]!.at - hits[1]!.at).toBeGreaterThanOrEqual(155);
  expect(delivered.attempts[0]).toMatchObject({ responseExcerpt: 'ok', error: null });
  expect((await endpoint(key, id)).consecutiveFailures).toBe(0);
});

it('waits as long as Retry-After says on a 429 or 503', async () => {
  const key = await stack.key();
  answers.set('/after', (nth) =>
    nth === 1
      ? { status: 429, headers: { 'retry-after': '2' } }
      : nth === 2
        ? { status: 503, headers: { 'retry-after': '1' } }
        : { status: 200 },
  );
  const { id } = await register(key, '/after');
  await stack.submit(key, 'after-co.com');
  const delivered = await waitForDelivery(key, id, (d) => d.status === 'delivered');
  expect(delivered.attempts.map((a) => a.statusCode)).toEqual([429, 503, 200]);
  const hits = at('/after');
  // The schedule alone would have waited 100 and 200 ms.
  expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(1900);
  expect(hits[2]!.at - hits[1]!.at).toBeGreaterThanOrEqual(900);
});

it('stops at once on 410 Gone and disables the endpoint, saying why', async () => {
  const key = await stack.key();
  answers.set('/gone', () => ({ status: 410 }));
  const { id } = await register(key, '/gone');
  await stack.submit(key, 'gone-co.com');
  const failed = await waitForDelivery(key, id, (d) => d.status === 'failed');
  expect(failed.attempts).toHaveLength(1);
  expect(failed.lastError).toMatch(/410/);
  const view = await endpoint(key, id);
  expect(view).toMatchObject({ enabled: false, disabledReason: 'the endpoint answered 410 Gone' });
  expect(view.disabledAt).not.toBeNull();
  await sleep(500);
  expect(at('/gone')).toHaveLength(1);
  // Nothing more is owed to a disabled endpoint.
  await stack.submit(key, 'gone-co.com');
  await sleep(1000);
  expect(at('/gone')).toHaveLength(1);
});

it('disables an endpoint after a long run of failed attempts, with the reason visible', async () => {
  const key = await stack.key();
  answers.set('/down', () => ({ status: 502 }));
  const { id } = await register(key, '/down', { events: ['job.completed'] });
  await stack.submit(key, 'streak-co.com');
  // One delivery: 4 attempts (1 + 3 retries) and it gives up, 4 failures in a row.
  const first = await waitForDelivery(key, id, (d) => d.status === 'failed');
  expect(first.attempts.map((a) => a.statusCode)).toEqual([502, 502, 502, 502]);
  expect(first.lastError).toMatch(/no retries left/);
  expect(await endpoint(key, id)).toMatchObject({ enabled: true, consecutiveFailures: 4 });
  // A second delivery: its second failure is the sixth in a row (WEBHOOK_DISABLE_AFTER_FAILURES).
  await request(stack.app).post('/enrich').set(bearer(key)).send({ domain: 'streak-co.com', refresh: true });
  const view = await (async () => {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(100)) {
      const current = await endpoint(key, id);
      if (!current.enabled) return current;
    }
    throw new Error('the endpoint was not disabled');
  })();
  expect(view.disabledReason).toMatch(/^6 failed attempts in a row since /);
  const second = await waitForDelivery(key, id, (d) => d.id !== first.id && d.status === 'failed');
  expect(second.attempts).toHaveLength(2);
  expect(second.lastError).toMatch(/endpoint disabled: 6 failed attempts/);

  // Enabled again by its owner: the count starts over and deliveries flow.
  answers.set('/down', () => ({ status: 200 }));
  const enabled = await request(stack.app).patch(`/webhooks/${id}`).set(bearer(key)).send({ enabled: true });
  expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
});

it('never delivers to a name that resolves to a private address at delivery time', async () => {
  const key = await stack.key();
  const { id } = await register(key, '/private');
  // As if the name resolved publicly when registered and has moved to loopback since: localhost does.
  await stack.database.db.webhookEndpoint.update({ where: { id }, data: { url: `http://localhost:${receiver.port}/private` } });
  const before = receiver.received.length;
  await stack.submit(key, 'signed-one.com');
  const failed = await waitForDelivery(key, id, (d) => d.status === 'failed');
  expect(failed.attempts).toHaveLength(1);
  expect(failed.attempts[0]).toMatchObject({ statusCode: null });
  expect(failed.attempts[0]!.error).toMatch(/^blocked: localhost resolves to non-public address (127\.0\.0\.1|::1)/);
  expect(receiver.received.slice(before).filter((r) => r.path === '/private')).toEqual([]);
});

it('signs with both secrets during a rotation, and both verify', async () => {
  const key = await stack.key();
  const { id, secret: old } = await register(key, '/rotate');
  const rotated = await request(stack.app).post(`/webhooks/${id}/rotate-secret`).set(bearer(key)).send({ overlapHours: 1 });
  expect(rotated.status).toBe(200);
  const fresh = rotated.body.secret as string;
  expect(fresh).toMatch(/^whsec_/);
  expect(fresh).not.toBe(old);
  expect(rotated.body.previousSecretExpiresAt).not.toBeNull();
  await stack.submit(key, 'rotate-co.com');
  const [hit] = await receiver.waitFor(() => at('/rotate').length >= 1).then(() => at('/rotate'));
  const headers = hit!.headers as Record<string, string>;
  expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
  expect(new Webhook(fresh).verify(hit!.body, headers)).toMatchObject({ type: 'job.completed' });
  expect(new Webhook(old).verify(hit!.body, headers)).toMatchObject({ type: 'job.completed' });

  // Rotated again with no overlap: only the newest secret signs.
  const again = await request(stack.app).post(`/webhooks/${id}/rotate-secret`).set(bearer(key)).send({ overlapHours: 0 });
  expect(again.body.previousSecretExpiresAt).toBeNull();
  await request(stack.app).post('/enrich').set(bearer(key)).send({ domain: 'rotate-co.com', refresh: true });
  const second = (await receiver.waitFor(() => at('/rotate').length >= 2).then(() => at('/rotate')))[1]!;
  expect((second.headers['webhook-signature'] as string).split(' ')).toHaveLength(1);
  expect(() => new Webhook(again.body.secret).verify(second.body, second.headers as Record<string, string>)).not.toThrow();
  expect(() => new Webhook(fresh).verify(second.body, second.headers as Record<string, string>)).toThrow();
});

it('applies the endpoint’s field selection to the record it sends', async () => {
  const key = await stack.key();
  const { secret } = await register(key, '/fields', { fields: 'name, socialProfiles.linkedin', events: ['job.completed'] });
  await stack.submit(key, 'fields-co.com');
  const [hit] = await receiver.waitFor(() => at('/fields').length >= 1).then(() => at('/fields'));
  const payload = new Webhook(secret).verify(hit!.body, hit!.headers as Record<string, string>) as {
    data: { data: Record<string, unknown> };
  };
  expect(Object.keys(payload.data.data).sort()).toEqual(['domain', 'fieldSources', 'name', 'socialProfiles']);
  expect(payload.data.data).toMatchObject({ domain: 'fields-co.com', name: 'fields-co' });
});

it('delivers a submission’s one-off webhookUrl, signed with the secret its answer gave', async () => {
  const key = await stack.key();
  const refused = await request(stack.app)
    .post('/enrich')
    .set(bearer(key))
    .send({ domain: 'oneoff-co.com', webhookUrl: 'http://127.0.0.1/x' });
  expect(refused.status).toBe(400);
  expect(refused.body.error).toMatchObject({ code: 'INVALID_WEBHOOK_URL', details: { reason: 'private_address' } });
  const res = await request(stack.app)
    .post('/enrich')
    .set(bearer(key))
    .send({ domain: 'oneoff-co.com', webhookUrl: `https://${HOOKS}/one-off` });
  expect(res.status).toBe(202);
  expect(res.body.webhookSecret).toMatch(/^whsec_/);
  const [hit] = await receiver.waitFor(() => at('/one-off').length >= 1).then(() => at('/one-off'));
  const payload = new Webhook(res.body.webhookSecret).verify(hit!.body, hit!.headers as Record<string, string>);
  expect(payload).toMatchObject({ type: 'job.completed', data: { jobId: res.body.jobId, status: 'completed', domain: 'oneoff-co.com' } });

  // A job answered at once from the fresh record owes its event too.
  const fresh = await request(stack.app)
    .post('/enrich')
    .set(bearer(key))
    .send({ domain: 'oneoff-co.com', webhookUrl: `https://${HOOKS}/one-off` });
  expect(fresh.body.estimatedDuration).toBe(0);
  const second = (await receiver.waitFor(() => at('/one-off').length >= 2).then(() => at('/one-off')))[1]!;
  expect(new Webhook(fresh.body.webhookSecret).verify(second.body, second.headers as Record<string, string>)).toMatchObject({
    data: { jobId: fresh.body.jobId, status: 'completed' },
  });
});

it('resends a delivery with the same webhook-id and body', async () => {
  const key = await stack.key();
  const { id } = await register(key, '/resend');
  await stack.submit(key, 'resend-co.com');
  const delivered = await waitForDelivery(key, id, (d) => d.status === 'delivered');
  const res = await request(stack.app).post(`/webhooks/${id}/deliveries/${delivered.id}/resend`).set(bearer(key));
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ id: delivered.id, status: 'pending' });
  const hits = await receiver.waitFor(() => at('/resend').length >= 2).then(() => at('/resend'));
  expect(hits.map((h) => h.headers['webhook-id'])).toEqual([delivered.id, delivered.id]);
  expect(hits[1]!.body).toBe(hits[0]!.body);
  const again = await waitForDelivery(key, id, (d) => d.id === delivered.id && d.status === 'delivered');
  expect(again.attempts.map((a) => a.number)).toEqual([1, 2]);

  // Another team cannot see or resend it.
  const other = await stack.key();
  expect((await request(stack.app).get(`/webhooks/${id}/deliveries`).set(bearer(other))).status).toBe(404);
  const stranger = await request(stack.app).post(`/webhooks/${id}/deliveries/${delivered.id}/resend`).set(bearer(other));
  expect(stranger.body.error.code).toBe('WEBHOOK_NOT_FOUND');
});

it('keeps a delivery owed when our own side fails (the database refuses its attempts), and delivers it later', async () => {
  const key = await stack.key();
  const { id } = await register(key, '/fault', { events: ['job.completed'] });
  const db = stack.database.db;
  // A fault of ours: Postgres refuses to log this endpoint's attempts, after each POST.
  await db.$executeRawUnsafe(`
    CREATE FUNCTION refuse_fault_attempts() RETURNS trigger AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = NEW.delivery_id AND endpoint_id = '${id}') THEN
        RAISE EXCEPTION 'injected fault';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await db.$executeRawUnsafe(
    'CREATE TRIGGER refuse_fault_attempts BEFORE INSERT ON webhook_attempts FOR EACH ROW EXECUTE FUNCTION refuse_fault_attempts()',
  );
  await stack.submit(key, 'retry-co.com');
  // The queue's own retries (JOB_ATTEMPTS) run out; the delivery is deferred, not dropped.
  const deferred = await waitForDelivery(key, id, (d) => d.lastError?.startsWith('internal error') ?? false);
  expect(deferred.status).toBe('pending');
  expect(deferred.lastError).toMatch(/tried again later$/);
  const posted = at('/fault').length;
  expect(posted).toBeGreaterThanOrEqual(1);
  expect(new Set(at('/fault').map((h) => h.headers['webhook-id']))).toEqual(new Set([deferred.id]));

  // Fixed, and its time come: the reconciler queues it again.
  await db.$executeRawUnsafe('DROP TRIGGER refuse_fault_attempts ON webhook_attempts');
  await db.webhookDelivery.update({ where: { id: deferred.id }, data: { nextAttemptAt: new Date(Date.now() - 5000) } });
  const delivered = await waitForDelivery(key, id, (d) => d.status === 'delivered');
  expect(delivered.id).toBe(deferred.id);
  expect(at('/fault').length).toBe(posted + 1);
});
