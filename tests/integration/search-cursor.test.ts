import {
  runSearch,
  SEARCH_LIMITS,
  type SearchLimits,
  type SearchResponse,
  searchCompanies,
  searchInput,
  searchQuerySchema,
} from '@enrich/api';
import { type Prisma, sqlPool, typedSql } from '@enrich/db';
import { recordedSql } from '@enrich/testkit';
import request from 'supertest';
import { strictError, strictSearchResponse } from '../support/contract-schemas';
import { startTestStack, type TestStack } from '../support/test-stack';

// GET /companies/search by cursor against a real Postgres: a walk by cursor shows every match
// once, in the order of the page numbers (the listing, ranked and corrected searches, broad
// ones walked and sorted), from any page on; companies enriched during a walk never make it
// repeat or skip one; a cursor this search did not give is refused; the walk starts at the key
// in the index. Companies and team links are written directly, as in company-search.test.ts.

let stack: TestStack;
let key: string;
let teamId: string;

const T0 = Date.parse('2026-03-01T00:00:00.000Z');
// One millisecond apart and four at each: a cursor that lost a millisecond would skip or repeat.
const at = (i: number) => new Date(T0 + Math.floor(i / 4));

type Seed = Prisma.CompanyCreateManyInput & { enrichedAt: Date };
const company = (domain: string, name: string, description: string, industry: string, enrichedAt: Date): Seed => ({
  domain,
  name,
  description,
  industry,
  confidence: 50,
  sources: ['website'],
  socialProfiles: {},
  enrichedAt,
});

// Widgets of two ranks (the word in the name, or only twice in the description); a few that
// use the misspelling `widgt` (typed matches of `widgt` come first); others that match neither.
// Enrichment times are spread so that neither rank nor domain gives the listing's order.
const SEEDS: Seed[] = [
  ...Array.from({ length: 24 }, (_, i) =>
    i % 2 === 0
      ? company(`widget-${i}.example`, `Widget Works ${i}`, 'Parts.', i % 3 ? 'Manufacturing' : 'Software', at((i * 7) % 36))
      : company(`gadget-${i}.example`, `Gadget Co ${i}`, 'Gadgets and widgets, widgets.', 'Manufacturing', at((i * 7) % 36)),
  ),
  ...Array.from({ length: 4 }, (_, i) => company(`parts-${i}.example`, `Parts ${i}`, 'Widgt spares.', 'Software', at((i * 11 + 3) % 36))),
  ...Array.from({ length: 8 }, (_, i) => company(`firm-${i}.example`, `Firm ${i}`, 'Advice.', 'Consulting', at((i * 5 + 1) % 36))),
];

async function link(team: string, seeds: Seed[]) {
  await stack.database.db.teamCompany.createMany({
    data: seeds.map((c) => ({ teamId: team, domain: c.domain, enrichedAt: c.enrichedAt })),
  });
}

async function newTeam(name: string) {
  const teamKey = await stack.key('growth', name);
  return { key: teamKey, teamId: (await stack.database.db.team.findUniqueOrThrow({ where: { name } })).id };
}

beforeAll(async () => {
  stack = await startTestStack({ label: 'search-cursor', workers: false });
  ({ key, teamId } = await newTeam('search-cursor-a'));
  await stack.database.db.company.createMany({ data: SEEDS.map(({ enrichedAt: _team, ...c }) => c) });
  await link(teamId, SEEDS);
});
afterAll(() => stack.stop());

type Query = Record<string, string>;

async function search(query: Query, teamKey = key) {
  const res = await request(stack.app).get('/companies/search').query(query).set('Authorization', `Bearer ${teamKey}`);
  if (res.status === 200) expect(() => strictSearchResponse.parse(res.body)).not.toThrow();
  return res;
}
const domains = (body: Pick<SearchResponse, 'results'>) => body.results.map((r) => r.domain);

/** Every page by number, to the last (the one without nextCursor); `between` runs before each page after the first. */
async function byPages(query: Query, limit: number, between?: () => Promise<void>, teamKey = key) {
  const seen: string[] = [];
  for (let page = 1; ; page += 1) {
    if (page > 1) await between?.();
    const { body } = await search({ ...query, page: String(page), limit: String(limit) }, teamKey);
    seen.push(...domains(body));
    if (body.pagination.nextCursor === null) return seen;
  }
}

/** Every page from the first by nextCursor: no page number on the pages reached by cursor. */
async function byCursor(query: Query, limit: number, between?: () => Promise<void>, teamKey = key) {
  let { body } = await search({ ...query, limit: String(limit) }, teamKey);
  const seen = domains(body);
  while (body.pagination.nextCursor !== null) {
    await between?.();
    const res = await search({ ...query, limit: String(limit), cursor: body.pagination.nextCursor }, teamKey);
    expect(res.status).toBe(200);
    body = res.body;
    expect(Object.keys(body.pagination).sort()).toEqual([
      'limit',
      'nextCursor',
      'total',
      ...('totalEstimated' in body.pagination ? ['totalEstimated'] : []),
    ]);
    seen.push(...domains(body));
  }
  return seen;
}

