import { revokeApiKey } from '@enrich/api-keys';
import request from 'supertest';
import { strictAccepted, strictError, strictProcessing } from '../support/contract-schemas';
import { QUEUE_STORE, startTestStack, type TestStack } from '../support/test-stack';

// The v1 contract's single-domain endpoints, field by field. Workers are off here so that
// jobs stay in `processing`; tests/integration/pipeline.test.ts covers completion.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let stack: TestStack;
let key: string;

beforeAll(async () => {
  stack = await startTestStack({ label: 'contract', workers: false });
  key = await stack.key();
});
afterAll(() => stack.stop());

const auth = (k = key) => ({ Authorization: `Bearer ${k}` });

describe('POST /enrich', () => {
  it('answers 202 with the submission record', async () => {
    const res = await request(stack.app).post('/enrich').set(auth()).send({ domain: 'acme.com' });
    expect(res.status).toBe(202);
    expect(Object.keys(res.body).sort()).toEqual(['domain', 'estimatedDuration', 'jobId', 'status', 'statusEndpoint']);
    expect(() => strictAccepted.parse(res.body)).not.toThrow();
    expect(res.body.status).toBe('processing');
    expect(res.body.jobId).toMatch(UUID);
    expect(res.body.domain).toBe('acme.com');
    expect(res.body.statusEndpoint).toBe(`/api/enrich/${res.body.jobId}`);
    expect(Number.isInteger(res.body.estimatedDuration)).toBe(true);
    expect(res.body.estimatedDuration).toBeGreaterThan(0);
    expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it('answers under /api too, and normalises the domain it returns', async () => {
    const res = await request(stack.app).post('/api/enrich').set(auth()).send({ domain: 'https://WWW.Acme.com/about' });
    expect(res.status).toBe(202);
    expect(res.body.domain).toBe('acme.com');
  });

  it('accepts url in place of domain, as a documented client sends it', async () => {
    const res = await request(stack.app).post('/enrich').set(auth()).send({ url: 'https://globex.com/' });
    expect(res.status).toBe(202);
    expect(res.body.domain).toBe('globex.com');
  });

  it('records the job in Postgres and queues its flow', async () => {
    const res = await request(stack.app).post('/enrich').set(auth()).send({ domain: 'initech.com' });
    const row = await stack.database.db.enrichmentJob.findUnique({ where: { id: res.body.jobId } });
    // A single submission is a batch of one without a batch row.
    expect(row).toMatchObject({ domain: 'initech.com', status: 'processing', batchId: null, batchPosition: null, followsJobId: null });
  });

  it('keeps a sane X-Request-Id sent by the caller', async () => {
    const res = await request(stack.app).post('/enrich').set(auth()).set('X-Request-Id', 'client-123').send({});
    expect(res.headers['x-request-id']).toBe('client-123');
    expect(res.body.error.requestId).toBe('client-123');
  });
});

describe('GET /enrich/:jobId', () => {
  it('answers processing with createdAt and estimatedCompletion in ISO 8601 UTC', async () => {
    const jobId = await stack.submit(key, 'hooli.com');
    for (const path of [`/enrich/${jobId}`, `/api/enrich/${jobId}`]) {
      const res = await request(stack.app).get(path).set(auth());
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['createdAt', 'domain', 'estimatedCompletion', 'status']);
      expect(() => strictProcessing.parse(res.body)).not.toThrow();
      expect(res.body).toMatchObject({ status: 'processing', domain: 'hooli.com' });
      expect(res.body.createdAt).toMatch(ISO_UTC);
      expect(res.body.estimatedCompletion).toMatch(ISO_UTC);
      expect(Date.parse(res.body.estimatedCompletion)).toBeGreaterThan(Date.parse(res.body.createdAt));
      expect(res.body).not.toHaveProperty('jobId');
    }
  });

  it('answers 404 JOB_NOT_FOUND for unknown ids, malformed ids and another team’s job', async () => {
    const jobId = await stack.submit(key, 'umbrella.com');
    const otherKey = await stack.key('growth');
    const cases = [
      request(stack.app).get('/enrich/8b3f3c1e-2f0a-4c1a-9a43-0d5b8c1e2f3a').set(auth()),
      request(stack.app).get('/enrich/not-a-uuid').set(auth()),
      request(stack.app).get(`/enrich/${jobId}`).set(auth(otherKey)),
      request(stack.app).get(`/api/enrich/${jobId}`).set(auth(otherKey)),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('JOB_NOT_FOUND');
    }
  });
});

describe('authentication', () => {
  it('answers 401 AUTHENTICATION_FAILED alike for missing, malformed, unknown and revoked keys', async () => {
    const revoked = await stack.key();
    expect(await revokeApiKey(stack.database.db, revoked)).toBe(true);
    const headers: Record<string, string>[] = [
      {},
      { Authorization: '' },
      { Authorization: 'Bearer' },
      { Authorization: 'Basic dXNlcjpwYXNz' },
      { Authorization: 'Bearer ce_live_short' },
      { Authorization: `Bearer ${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}` },
      { Authorization: `Bearer ${'ce_live_'}${'A'.repeat(32)}` },
      { Authorization: `Bearer ${revoked}` },
      { Authorization: `Bearer ${'x'.repeat(10_000)}` },
    ];
    const bodies = new Set<string>();
    for (const header of headers) {
      for (const res of [
        await request(stack.app).post('/enrich').set(header).send({ domain: 'acme.com' }),
        await request(stack.app).get('/api/enrich/8b3f3c1e-2f0a-4c1a-9a43-0d5b8c1e2f3a').set(header),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('AUTHENTICATION_FAILED');
        expect(() => strictError.parse(res.body)).not.toThrow();
        bodies.add(res.body.error.message);
      }
    }
    expect(bodies.size).toBe(1);
  });

  it('records when a key was last used', async () => {
    const fresh = await stack.key();
    await request(stack.app).get('/enrich/8b3f3c1e-2f0a-4c1a-9a43-0d5b8c1e2f3a').set(auth(fresh));
    const keys = await stack.database.db.apiKey.findMany({ where: { lastUsedAt: { not: null } } });
    expect(keys.length).toBeGreaterThan(0);
  });
});

describe('service routes', () => {
  it('answers 404 NOT_FOUND in the error shape for unknown routes', async () => {
    for (const path of ['/nope', '/api/nope', '/enrich/a/b']) {
      const res = await request(stack.app).get(path).set(auth());
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'NOT_FOUND' });
      expect(res.body.error.requestId).toBe(res.headers['x-request-id']);
    }
  });

  it('answers 405 METHOD_NOT_ALLOWED with Allow for a known path asked the wrong way', async () => {
    const wrong = [
      [await request(stack.app).put('/enrich').set(auth()), 'GET, HEAD, POST'],
      [await request(stack.app).delete('/api/enrich').set(auth()), 'GET, HEAD, POST'],
      [await request(stack.app).post('/enrich/8b3f3c1e-2f0a-4c1a-9a43-0d5b8c1e2f3a').set(auth()).send({}), 'GET, HEAD'],
    ] as const;
    for (const [res, allow] of wrong) {
      expect(res.status).toBe(405);
      expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
      expect(res.headers.allow).toBe(allow);
    }
  });

  it('serves health, readiness and the OpenAPI document without a key', async () => {
    expect((await request(stack.app).get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await request(stack.app).get('/readyz');
    expect(ready.status).toBe(200);
    // The queue store's check is named after what answers: Redis, or PostgreSQL's queues.
    expect(ready.body.checks).toEqual(QUEUE_STORE === 'redis' ? { postgres: 'ok', redis: 'ok' } : { postgres: 'ok', queues: 'ok' });
    expect(ready.body.mode).toEqual({ postgres: 'server', queues: QUEUE_STORE });
    const doc = await request(stack.app).get('/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    // The dashboard's own routes (/api/dashboard/api/*) are checked in dashboard-team.test.ts.
    expect(
      Object.keys(doc.body.paths)
        .filter((p) => !p.startsWith('/api/dashboard/'))
        .sort(),
    ).toEqual([
      '/api/changes',
      '/api/companies/search',
      '/api/companies/{domain}',
      '/api/companies/{domain}/changes',
      '/api/enrich',
      '/api/enrich/bulk',
      '/api/enrich/bulk/{batchId}',
      '/api/enrich/bulk/{batchId}/events',
      '/api/enrich/bulk/{batchId}/results.csv',
      '/api/enrich/{jobId}',
      '/api/enrich/{jobId}/events',
      '/api/monitors',
      '/api/monitors/{id}',
      '/api/usage',
      '/api/webhooks',
      '/api/webhooks/{id}',
      '/api/webhooks/{id}/deliveries',
      '/api/webhooks/{id}/deliveries/{deliveryId}/resend',
      '/api/webhooks/{id}/rotate-secret',
      '/healthz',
      '/openapi.json',
      '/readyz',
      '/reference',
    ]);
    const record = doc.body.components.schemas.CompanyRecord;
    expect(Object.keys(record.properties).sort()).toEqual(
      [
        'businessStage',
        'confidence',
        'description',
        'domain',
        'employeeCount',
        'fundingStatus',
        'industry',
        'location',
        'name',
        'socialProfiles',
        'sources',
        'foundedYear',
        'logoUrl',
        'email',
        'phone',
        'technologies',
        'insights',
        'b2bMatch',
        'fieldSources',
      ].sort(),
    );
  });
});
