import { selectedSearchResultSchema } from '@enrich/api';
import { markJobFailed, noJobEvents } from '@enrich/jobs';
import { type FieldSource, selectedRecordSchema } from '@enrich/record';
import request from 'supertest';
import { strictError, strictSearchResponse } from '../support/contract-schemas';
import { DashboardClient } from '../support/dashboard-client';
import { startTestStack, type TestStack } from '../support/test-stack';

// GET /companies/{domain}, `fields=` on the poll, the lookup, search and batch items, and
// `status=` on batch items. No workers: companies are written as finalize writes them, and
// submissions of them complete at once from the fresh stored record.

let stack: TestStack;
let keyA: string;
let keyB: string;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

const source = (url: string): FieldSource => ({
  source: 'website',
  url,
  method: 'json-ld',
  observedAt: '2026-11-24T00:00:00.000Z',
  inferred: false,
  agreedBy: [],
  disagreedBy: [],
  confidence: 100,
});

async function storeCompany(domain: string, name: string) {
  await stack.database.db.company.create({
    data: {
      domain,
      name,
      industry: 'Software',
      location: 'Lyon, France',
      confidence: 70,
      sources: ['website'],
      socialProfiles: { linkedin: `https://www.linkedin.com/company/${name.toLowerCase()}`, twitter: `https://x.com/${name}` },
      provenance: {
        name: source(`https://${domain}/`),
        industry: source(`https://${domain}/about`),
        'socialProfiles.linkedin': source(`https://${domain}/`),
        'socialProfiles.twitter': source(`https://${domain}/`),
      },
      enrichedAt: new Date(),
    },
  });
}

// What the team's key reads as the rate-limit window before and after: reads never count.
const remaining = async (key: string) => Number((await request(stack.app).get('/usage').set(bearer(key))).headers['x-ratelimit-remaining']);

beforeAll(async () => {
  stack = await startTestStack({ label: 'lookup', workers: false });
  keyA = await stack.key('free');
  keyB = await stack.key('free');
  for (const [domain, name] of [
    ['acme.com', 'Acme'],
    ['globex.io', 'Globex'],
    ['initech.com', 'Initech'],
    ['umbrella.org', 'Umbrella'],
  ] as const)
    await storeCompany(domain, name);
  // Team A enriches acme.com (a fresh record: completed at once); nobody enriches umbrella.org.
  await stack.submit(keyA, 'acme.com');
});
afterAll(() => stack?.stop());

describe('GET /companies/{domain}', () => {
  it('answers the team’s stored record plus enrichedAt, for the domain written any way a submission may be', async () => {
    const before = await remaining(keyA);
    for (const written of ['acme.com', 'ACME.com.', encodeURIComponent('https://www.acme.com/about?x=1')]) {
      const res = await request(stack.app).get(`/companies/${written}`).set(bearer(keyA));
      expect(res.status).toBe(200);
      const [result] = strictSearchResponse.parse({
        results: [res.body],
        pagination: { page: 1, limit: 1, total: 1, totalPages: 1, nextCursor: null },
      }).results;
      expect(result).toMatchObject({ domain: 'acme.com', name: 'Acme', industry: 'Software', confidence: 70, sources: ['website'] });
      expect(Date.parse(res.body.enrichedAt)).not.toBeNaN();
      expect(res.headers['x-ratelimit-limit']).toBe('5');
    }
    expect((await request(stack.app).get('/api/companies/acme.com').set(bearer(keyA))).status).toBe(200);
    expect(await remaining(keyA)).toBe(before);
  });

  it('is 404 COMPANY_NOT_FOUND for a domain the team never enriched, even one another team did or nobody did', async () => {
    for (const [key, domain] of [
      [keyB, 'acme.com'],
      [keyA, 'umbrella.org'],
      [keyA, 'never-seen.com'],
    ] as const) {
      const res = await request(stack.app).get(`/companies/${domain}`).set(bearer(key));
      expect(res.status).toBe(404);
      expect(strictError.parse(res.body).error.code).toBe('COMPANY_NOT_FOUND');
      expect(res.headers['x-ratelimit-remaining']).toBeDefined();
    }
  });

  it('refuses what a submission refuses, with the same codes, and refresh', async () => {
    for (const [domain, reason] of [
      ['localhost', 'no_public_suffix'],
      ['10.0.0.1', 'ip_address'],
      ['acme.com%3A8080', 'port'],
      ['%20', 'empty'],
    ]) {
      const res = await request(stack.app).get(`/companies/${domain}`).set(bearer(keyA));
      expect([res.status, res.body.error.code, res.body.error.details]).toEqual([400, 'INVALID_DOMAIN', { reason }]);
    }
    const refresh = await request(stack.app).get('/companies/acme.com?refresh=true').set(bearer(keyA));
    expect([refresh.status, refresh.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(refresh.body.error.message).toContain('refresh');
    expect((await request(stack.app).post('/companies/acme.com').set(bearer(keyA))).status).toBe(405);
    expect((await request(stack.app).get('/companies/acme.com')).status).toBe(401);
  });

  it('takes a dashboard session in place of a key', async () => {
    const browser = new DashboardClient(stack.app);
    expect((await browser.signup()).status).toBe(201);
    expect((await browser.send('get', '/companies/acme.com')).status).toBe(404);
    expect((await browser.send('post', '/enrich', { domain: 'globex.io' })).status).toBe(202);
    const res = await browser.send('get', '/companies/globex.io?fields=name');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      domain: 'globex.io',
      name: 'Globex',
      fieldSources: { name: source('https://globex.io/') },
      enrichedAt: expect.any(String),
    });
  });
});