describe('a walk by cursor', () => {
  it.each<[string, Query]>([
    ['the listing', {}],
    ['a listing with a filter', { industry: 'software' }],
    ['a ranked search', { q: 'widget' }],
    ['a search with a corrected typo', { q: 'widgt' }],
  ])('%s: every company once, in the order of the page numbers, whatever the limit', async (_name, query) => {
    const pages = await byPages(query, 5);
    expect(pages.length).toBeGreaterThan(5);
    expect(new Set(pages).size).toBe(pages.length);
    expect(await byCursor(query, 5)).toEqual(pages);
    expect(await byCursor(query, 3)).toEqual(pages);
  });

  it('follows the order of each: recency for the listing, rank (typed words first) for words', async () => {
    const listing = [...SEEDS].sort((a, b) => b.enrichedAt.getTime() - a.enrichedAt.getTime() || (a.domain < b.domain ? -1 : 1));
    expect(await byCursor({}, 4)).toEqual(listing.map((c) => c.domain));
    const ranked = await byCursor({ q: 'widget' }, 4);
    expect(ranked.slice(0, 12).every((domain) => domain.startsWith('widget-'))).toBe(true);
    expect((await byCursor({ q: 'widgt' }, 3)).slice(0, 4).sort()).toEqual([
      'parts-0.example',
      'parts-1.example',
      'parts-2.example',
      'parts-3.example',
    ]);
  });

  it('goes on from a page asked for by number: its nextCursor starts the next page, at any limit', async () => {
    for (const query of [{}, { q: 'widget' }] as Query[]) {
      const pages = await byPages(query, 4);
      const second = await search({ ...query, page: '2', limit: '4' });
      expect(second.body.pagination).toMatchObject({ page: 2, totalPages: Math.ceil(pages.length / 4), nextCursor: expect.any(String) });
      const third = await search({ ...query, limit: '6', cursor: second.body.pagination.nextCursor });
      expect(domains(third.body)).toEqual(pages.slice(8, 14));
      expect(third.body.pagination).toEqual({ limit: 6, total: pages.length, nextCursor: expect.any(String) });
    }
  });

  it('ends with nextCursor null on the last page, also a full one', async () => {
    const full = await search({ industry: 'consulting', limit: '8' });
    expect(full.body.pagination).toEqual({ page: 1, limit: 8, total: 8, totalPages: 1, nextCursor: null });
    const first = await search({ industry: 'consulting', limit: '4' });
    const last = await search({ industry: 'consulting', limit: '4', cursor: first.body.pagination.nextCursor });
    expect(last.body.results).toHaveLength(4);
    expect(last.body.pagination).toEqual({ limit: 4, total: 8, nextCursor: null });
  });
});

// Broad searches (too many matches to rank) walk the listing index; these few companies are never
// broad, so the limits that choose it are lowered to force each way (company-search.test.ts).
const WALK: SearchLimits = { exactCost: -1, maxExactRows: -1, exactRows: -1, maxWalkReads: SEARCH_LIMITS.maxWalkReads };
const SORT: SearchLimits = { ...WALK, maxWalkReads: -1 };

describe('a broad search by cursor', () => {
  /** The answers of a walk by page numbers (`cursor: false`) or by cursor, each page's query from the last answer. */
  async function answers(query: Query, limits: SearchLimits, cursor: boolean, between?: () => Promise<void>, team = teamId) {
    const found: SearchResponse[] = [];
    for (let page = 1; page < 100; page += 1) {
      const last = found.at(-1)?.pagination.nextCursor;
      if (page > 1 && !last) break;
      if (page > 1) await between?.();
      const start = page === 1 ? {} : cursor ? { cursor: last } : { page: String(page) };
      found.push(await searchCompanies(stack.database.db, team, searchQuerySchema.parse({ ...query, ...start, limit: '5' }), limits));
    }
    return found;
  }
  const shown = (pages: SearchResponse[]) => pages.flatMap(domains);

  it.each<[string, Query, SearchLimits]>([
    ['walked', { q: 'widget' }, WALK],
    ['sorted', { q: 'widget' }, SORT],
    ['a listing walked', {}, WALK],
    ['a filtered listing walked', { industry: 'manufacturing' }, WALK],
  ])('%s: every match once, in the order of the page numbers; estimated totals, exact on the last page', async (_name, query, limits) => {
    const byNumber = await answers(query, limits, false);
    const walked = await answers(query, limits, true);
    expect(shown(walked)).toEqual(shown(byNumber));
    expect(new Set(shown(walked)).size).toBe(shown(walked).length);
    const count = shown(walked).length;
    walked.slice(0, -1).forEach((page, i) => {
      expect(page.pagination).toMatchObject({ totalEstimated: true, nextCursor: expect.any(String) });
      expect(page.pagination.total).toBeGreaterThanOrEqual((i + 1) * 5 + 1);
    });
    expect(walked.at(-1)!.pagination).toEqual({ limit: 5, total: count, nextCursor: null });
  });

  it('never repeats or skips a company when newer ones are enriched meanwhile (page numbers do)', async () => {
    const { teamId: team } = await newTeam('search-cursor-broad');
    await link(team, SEEDS);
    const before = shown(await answers({ q: 'widget' }, WALK, true, undefined, team));
    const enrich = enricher(team, 'broad');
    expect(shown(await answers({ q: 'widget' }, WALK, true, enrich, team))).toEqual(before);
    const byNumber = shown(await answers({ q: 'widget' }, WALK, false, enrich, team));
    expect(new Set(byNumber).size).toBeLessThan(byNumber.length);
  });
});

