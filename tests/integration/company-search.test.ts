import { KEY_CACHE_MS, runSearch, SEARCH_LIMITS, type SearchLimits, searchInput, searchQuerySchema } from '@enrich/api';
import { revokeApiKey } from '@enrich/api-keys';
import { type Prisma, typedSql } from '@enrich/db';
import { sleep } from '@enrich/testkit';
import request from 'supertest';
import { strictError, strictSearchResponse } from '../support/contract-schemas';
import { startTestStack, type TestStack } from '../support/test-stack';

// GET /companies/search against a real Postgres: ranking, prefixes, typos, filters, paging,
// validation and team isolation (the triggers behind it: team-search-sync.test.ts). Companies
// and team links are written directly (what the finalize step writes when a team's job
// completes), so the data is exact and quick to make.

let stack: TestStack;
let keyA: string;
let keyB: string;
let teamA: string;
let teamB: string;

const T0 = Date.parse('2026-03-01T00:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

type Seed = Prisma.CompanyCreateManyInput & { enrichedAt: Date };
const company = (domain: string, name: string, fields: Partial<Seed> & { enrichedAt: Date }): Seed => ({
  domain,
  name,
  description: `${name} makes things.`,
  industry: 'Manufacturing',
  location: 'Lyon, France',
  businessStage: 'growth',
  confidence: 50,
  employeeCount: '11-50',
  fundingStatus: 'Seed',
  sources: ['website'],
  socialProfiles: {},
  ...fields,
});

// Domains are chosen so that the domain tie-break alone would give the wrong order.
const A_COMPANIES: Seed[] = [
  company('zeta-analytics.com', 'Zeta Analytics', {
    description: 'Dashboards for retailers.',
    industry: 'Software',
    location: 'Berlin, Germany',
    businessStage: 'startup',
    confidence: 91,
    sources: ['website', 'linkedin', 'ai'],
    socialProfiles: { linkedin: 'https://www.linkedin.com/company/zeta-analytics' },
    enrichedAt: at(10),
  }),
  company('alpha-consulting.com', 'Alpha Consulting', {
    description: 'Advisers who bring analytics to family businesses.',
    industry: 'Consulting',
    location: 'Berlin, Germany',
    businessStage: 'enterprise',
    confidence: 80,
    enrichedAt: at(9),
  }),
  company('acme.com', 'Acme Corporation', {
    description: 'Rockets and anvils.',
    industry: 'Aerospace',
    location: 'Austin, USA',
    businessStage: 'public',
    confidence: 97,
    enrichedAt: at(8),
  }),
  company('globex.io', 'Globex', {
    description: 'Software for utilities.',
    industry: 'software',
    location: 'Austin, USA',
    businessStage: 'growth',
    confidence: 40,
    enrichedAt: at(7),
  }),
  company('remote-first.dev', 'Remote First', {
    description: 'Fully distributed tooling.',
    industry: 'Software',
    location: '100% Remote',
    businessStage: 'startup',
    confidence: 65,
    enrichedAt: at(6),
  }),
];
// Many alike: every one a "widget" maker, several enriched at the same instant.
const WIDGETS: Seed[] = Array.from({ length: 37 }, (_, i) =>
  company(`widget-${String(i).padStart(2, '0')}.example`, `Widget Works ${i}`, {
    description: 'Widgets for every purpose.',
    enrichedAt: at(-Math.floor(i / 3)),
  }),
);
const B_COMPANIES: Seed[] = [
  company('initech.com', 'Initech Analytics', { industry: 'Software', location: 'Berlin, Germany', enrichedAt: at(20) }),
];
// Enriched by both teams: each sees it with its own enrichedAt.
const SHARED = company('shared.com', 'Shared Analytics', { industry: 'Software', enrichedAt: at(1) });
const SHARED_FOR_B = at(30);

async function keyAndTeam(name: string, plan: 'growth' | 'starter') {
  const key = await stack.key(plan, name);
  return { key, teamId: (await stack.database.db.team.findUniqueOrThrow({ where: { name } })).id };
}

beforeAll(async () => {
  stack = await startTestStack({ label: 'search', workers: false });
  ({ key: keyA, teamId: teamA } = await keyAndTeam('search-team-a', 'growth'));
  ({ key: keyB, teamId: teamB } = await keyAndTeam('search-team-b', 'starter'));
  const db = stack.database.db;
  const all = [...A_COMPANIES, ...WIDGETS, ...B_COMPANIES, SHARED];
  // The company row's own enrichedAt differs from the teams' on purpose: results carry the team's.
  await db.company.createMany({ data: all.map(({ enrichedAt: _team, ...c }) => ({ ...c, enrichedAt: at(-1000) })) });
  await db.teamCompany.createMany({
    data: [
      ...[...A_COMPANIES, ...WIDGETS, SHARED].map((c) => ({ teamId: teamA, domain: c.domain, enrichedAt: c.enrichedAt })),
      ...B_COMPANIES.map((c) => ({ teamId: teamB, domain: c.domain, enrichedAt: c.enrichedAt })),
      { teamId: teamB, domain: SHARED.domain, enrichedAt: SHARED_FOR_B },
    ],
  });
});
afterAll(() => stack.stop());

const A_TOTAL = A_COMPANIES.length + WIDGETS.length + 1;

async function search(query: Record<string, string | string[]>, key = keyA, path = '/companies/search') {
  const res = await request(stack.app).get(path).query(query).set('Authorization', `Bearer ${key}`);
  if (res.status === 200) expect(() => strictSearchResponse.parse(res.body)).not.toThrow();
  return res;
}
const domains = (res: request.Response) => (res.body.results as { domain: string }[]).map((r) => r.domain);

describe('answers', () => {
  it('gives each result as the company record plus the team’s enrichedAt, with pagination', async () => {
    const res = await search({ q: 'zeta' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: [
        {
          name: 'Zeta Analytics',
          domain: 'zeta-analytics.com',
          description: 'Dashboards for retailers.',
          industry: 'Software',
          employeeCount: '11-50',
          location: 'Berlin, Germany',
          businessStage: 'startup',
          fundingStatus: 'Seed',
          socialProfiles: { linkedin: 'https://www.linkedin.com/company/zeta-analytics' },
          foundedYear: null,
          logoUrl: null,
          email: null,
          phone: null,
          confidence: 91,
          sources: ['website', 'linkedin', 'ai'],
          technologies: [],
          insights: null,
          b2bMatch: null,
          fieldSources: {},
          enrichedAt: at(10).toISOString(),
        },
      ],
      pagination: { page: 1, limit: 20, total: 1, totalPages: 1, nextCursor: null },
    });
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
  });

  it('answers under /api too', async () => {
    const res = await search({ q: 'acme' }, keyA, '/api/companies/search');
    expect(res.status).toBe(200);
    expect(domains(res)).toEqual(['acme.com']);
  });

  it('refuses a request without a valid key with 401', async () => {
    for (const path of ['/companies/search', '/api/companies/search']) {
      const res = await request(stack.app).get(path).query({ q: 'acme' });
      expect(res.status).toBe(401);
      expect(strictError.parse(res.body).error.code).toBe('AUTHENTICATION_FAILED');
    }
    const bad = await request(stack.app).get('/companies/search').set('Authorization', 'Bearer ce_live_nope');
    expect(bad.status).toBe(401);
  });

  it('stops taking a revoked key within KEY_CACHE_MS', async () => {
    const key = await stack.key('growth');
    expect((await search({ q: 'acme' }, key)).status).toBe(200);
    expect(await revokeApiKey(stack.database.db, key)).toBe(true);
    await sleep(KEY_CACHE_MS + 50);
    const res = await search({ q: 'acme' }, key);
    expect(res.status).toBe(401);
    expect(strictError.parse(res.body).error.code).toBe('AUTHENTICATION_FAILED');
  });

  it('answers 405 with Allow for other methods', async () => {
    const res = await request(stack.app).post('/companies/search').set('Authorization', `Bearer ${keyA}`).send({});
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(strictError.parse(res.body).error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('is documented in /openapi.json', async () => {
    const res = await request(stack.app).get('/openapi.json');
    const operation = res.body.paths['/api/companies/search'].get;
    expect(operation.parameters.map((p: { name: string }) => p.name).sort()).toEqual(
      ['businessStage', 'cursor', 'fields', 'industry', 'limit', 'location', 'minConfidence', 'page', 'q'].sort(),
    );
    expect(operation.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/CompanySearchResponse');
  });
});

describe('matching and ranking', () => {
  it('ranks a name match above a description-only match', async () => {
    // Zeta has the word in its name and its domain, Shared in its name, Alpha in its description.
    const res = await search({ q: 'analytics' });
    expect(domains(res)).toEqual(['zeta-analytics.com', 'shared.com', 'alpha-consulting.com']);
    expect(res.body.pagination.total).toBe(3);
  });

  it('matches word prefixes', async () => {
    expect(domains(await search({ q: 'acm' }))).toEqual(['acme.com']);
    expect(domains(await search({ q: 'Zet Analyt' }))).toEqual(['zeta-analytics.com']);
  });

  it('forgives typos, also beside a correct word', async () => {
    expect(domains(await search({ q: 'anlytics' }))).toEqual(['zeta-analytics.com', 'shared.com', 'alpha-consulting.com']);
    expect(domains(await search({ q: 'zeta anlytics' }))).toEqual(['zeta-analytics.com']);
    expect(domains(await search({ q: 'globx' }))).toEqual(['globex.io']);
    expect(domains(await search({ q: 'berln' })).sort()).toEqual(['alpha-consulting.com', 'zeta-analytics.com']);
  });

  it('learns the words of companies written later, by insert and by update', async () => {
    const db = stack.database.db;
    const domain = 'quasar.dev';
    try {
      await db.company.upsert({ where: { domain }, create: { domain, name: 'Quasar Robotics' }, update: {} });
      await db.teamCompany.create({ data: { teamId: teamA, domain, enrichedAt: at(-100) } });
      expect(domains(await search({ q: 'quasr' }))).toEqual([domain]);
      await db.company.update({ where: { domain }, data: { name: 'Pulsar Robotics' } });
      expect(domains(await search({ q: 'pulsr' }))).toEqual([domain]);
    } finally {
      await db.company.deleteMany({ where: { domain } });
    }
  });

  it('needs every word to match', async () => {
    expect(domains(await search({ q: 'acme austin' }))).toEqual(['acme.com']);
    expect(domains(await search({ q: 'acme berlin' }))).toEqual([]);
  });

  it('finds domains, industries and locations, and ignores punctuation in q', async () => {
    expect(domains(await search({ q: 'globex.io' }))).toEqual(['globex.io']);
    expect(domains(await search({ q: 'aerospace' }))).toEqual(['acme.com']);
    expect((await search({ q: '"Lyon" & (France) | !' })).body.pagination.total).toBe(WIDGETS.length + 1);
  });

  it('lists the team’s companies, most recently enriched first, when q is missing or empty', async () => {
    const expected = [...A_COMPANIES, ...WIDGETS, SHARED]
      .sort((a, b) => b.enrichedAt.getTime() - a.enrichedAt.getTime() || (a.domain < b.domain ? -1 : 1))
      .map((c) => c.domain);
    const queries: Record<string, string>[] = [{}, { q: '' }, { q: '   ' }, { q: ' .,;!? ' }];
    for (const query of queries) {
      const res = await search({ ...query, limit: '100' });
      expect(domains(res)).toEqual(expected);
      expect(res.body.pagination).toEqual({ page: 1, limit: 100, total: A_TOTAL, totalPages: 1, nextCursor: null });
    }
  });
});

describe('filters', () => {
  it('industry: equal, ignoring case', async () => {
    const res = await search({ industry: 'SOFTWARE', limit: '100' });
    expect(domains(res).sort()).toEqual(['globex.io', 'remote-first.dev', 'shared.com', 'zeta-analytics.com']);
  });

  it('businessStage: equal', async () => {
    expect(domains(await search({ businessStage: 'startup' }))).toEqual(['zeta-analytics.com', 'remote-first.dev']);
  });

  it('location: part of it, ignoring case, with % and _ taken literally', async () => {
    expect(domains(await search({ location: 'berl' }))).toEqual(['zeta-analytics.com', 'alpha-consulting.com']);
    expect(domains(await search({ location: '100%' }))).toEqual(['remote-first.dev']);
    expect(domains(await search({ location: '%' }))).toEqual(['remote-first.dev']);
    expect(domains(await search({ location: '_' }))).toEqual([]);
  });

  it('minConfidence: at least', async () => {
    expect(domains(await search({ minConfidence: '91' }))).toEqual(['zeta-analytics.com', 'acme.com']);
    expect((await search({ minConfidence: '0' })).body.pagination.total).toBe(A_TOTAL);
  });

  it('combine with each other and with q', async () => {
    expect(domains(await search({ industry: 'software', location: 'austin' }))).toEqual(['globex.io']);
    expect(domains(await search({ q: 'analytics', location: 'berlin', minConfidence: '85' }))).toEqual(['zeta-analytics.com']);
    expect(domains(await search({ q: 'analytics', businessStage: 'enterprise' }))).toEqual(['alpha-consulting.com']);
    expect(domains(await search({ q: 'software', industry: 'Software', businessStage: 'startup' }))).toEqual([
      'remote-first.dev',
      'zeta-analytics.com',
    ]);
    const none = await search({ q: 'acme', industry: 'software' });
    expect(none.body).toEqual({ results: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0, nextCursor: null } });
  });
});

describe('pagination', () => {
  async function walk(query: Record<string, string>, limit: number) {
    const seen: string[] = [];
    let totalPages = 1;
    for (let page = 1; page <= totalPages; page += 1) {
      const res = await search({ ...query, page: String(page), limit: String(limit) });
      expect(res.status).toBe(200);
      expect(res.body.pagination.page).toBe(page);
      totalPages = res.body.pagination.totalPages;
      expect(res.body.results.length).toBe(page < totalPages ? limit : res.body.pagination.total - limit * (totalPages - 1));
      seen.push(...domains(res));
    }
    return seen;
  }

  it('walks the listing to totalPages, seeing every company exactly once', async () => {
    const seen = await walk({}, 7);
    expect(seen).toHaveLength(A_TOTAL);
    expect(new Set(seen).size).toBe(A_TOTAL);
  });

  it('walks a search with many equal ranks the same way', async () => {
    const seen = await walk({ q: 'widget' }, 5);
    expect(seen.sort()).toEqual(WIDGETS.map((w) => w.domain).sort());
  });

  it('answers a page past the end with no results and the right totals', async () => {
    const res = await search({ q: 'widget', page: '9', limit: '5' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [], pagination: { page: 9, limit: 5, total: WIDGETS.length, totalPages: 8, nextCursor: null } });
    const listing = await search({ page: '1000', limit: '100' });
    expect(listing.body).toEqual({ results: [], pagination: { page: 1000, limit: 100, total: A_TOTAL, totalPages: 1, nextCursor: null } });
  });

  it('defaults to page 1 of 20', async () => {
    const res = await search({});
    expect(res.body.results).toHaveLength(20);
    expect(res.body.pagination).toEqual({
      page: 1,
      limit: 20,
      total: A_TOTAL,
      totalPages: Math.ceil(A_TOTAL / 20),
      nextCursor: expect.any(String),
    });
  });
});

// A broad search (one that matches too many companies to count and rank) is answered from an
// index walk in listing order with an estimated total. These few companies are never broad, so
// the limits that choose it are lowered to force each way of answering.
describe('broad searches', () => {
  const WALK: SearchLimits = { exactCost: -1, maxExactRows: -1, exactRows: -1, maxWalkReads: SEARCH_LIMITS.maxWalkReads };
  const SORT: SearchLimits = { ...WALK, maxWalkReads: -1 };
  const byListing = (list: Seed[]) =>
    [...list].sort((a, b) => b.enrichedAt.getTime() - a.enrichedAt.getTime() || (a.domain < b.domain ? -1 : 1)).map((c) => c.domain);

  async function walkAll(query: Record<string, string>, limits: SearchLimits, limit = 5) {
    const seen: string[] = [];
    const totals: { total: number; estimated: boolean }[] = [];
    for (let page = 1; page < 100; page += 1) {
      const input = searchInput(teamA, searchQuerySchema.parse({ ...query, page: String(page), limit: String(limit) }));
      const found = await runSearch(typedSql(stack.database.db), input, limits);
      seen.push(...found.rows.map((row) => row.company.domain));
      totals.push({ total: found.total, estimated: found.estimated });
      if (found.rows.length < limit) break;
    }
    return { seen, totals };
  }

  it.each([
    ['walked', WALK],
    ['sorted', SORT],
  ])('%s: the same matches as a ranked search, most recently enriched first, with no company twice', async (_name, limits) => {
    const { seen } = await walkAll({ q: 'widget' }, limits);
    expect(seen).toEqual(byListing(WIDGETS));
    const analytics = await walkAll({ q: 'anlytics', location: 'berlin' }, limits);
    expect(analytics.seen).toEqual(['zeta-analytics.com', 'alpha-consulting.com']);
    const filtered = await walkAll({ q: 'software', industry: 'SOFTWARE', businessStage: 'startup' }, limits);
    expect(filtered.seen).toEqual(['zeta-analytics.com', 'remote-first.dev']);
  });

  it('estimates the total of a full page (never below one more page), counts it on the last', async () => {
    const { seen, totals } = await walkAll({ q: 'widget' }, WALK);
    expect(totals.slice(0, -1).every((t, i) => t.estimated && t.total >= (i + 1) * 5 + 1)).toBe(true);
    expect(totals.at(-1)).toEqual({ total: WIDGETS.length, estimated: false });
    expect(seen).toHaveLength(WIDGETS.length);
  });

  it('walks the listing with filters from the index alone, in the same order as the counted listing', async () => {
    const { seen } = await walkAll({ industry: 'software' }, WALK, 2);
    const exact = await walkAll({ industry: 'software' }, SEARCH_LIMITS, 2);
    expect(seen).toEqual(exact.seen);
    expect(exact.totals.every((t) => !t.estimated)).toBe(true);
  });

  it('marks an estimated total in the answer with totalEstimated, and leaves a counted one unmarked', async () => {
    expect((await search({ q: 'widget' })).body.pagination).not.toHaveProperty('totalEstimated');
    expect(() =>
      strictSearchResponse.parse({
        results: [],
        pagination: { page: 1, limit: 20, total: 5000, totalPages: 250, totalEstimated: true, nextCursor: 'WyJ4Il0' },
      }),
    ).not.toThrow();
  });
});

describe('validation', () => {
  const invalid: [string, Record<string, string | string[]>][] = [
    ['page=0', { page: '0' }],
    ['page=abc', { page: 'abc' }],
    ['page=-1', { page: '-1' }],
    ['limit=0', { limit: '0' }],
    ['limit=101', { limit: '101' }],
    ['limit=1.5', { limit: '1.5' }],
    ['limit=', { limit: '' }],
    ['minConfidence=101', { minConfidence: '101' }],
    ['minConfidence=-1', { minConfidence: '-1' }],
    ['minConfidence=high', { minConfidence: 'high' }],
    ['businessStage=bogus', { businessStage: 'bogus' }],
    ['businessStage=Startup', { businessStage: 'Startup' }],
    ['industry=(blank)', { industry: '  ' }],
    ['page repeated', { page: ['1', '2'] }],
    ['q repeated', { q: ['acme', 'globex'] }],
    ['q over 200 characters', { q: 'a'.repeat(201) }],
  ];

  it.each(invalid)('%s: 400 VALIDATION_ERROR', async (_name, query) => {
    const res = await search(query);
    expect(res.status).toBe(400);
    const body = strictError.parse(res.body);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toEqual([expect.objectContaining({ path: expect.any(String), message: expect.any(String) })]);
  });

  it('names the parameter given twice', async () => {
    const res = await search({ page: ['1', '2'] });
    expect(res.body.error.details).toEqual([{ path: 'page', message: 'page must be given only once' }]);
  });

  it('accepts the limits themselves and ignores unknown parameters', async () => {
    expect((await search({ page: '1', limit: '1' })).status).toBe(200);
    expect((await search({ limit: '100', minConfidence: '100' })).status).toBe(200);
    expect((await search({ q: 'a'.repeat(200) })).status).toBe(200);
    expect((await search({ q: 'acme', sort: 'name', unknown: ['x', 'y'] })).status).toBe(200);
  });
});

describe('team isolation', () => {
  it('shows a team only the companies it enriched, with q and without', async () => {
    const listing = await search({ limit: '100' }, keyB);
    expect(domains(listing)).toEqual(['shared.com', 'initech.com']);
    expect(listing.body.results[0].enrichedAt).toBe(SHARED_FOR_B.toISOString());

    expect(domains(await search({ q: 'analytics' }, keyB))).toEqual(['initech.com', 'shared.com']);
    expect(domains(await search({ q: 'zeta' }, keyB))).toEqual([]);
    expect(domains(await search({ location: 'berlin' }, keyB))).toEqual(['initech.com']);

    expect(domains(await search({ q: 'initech' }, keyA))).toEqual([]);
    expect(domains(await search({ q: 'initeck' }, keyA))).toEqual([]);
    const all = await search({ limit: '100' }, keyA);
    expect(domains(all)).not.toContain('initech.com');
    expect(all.body.results.find((r: { domain: string }) => r.domain === 'shared.com').enrichedAt).toBe(SHARED.enrichedAt.toISOString());
  });

  it('a team that enriched nothing gets an empty list', async () => {
    const res = await search({}, await stack.key('free'));
    expect(res.body).toEqual({ results: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0, nextCursor: null } });
  });
});