describe('fields=', () => {
  it('gives the lookup only the named fields, their provenance, the domain and enrichedAt', async () => {
    const res = await request(stack.app).get('/companies/acme.com?fields=name,%20socialProfiles.linkedin').set(bearer(keyA));
    expect(res.status).toBe(200);
    expect(selectedSearchResultSchema.strict().parse(res.body)).toEqual({
      domain: 'acme.com',
      name: 'Acme',
      socialProfiles: { linkedin: 'https://www.linkedin.com/company/acme' },
      fieldSources: { name: source('https://acme.com/'), 'socialProfiles.linkedin': source('https://acme.com/') },
      enrichedAt: expect.any(String),
    });
  });

  it('selects the poll’s data; a processing or failed job is answered as without it', async () => {
    const jobId = await stack.submit(keyA, 'initech.com');
    const res = await request(stack.app).get(`/enrich/${jobId}?fields=industry,confidence`).set(bearer(keyA));
    expect(res.body.status).toBe('completed');
    expect(selectedRecordSchema.strict().parse(res.body.data)).toEqual({
      domain: 'initech.com',
      industry: 'Software',
      confidence: 70,
      fieldSources: { industry: source('https://initech.com/about') },
    });
    const processing = await stack.submit(keyA, 'new-company.com');
    const poll = await request(stack.app).get(`/api/enrich/${processing}?fields=name`).set(bearer(keyA));
    expect(poll.body).toMatchObject({ status: 'processing', domain: 'new-company.com' });
  });

  it('selects each search result', async () => {
    const res = await request(stack.app).get('/companies/search?fields=name&limit=5').set(bearer(keyA));
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(1);
    for (const result of res.body.results) {
      expect(Object.keys(selectedSearchResultSchema.strict().parse(result)).sort()).toEqual([
        'domain',
        'enrichedAt',
        'fieldSources',
        'name',
      ]);
    }
  });

  it('refuses an unknown field with 400 VALIDATION_ERROR naming it, on every endpoint that takes fields', async () => {
    const jobId = await stack.submit(keyA, 'acme.com');
    const batch = await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(keyA))
      .send({ domains: ['acme.com'] });
    for (const path of ['/companies/acme.com', '/companies/search', `/enrich/${jobId}`, `/enrich/bulk/${batch.body.batchId}`]) {
      const res = await request(stack.app).get(`${path}?fields=name,revenue`).set(bearer(keyA));
      expect([path, res.status, res.body.error?.code]).toEqual([path, 400, 'VALIDATION_ERROR']);
      expect(res.body.error.message).toContain('"revenue"');
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'fields' })]);
    }
  });
});

describe('batch items: status= and fields=', () => {
  it('pages through the items in one state only, counting those, with the selected fields', async () => {
    // Three stored companies complete at once; two new domains stay processing; one of those fails.
    const domains = ['acme.com', 'fresh-one.com', 'globex.io', 'fresh-two.com', 'initech.com'];
    const accepted = await request(stack.app).post('/enrich/bulk').set(bearer(keyB)).send({ domains });
    expect(accepted.status).toBe(202);
    const { batchId, jobs } = accepted.body as { batchId: string; jobs: { domain: string; jobId: string }[] };
    const failing = jobs.find((job) => job.domain === 'fresh-two.com')!.jobId;
    expect((await markJobFailed(stack.database.db, noJobEvents, failing, 'SCRAPE_FAILED', 'gave up')).ended).toBe(true);

    const items = async (query: string) => {
      const res = await request(stack.app).get(`/enrich/bulk/${batchId}?${query}`).set(bearer(keyB));
      expect(res.status).toBe(200);
      return res.body as {
        items: { domain: string; status: string; data?: Record<string, unknown> }[];
        pagination: { total: number; totalPages: number };
      };
    };
    const completed = await items('status=completed&limit=2');
    expect(completed.items.map((i) => i.domain)).toEqual(['acme.com', 'globex.io']);
    expect(completed.pagination).toMatchObject({ total: 3, totalPages: 2 });
    expect((await items('status=completed&limit=2&page=2')).items.map((i) => i.domain)).toEqual(['initech.com']);
    expect((await items('status=failed')).items.map((i) => [i.domain, i.status])).toEqual([['fresh-two.com', 'failed']]);
    expect((await items('status=processing')).items.map((i) => i.domain)).toEqual(['fresh-one.com']);
    expect((await items('')).pagination.total).toBe(5);

    const selected = await items('status=completed&fields=name');
    for (const item of selected.items)
      expect(Object.keys(selectedRecordSchema.strict().parse(item.data)).sort()).toEqual(['domain', 'fieldSources', 'name']);

    const bad = await request(stack.app).get(`/enrich/bulk/${batchId}?status=invalid`).set(bearer(keyB));
    expect([bad.status, bad.body.error.code, bad.body.error.details[0].path]).toEqual([400, 'VALIDATION_ERROR', 'status']);
  });
});