/** Enriches a new widget company for the team, newer than any before it, each time it is called. */
function enricher(team: string, label: string) {
  let n = 0;
  return async () => {
    n += 1;
    const fresh = company(`fresh-${label}-${n}.example`, `Widget Fresh ${n}`, 'Parts.', 'Manufacturing', new Date(T0 + 86_400_000 + n));
    const { enrichedAt: _team, ...row } = fresh;
    await stack.database.db.company.create({ data: row });
    await link(team, [fresh]);
  };
}

describe('companies enriched during a walk', () => {
  it('never make a walk by cursor repeat or skip one (a walk by page number repeats)', async () => {
    const { key: teamKey, teamId: team } = await newTeam('search-cursor-c');
    await link(team, SEEDS);
    const listing = await byCursor({}, 5, undefined, teamKey);
    const ranked = await byCursor({ q: 'widget' }, 5, undefined, teamKey);

    expect(await byCursor({}, 5, enricher(team, 'listing'), teamKey)).toEqual(listing);
    // Ranked, a new match takes its place by rank: the companies there before are each shown once, in order.
    const walked = await byCursor({ q: 'widget' }, 5, enricher(team, 'ranked'), teamKey);
    expect(walked.filter((domain) => !domain.startsWith('fresh-'))).toEqual(ranked);
    expect(new Set(walked).size).toBe(walked.length);

    const byNumber = await byPages({}, 5, enricher(team, 'pages'), teamKey);
    expect(new Set(byNumber).size).toBeLessThan(byNumber.length);
  });
});

describe('a cursor this search did not give', () => {
  const refused = async (query: Query, path: string) => {
    const res = await search(query);
    expect(res.status).toBe(400);
    const body = strictError.parse(res.body);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toEqual([expect.objectContaining({ path })]);
  };

  it('is 400 VALIDATION_ERROR: beside page, garbage, another list’s, or another search’s', async () => {
    const first = await search({ q: 'widget', limit: '2' });
    const cursor = first.body.pagination.nextCursor as string;
    await refused({ q: 'widget', cursor, page: '2' }, 'page');
    await refused({ q: 'widget', cursor, page: '1' }, 'page');
    const batchCursor = Buffer.from(JSON.stringify([at(0).toISOString(), 'bat_01'])).toString('base64url');
    for (const garbage of ['', 'not-a-cursor', batchCursor, 'x'.repeat(601)]) {
      await refused({ q: 'widget', cursor: garbage }, 'cursor');
    }
    await refused({ q: 'gadget', cursor }, 'cursor');
    await refused({ q: 'widget', industry: 'software', cursor }, 'cursor');
    await refused({ cursor }, 'cursor');
    // The same search: the same terms written otherwise, another limit.
    expect((await search({ q: 'WIDGET!', cursor, limit: '7' })).status).toBe(200);
  });
});

describe('the walk from a cursor', () => {
  it('starts at its key in the (team_id, enriched_at DESC, domain) index, not from the top', async () => {
    const { connection, statements } = recordedSql(typedSql(stack.database.db));
    const after = { order: 'recency' as const, at: at(20), domain: 'widget-0.example' };
    for (const q of [undefined, 'widget']) {
      await runSearch(connection, { ...searchInput(teamId, searchQuerySchema.parse({ q })), after, offset: 20 }, WALK);
    }
    const walks = statements.filter((s) => /ORDER BY w\.enriched_at DESC/.test(s.text));
    expect(walks).toHaveLength(2);
    const client = await sqlPool(stack.database.db).connect();
    try {
      // So few rows that the planner would rather read and sort them all: the test is what the index can take.
      await client.query('SET enable_seqscan = off; SET enable_bitmapscan = off; SET enable_sort = off');
      for (const { text, values } of walks) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS OFF) ${text}`, values);
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan).toMatch(
          /Index (Only )?Scan using team_companies_team_id_enriched_at_domain_idx on team_companies w\s+Index Cond: \(\(team_id = .+\) AND \(enriched_at <= /,
        );
      }
    } finally {
      await client.query('RESET ALL');
      client.release();
    }
  });
});
