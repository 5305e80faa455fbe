import request from 'supertest';
import { DashboardClient } from '../support/dashboard-client';
import { startTestStack, type TestStack } from '../support/test-stack';

// /webhooks without workers: registration and its address guard, validation, changes, secret
// rotation, team isolation, the one-off webhookUrl of submissions, and the OpenAPI document.

const HOOKS = 'hooks.api-e2e.com';
let stack: TestStack;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const url = (path = '/in') => `https://${HOOKS}${path}`;

beforeAll(async () => {
  stack = await startTestStack({ label: 'whapi', workers: false, env: { WEBHOOK_HOST_MAP: `${HOOKS}=127.0.0.1:9` } });
});
afterAll(() => stack?.stop());

const create = (key: string, body: Record<string, unknown>) => request(stack.app).post('/webhooks').set(bearer(key)).send(body);

describe('registering', () => {
  it('answers the endpoint with its secret once; reads never show the secret', async () => {
    const key = await stack.key();
    const res = await create(key, { url: url(), events: ['job.completed', 'batch.completed', 'job.completed'], description: 'CRM sync' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^whk_[0-9a-z]{26}$/),
      url: url(),
      events: ['job.completed', 'batch.completed'],
      description: 'CRM sync',
      fields: null,
      enabled: true,
      disabledReason: null,
      previousSecretExpiresAt: null,
      consecutiveFailures: 0,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
    });
    expect(res.body.secretHint).toBe(`${res.body.secret.slice(0, 10)}…`);
    const read = await request(stack.app).get(`/api/webhooks/${res.body.id}`).set(bearer(key));
    expect(read.status).toBe(200);
    expect(read.body.secret).toBeUndefined();
    const { secret: _secret, ...view } = res.body;
    expect(read.body).toEqual(view);
    const list = await request(stack.app).get('/webhooks').set(bearer(key));
    expect(list.body).toEqual({ data: [view] });
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret);
  });

  it.each([
    ['no url', { events: ['job.completed'] }, 'url'],
    ['no events', { url: url() }, 'events'],
    ['no event in the list', { url: url(), events: [] }, 'events'],
    ['an unknown event', { url: url(), events: ['job.started'] }, 'events.0'],
    ['a control character in the description', { url: url(), events: ['job.completed'], description: 'tab\there' }, 'description'],
    ['a description over 500 characters', { url: url(), events: ['job.completed'], description: 'x'.repeat(501) }, 'description'],
    ['an unknown field in the selection', { url: url(), events: ['job.completed'], fields: 'name,colour' }, 'fields'],
    ['a url that is not a string', { url: 42, events: ['job.completed'] }, 'url'],
    ['a url over 2,000 characters', { url: `https://${HOOKS}/${'x'.repeat(2000)}`, events: ['job.completed'] }, 'url'],
  ])('refuses %s with VALIDATION_ERROR', async (_label, body, path) => {
    const res = await create(await stack.key(), body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('names an unknown field of the selection', async () => {
    const res = await create(await stack.key(), { url: url(), events: ['job.completed'], fields: 'name,colour' });
    expect(res.body.error.message).toMatch(/"colour"/);
  });

  it.each([
    ['http://127.0.0.1:8080/hook', 'private_address'],
    ['http://2130706433/', 'private_address'],
    ['http://0177.0.0.1/', 'private_address'],
    ['http://[::1]/', 'private_address'],
    ['http://[::ffff:127.0.0.1]/', 'private_address'],
    ['http://10.1.2.3/', 'private_address'],
    ['http://172.16.0.1/', 'private_address'],
    ['http://192.168.0.10/', 'private_address'],
    ['http://169.254.169.254/latest/meta-data/', 'private_address'],
    ['http://[fd00::1]/', 'private_address'],
    ['http://100.64.0.1/', 'private_address'],
    ['http://localhost:3000/', 'private_address'],
    ['https://nothing-here.invalid/', 'unresolvable'],
    ['ftp://example.com/', 'unsupported_scheme'],
    ['https://user:secret@example.com/', 'credentials'],
    ['not a url', 'invalid_url'],
  ])('refuses %s with INVALID_WEBHOOK_URL (%s)', async (target, reason) => {
    const res = await create(await stack.key(), { url: target, events: ['job.completed'] });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_WEBHOOK_URL', details: { reason } });
  });

  it('refuses a private address given later by PATCH too', async () => {
    const key = await stack.key();
    const { body } = await create(key, { url: url(), events: ['job.failed'] });
    const res = await request(stack.app).patch(`/webhooks/${body.id}`).set(bearer(key)).send({ url: 'http://127.0.0.1/' });
    expect(res.body.error).toMatchObject({ code: 'INVALID_WEBHOOK_URL', details: { reason: 'private_address' } });
    expect((await request(stack.app).get(`/webhooks/${body.id}`).set(bearer(key))).body.url).toBe(url());
  });

  it('holds a team to 20 endpoints', async () => {
    const key = await stack.key();
    const answers = await Promise.all(Array.from({ length: 22 }, (_, i) => create(key, { url: url(`/${i}`), events: ['job.completed'] })));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(20);
    expect(answers.filter((res) => res.status === 409).map((res) => res.body.error.code)).toEqual([
      'WEBHOOK_LIMIT_REACHED',
      'WEBHOOK_LIMIT_REACHED',
    ]);
  });
});

describe('changing', () => {
  it('changes events, description and fields; disabling says by whom; enabling clears it', async () => {
    const key = await stack.key();
    const { body } = await create(key, { url: url(), events: ['job.completed'] });
    const patch = (change: Record<string, unknown>) => request(stack.app).patch(`/webhooks/${body.id}`).set(bearer(key)).send(change);
    const changed = await patch({ events: ['job.failed', 'batch.completed'], description: 'ops', fields: ' name , industry ' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ events: ['job.failed', 'batch.completed'], description: 'ops', fields: 'name,industry' });
    expect((await patch({ fields: null })).body.fields).toBeNull();
    const disabled = await patch({ enabled: false });
    expect(disabled.body).toMatchObject({ enabled: false, disabledReason: 'disabled by its owner' });
    expect(disabled.body.disabledAt).not.toBeNull();
    expect((await patch({ enabled: true })).body).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null });
    expect((await patch({})).body.error.code).toBe('VALIDATION_ERROR');
  });

  it('rotates the secret: the new one shown once, the old one kept for the overlap asked (24 h by default)', async () => {
    const key = await stack.key();
    const { body } = await create(key, { url: url(), events: ['job.completed'] });
    const before = Date.now();
    const rotated = await request(stack.app).post(`/webhooks/${body.id}/rotate-secret`).set(bearer(key));
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(body.secret);
    const overlap = Date.parse(rotated.body.previousSecretExpiresAt) - before;
    expect(overlap).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(overlap).toBeLessThan(24 * 3_600_000 + 60_000);
    const row = await stack.database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: body.id } });
    expect(row).toMatchObject({ secret: rotated.body.secret, previousSecret: body.secret });
    const refused = await request(stack.app).post(`/webhooks/${body.id}/rotate-secret`).set(bearer(key)).send({ overlapHours: -1 });
    expect(refused.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('deletes an endpoint; it is then not found', async () => {
    const key = await stack.key();
    const { body } = await create(key, { url: url(), events: ['job.completed'] });
    expect((await request(stack.app).delete(`/webhooks/${body.id}`).set(bearer(key))).status).toBe(204);
    const gone = await request(stack.app).get(`/webhooks/${body.id}`).set(bearer(key));
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('WEBHOOK_NOT_FOUND');
    expect((await request(stack.app).delete(`/webhooks/${body.id}`).set(bearer(key))).status).toBe(404);
  });

  it('answers 405 for methods a path does not take', async () => {
    const key = await stack.key();
    expect((await request(stack.app).put('/webhooks').set(bearer(key))).status).toBe(405);
    expect((await request(stack.app).get('/webhooks/whk_x/rotate-secret').set(bearer(key))).status).toBe(405);
  });
});

