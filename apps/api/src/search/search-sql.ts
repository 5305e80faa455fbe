import { type Company, Prisma } from '@enrich/db';
import { MIN_CORRECTABLE_LENGTH, prefixQuery } from './search-terms';

// The SQL of GET /companies/search, in one place so that scripts/bench-search.ts times
// exactly the statements the API sends. User text only ever travels as bind parameters.
//
// A search reads the calling team's rows of team_companies only: triggers copy each company's
// search_vector, industry, business_stage, location and confidence there (migration
// 20261121140000_team_search), and the indexes it uses start with team_id. companies is read
// for the rows of the page alone, by primary key.

export interface SearchFilters {
  industry?: string;
  businessStage?: string;
  location?: string;
  minConfidence?: number;
}

export interface SearchInput {
  teamId: string;
  /** From searchTerms(); none lists the team's companies, most recently enriched first. */
  terms: string[];
  filters: SearchFilters;
  limit: number;
  offset: number;
}

/** Runs one statement: Prisma's $queryRaw in the API, node-postgres in the benchmark. */
export type RunSql = <Row>(sql: Prisma.Sql) => Promise<Row[]>;

/** A company on the page, with when the calling team last enriched it. */
export type SearchRow = Company & { listedAt: Date };

export interface SearchPage {
  total: number;
  rows: SearchRow[];
}

// Known words close to a misspelt one: within this much trigram similarity of the best guess,
// so that `sofware` is read as `software` and not also as `soft`.
const CLOSE_TO_BEST = 0.1;
const MAX_CORRECTIONS = 3;

// Every field of Company: a field added to the model fails to compile here until search
// selects it, so results never silently lack it.
const COLUMN_OF: Record<Prisma.CompanyScalarFieldEnum, string> = {
  domain: 'domain',
  name: 'name',
  description: 'description',
  industry: 'industry',
  employeeCount: 'employee_count',
  location: 'location',
  businessStage: 'business_stage',
  fundingStatus: 'funding_status',
  foundedYear: 'founded_year',
  logoUrl: 'logo_url',
  email: 'email',
  phone: 'phone',
  socialProfiles: 'social_profiles',
  technologies: 'technologies',
  insights: 'insights',
  b2bMatch: 'b2b_match',
  confidence: 'confidence',
  sources: 'sources',
  provenance: 'provenance',
  enrichedAt: 'enriched_at',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};
// Constant identifiers, never user text.
const COMPANY_COLUMNS = Prisma.raw(
  Object.entries(COLUMN_OF)
    .map(([field, column]) => `c.${column} AS "${field}"`)
    .join(', '),
);

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The filters on team_companies (alias t), whose copies of the company's columns they read. */
function filterSql(filters: SearchFilters): Prisma.Sql[] {
  const parts: Prisma.Sql[] = [];
  if (filters.industry !== undefined) parts.push(Prisma.sql`lower(t.industry) = lower(${filters.industry})`);
  if (filters.businessStage !== undefined) parts.push(Prisma.sql`t.business_stage = ${filters.businessStage}`);
  if (filters.location !== undefined) parts.push(Prisma.sql`t.location ILIKE ${`%${escapeLike(filters.location)}%`}`);
  if (filters.minConfidence !== undefined) parts.push(Prisma.sql`t.confidence >= ${filters.minConfidence}`);
  return parts;
}

const andAll = (parts: Prisma.Sql[]) => (parts.length ? Prisma.sql` AND ${Prisma.join(parts, ' AND ')}` : Prisma.empty);

/**
 * The total, then the page's companies: `page` gives the page's domain, "listedAt" and the
 * sort keys `keys`, ordered by `order` (over p) and limited. Past the last page the one row
 * left is the total with no company (LEFT JOIN LATERAL).
 */
function withPage(total: Prisma.Sql, page: Prisma.Sql, keys: string[], order: string): Prisma.Sql {
  // Constant identifiers, never user text.
  const pageColumns = Prisma.raw(['"listedAt"', ...keys].map((key) => `h.${key}`).join(', '));
  return Prisma.sql`
    SELECT t.total, p.* FROM (${total}) t
    LEFT JOIN LATERAL (
      SELECT ${pageColumns}, ${COMPANY_COLUMNS}
      FROM (${page}) h
      JOIN companies c ON c.domain = h.domain
    ) p ON true
    ORDER BY ${Prisma.raw(order)}`;
}

/**
 * For each term that is no prefix of any known word (search_words: the words of names,
 * industries and locations), the known words it is most likely a typo of. One trigram
 * index lookup per term on a table of distinct words, not on the companies. Like
 * search_vector, search_words is not in schema.prisma: a trigger on companies fills it
 * (migration 20261121130000_search_tuning) and only this SQL reads it.
 */
export function correctionsSql(terms: string[]): Prisma.Sql {
  return Prisma.sql`
    SELECT t.term, array(
      SELECT s.word FROM (
        SELECT w.word, similarity(w.word, t.term) AS score, max(similarity(w.word, t.term)) OVER () AS best
        FROM search_words w
        WHERE w.word % t.term
      ) s
      WHERE s.score >= s.best - ${CLOSE_TO_BEST}
      ORDER BY s.score DESC, s.word
      LIMIT ${MAX_CORRECTIONS}
    ) AS fixes
    FROM unnest(${terms}::text[]) AS t(term)
    WHERE NOT EXISTS (SELECT 1 FROM search_words k WHERE k.word >= t.term AND k.word < t.term || chr(1114111))`;
}

/**
 * The team's companies matching every term (as typed, or as a correction), ranked: first those
 * matching the words as typed, then by ts_rank_cd (name and domain words weigh most, then
 * industry, location, description), then by domain so that pages never overlap. The matches
 * come from the (team_id, search_vector) index, filters read the same rows, and the count and
 * the page come from one pass over them.
 */
export function matchSql(input: SearchInput, typed: string, expanded: string): Prisma.Sql {
  // Without corrections every match is a match as typed: no test per row, and no sort key that
  // only ever ties (on a quarter of 100,000 companies, sorting on it cost a third of the sort).
  const corrected = typed !== expanded;
  const isTyped = corrected ? Prisma.sql`t.search_vector @@ to_tsquery('simple', ${typed})` : Prisma.sql`true`;
  const keys = corrected ? ['typed', 'rank'] : ['rank'];
  const order = (alias: string) => [...keys.map((key) => `${alias}${key} DESC`), `${alias}domain`].join(', ');
  return Prisma.sql`
    WITH hits AS MATERIALIZED (
      SELECT t.domain, t.enriched_at, ${isTyped} AS typed,
             ts_rank_cd(t.search_vector, to_tsquery('simple', ${expanded})) AS rank
      FROM team_companies t
      WHERE t.team_id = ${input.teamId} AND t.search_vector @@ to_tsquery('simple', ${expanded})${andAll(filterSql(input.filters))}
    )
    ${withPage(
      Prisma.sql`SELECT count(*)::int AS total FROM hits`,
      Prisma.sql`SELECT domain, enriched_at AS "listedAt", typed, rank FROM hits
        ORDER BY ${Prisma.raw(order(''))} LIMIT ${input.limit} OFFSET ${input.offset}`,
      keys,
      order('p.'),
    )}`;
}

/**
 * The team's companies, most recently enriched first. Unfiltered: a count and a walk of the
 * (team_id, enriched_at DESC, domain) index, both without reading a row. Filtered: the
 * team's rows that pass (industry and location have team-first indexes), counted and paged.
 */
export function listSql(input: SearchInput): Prisma.Sql {
  const filters = filterSql(input.filters);
  const page = Prisma.sql`ORDER BY enriched_at DESC, domain LIMIT ${input.limit} OFFSET ${input.offset}`;
  const order = 'p."listedAt" DESC, p.domain';
  if (filters.length === 0) {
    return withPage(
      Prisma.sql`SELECT count(*)::int AS total FROM team_companies WHERE team_id = ${input.teamId}`,
      Prisma.sql`SELECT domain, enriched_at AS "listedAt" FROM team_companies WHERE team_id = ${input.teamId} ${page}`,
      [],
      order,
    );
  }
  return Prisma.sql`
    WITH hits AS MATERIALIZED (
      SELECT t.domain, t.enriched_at FROM team_companies t WHERE t.team_id = ${input.teamId}${andAll(filters)}
    )
    ${withPage(
      Prisma.sql`SELECT count(*)::int AS total FROM hits`,
      Prisma.sql`SELECT domain, enriched_at AS "listedAt" FROM hits ${page}`,
      [],
      order,
    )}`;
}

/**
 * The whole search: corrections for the terms that need them (a separate statement, so that
 * the search below gets its tsquery as a bind parameter and Postgres plans it with real
 * selectivity), then one statement for the total and the page.
 */
export async function runSearch(run: RunSql, input: SearchInput): Promise<SearchPage> {
  let sql: Prisma.Sql;
  if (input.terms.length === 0) {
    sql = listSql(input);
  } else {
    const correctable = input.terms.filter((term) => term.length >= MIN_CORRECTABLE_LENGTH);
    const found = correctable.length ? await run<{ term: string; fixes: string[] }>(correctionsSql(correctable)) : [];
    const corrections = new Map(found.map((row) => [row.term, row.fixes]));
    sql = matchSql(input, prefixQuery(input.terms), prefixQuery(input.terms, corrections));
  }
  const rows = await run<SearchRow & { total: number }>(sql);
  // Past the last page the one row left is the total with no company.
  return { total: rows[0]?.total ?? 0, rows: rows.filter((row) => row.domain !== null) };
}