describe('team isolation', () => {
  it('another team’s endpoint answers as one that does not exist, to every method', async () => {
    const owner = await stack.key();
    const other = await stack.key();
    const { body } = await create(owner, { url: url(), events: ['job.completed'] });
    const tries = [
      request(stack.app).get(`/webhooks/${body.id}`).set(bearer(other)),
      request(stack.app).patch(`/webhooks/${body.id}`).set(bearer(other)).send({ enabled: false }),
      request(stack.app).delete(`/webhooks/${body.id}`).set(bearer(other)),
      request(stack.app).post(`/webhooks/${body.id}/rotate-secret`).set(bearer(other)),
      request(stack.app).get(`/webhooks/${body.id}/deliveries`).set(bearer(other)),
      request(stack.app).post(`/webhooks/${body.id}/deliveries/msg_01abc/resend`).set(bearer(other)),
    ];
    for (const res of await Promise.all(tries)) {
      expect([res.status, res.body.error.code]).toEqual([404, 'WEBHOOK_NOT_FOUND']);
    }
    expect((await request(stack.app).get('/webhooks').set(bearer(other))).body).toEqual({ data: [] });
    expect((await request(stack.app).get(`/webhooks/${body.id}`).set(bearer(owner))).body.enabled).toBe(true);
  });

  it('a delivery of another endpoint is not found through this one', async () => {
    const key = await stack.key();
    const { body } = await create(key, { url: url(), events: ['job.completed'] });
    const res = await request(stack.app).post(`/webhooks/${body.id}/deliveries/msg_01nothere/resend`).set(bearer(key));
    expect([res.status, res.body.error.code]).toEqual([404, 'DELIVERY_NOT_FOUND']);
  });
});

describe('a dashboard session', () => {
  it('manages endpoints with the cookie and CSRF token; without the token it is refused', async () => {
    const client = new DashboardClient(stack.app);
    expect((await client.signup()).status).toBe(201);
    const created = await client.send('post', '/webhooks', { url: url(), events: ['job.completed'] });
    expect(created.status).toBe(201);
    expect((await client.send('get', '/webhooks')).body.data).toHaveLength(1);
    expect((await client.send('patch', `/webhooks/${created.body.id}`, { description: 'from the dashboard' })).body.description).toBe(
      'from the dashboard',
    );
    const token = client.csrf;
    client.csrf = undefined;
    const refused = await client.send('delete', `/webhooks/${created.body.id}`);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'CSRF_CHECK_FAILED']);
    client.csrf = token;
    expect((await client.send('delete', `/webhooks/${created.body.id}`)).status).toBe(204);
  });
});

describe('limits', () => {
  it('managing webhooks never counts against the rate limits', async () => {
    const key = await stack.key('free'); // 5 requests a minute
    const { body } = await create(key, { url: url(), events: ['job.completed'] });
    for (let i = 0; i < 8; i += 1) {
      const res = await request(stack.app)
        .patch(`/webhooks/${body.id}`)
        .set(bearer(key))
        .send({ description: `try ${i}` });
      expect(res.status).toBe(200);
    }
    const submitted = await request(stack.app).post('/enrich').set(bearer(key)).send({ domain: 'limits-co.com' });
    expect(submitted.status).toBe(202);
    expect(submitted.headers['x-ratelimit-remaining']).toBe('4');
  });
});

describe('one-off webhookUrl on submissions', () => {
  it('is checked like an endpoint and answered with its secret; a CSV bulk takes it as a query parameter', async () => {
    const key = await stack.key();
    const single = await request(stack.app)
      .post('/enrich')
      .set(bearer(key))
      .send({ domain: 'oneoff-api.com', webhookUrl: url('/single') });
    expect(single.status).toBe(202);
    expect(single.body.webhookSecret).toMatch(/^whsec_/);
    const job = await stack.database.db.enrichmentJob.findUniqueOrThrow({ where: { id: single.body.jobId } });
    expect(job).toMatchObject({ webhookUrl: url('/single'), webhookSecret: single.body.webhookSecret });

    const csv = await request(stack.app)
      .post(`/enrich/bulk?webhookUrl=${encodeURIComponent(url('/csv'))}`)
      .set(bearer(key))
      .set('Content-Type', 'text/csv')
      .send('domain\ncsv-one.com\ncsv-two.com\n');
    expect(csv.status).toBe(202);
    expect(csv.body.webhookSecret).toMatch(/^whsec_/);
    const batch = await stack.database.db.batch.findUniqueOrThrow({ where: { id: csv.body.batchId }, include: { jobs: true } });
    expect(batch.webhookUrl).toBe(url('/csv'));
    expect(batch.jobs.map((j) => j.webhookSecret)).toEqual([csv.body.webhookSecret, csv.body.webhookSecret]);

    const json = await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(key))
      .send({ domains: ['json-one.com'], webhookUrl: url('/json') });
    expect(json.body.webhookSecret).toMatch(/^whsec_/);

    // Without one, the answers are as in version 1.0.
    const plain = await request(stack.app).post('/enrich').set(bearer(key)).send({ domain: 'plain-api.com' });
    expect(plain.body.webhookSecret).toBeUndefined();
  });

  it.each([
    ['/enrich', { domain: 'bad-hook.com', webhookUrl: 'http://169.254.169.254/' }, 'private_address'],
    ['/enrich/bulk', { domains: ['bad-hook.com'], webhookUrl: 'http://[::1]:80/' }, 'private_address'],
    ['/enrich/bulk?webhookUrl=gopher%3A%2F%2Fx', { domains: ['bad-hook.com'] }, 'unsupported_scheme'],
  ])('%s refuses %j (%s) and writes nothing', async (path, body, reason) => {
    const key = await stack.key();
    const res = await request(stack.app).post(path).set(bearer(key)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_WEBHOOK_URL', details: { reason } });
    const team = await stack.database.db.apiKey.findFirstOrThrow({ where: { prefix: key.slice(0, 12) } });
    expect(await stack.database.db.enrichmentJob.count({ where: { teamId: team.teamId } })).toBe(0);
  });
});

it('the OpenAPI document lists the webhook endpoints and the messages they receive', async () => {
  const doc = (await request(stack.app).get('/openapi.json')).body;
  expect(doc.info.version).toBe('1.1.0');
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      '/api/webhooks',
      '/api/webhooks/{id}',
      '/api/webhooks/{id}/rotate-secret',
      '/api/webhooks/{id}/deliveries',
      '/api/webhooks/{id}/deliveries/{deliveryId}/resend',
    ]),
  );
  expect(Object.keys(doc.webhooks)).toEqual(['job.completed', 'job.failed', 'batch.completed', 'company.changed']);
  expect(doc.paths['/api/webhooks'].post.responses['201'].content['application/json'].schema.$ref).toBe(
    '#/components/schemas/WebhookWithSecret',
  );
  expect(doc.components.schemas.Error.properties.error.properties.code.enum).toEqual(
    expect.arrayContaining(['INVALID_WEBHOOK_URL', 'WEBHOOK_NOT_FOUND', 'DELIVERY_NOT_FOUND', 'WEBHOOK_DISABLED']),
  );
});
