import { type Company, Prisma } from '@enrich/db';
import { MIN_CORRECTABLE_LENGTH, prefixQuery } from './search-terms';

// The SQL of GET /companies/search, in one place so that scripts/bench-search.ts times
// exactly the statements the API sends. User text only ever travels as bind parameters.

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

const COMPANY_COLUMNS = Prisma.sql`c.domain, c.name, c.description, c.industry, c.employee_count AS "employeeCount",
  c.location, c.business_stage AS "businessStage", c.funding_status AS "fundingStatus", c.founded_year AS "foundedYear",
  c.logo_url AS "logoUrl", c.email, c.phone, c.social_profiles AS "socialProfiles", c.confidence, c.sources,
  c.provenance, c.enriched_at AS "enrichedAt", c.created_at AS "createdAt", c.updated_at AS "updatedAt"`;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

function filterSql(filters: SearchFilters): Prisma.Sql[] {
  const parts: Prisma.Sql[] = [];
  if (filters.industry !== undefined) parts.push(Prisma.sql`lower(c.industry) = lower(${filters.industry})`);
  if (filters.businessStage !== undefined) parts.push(Prisma.sql`c.business_stage = ${filters.businessStage}`);
  if (filters.location !== undefined) parts.push(Prisma.sql`c.location ILIKE ${`%${escapeLike(filters.location)}%`}`);
  if (filters.minConfidence !== undefined) parts.push(Prisma.sql`c.confidence >= ${filters.minConfidence}`);
  return parts;
}

const andAll = (parts: Prisma.Sql[]) => (parts.length ? Prisma.sql` AND ${Prisma.join(parts, ' AND ')}` : Prisma.empty);

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
 * Companies of the team matching every term (as typed, or as a correction), ranked: first those
 * matching the words as typed, then by ts_rank_cd (name and domain words weigh most, then
 * industry, location, description), then by domain so that pages never overlap. The count
 * and the page come from one scan of the matches, and the empty page past the end still
 * carries the total (LEFT JOIN LATERAL). Team membership is an EXISTS, not a join, so that
 * Postgres may start from the smaller side: the few matches of a rare word, or the few
 * companies of a small team when the word is common.
 */
export function matchSql(input: SearchInput, typed: string, expanded: string): Prisma.Sql {
  return Prisma.sql`
    WITH hits AS MATERIALIZED (
      SELECT c.domain,
             c.search_vector @@ to_tsquery('simple', ${typed}) AS typed,
             ts_rank_cd(c.search_vector, to_tsquery('simple', ${expanded})) AS rank
      FROM companies c
      WHERE c.search_vector @@ to_tsquery('simple', ${expanded})${andAll(filterSql(input.filters))}
        AND EXISTS (SELECT 1 FROM team_companies tc WHERE tc.team_id = ${input.teamId} AND tc.domain = c.domain)
    )
    SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM hits) t
    LEFT JOIN LATERAL (
      SELECT h.typed, h.rank, tc.enriched_at AS "listedAt", ${COMPANY_COLUMNS}
      FROM (SELECT * FROM hits ORDER BY typed DESC, rank DESC, domain LIMIT ${input.limit} OFFSET ${input.offset}) h
      JOIN companies c ON c.domain = h.domain
      JOIN team_companies tc ON tc.team_id = ${input.teamId} AND tc.domain = h.domain
    ) p ON true
    ORDER BY p.typed DESC, p.rank DESC, p.domain`;
}

/**
 * The team's companies, most recently enriched first. Unfiltered: a walk of the (team_id,
 * enriched_at DESC, domain) index, reading companies rows for the page only. Filtered: the
 * matching companies once (industry and location have indexes), then counted and paged.
 */
export function listSql(input: SearchInput): Prisma.Sql {
  const filters = filterSql(input.filters);
  const page = Prisma.sql`ORDER BY enriched_at DESC, domain LIMIT ${input.limit} OFFSET ${input.offset}`;
  const pageOfCompanies = (hits: Prisma.Sql) => Prisma.sql`
    LEFT JOIN LATERAL (
      SELECT h.enriched_at AS "listedAt", ${COMPANY_COLUMNS}
      FROM (${hits}) h
      JOIN companies c ON c.domain = h.domain
    ) p ON true
    ORDER BY p."listedAt" DESC, p.domain`;
  if (filters.length === 0) {
    return Prisma.sql`
      SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM team_companies WHERE team_id = ${input.teamId}) t
      ${pageOfCompanies(Prisma.sql`SELECT domain, enriched_at FROM team_companies WHERE team_id = ${input.teamId} ${page}`)}`;
  }
  return Prisma.sql`
    WITH hits AS MATERIALIZED (
      SELECT tc.domain, tc.enriched_at
      FROM team_companies tc JOIN companies c ON c.domain = tc.domain
      WHERE tc.team_id = ${input.teamId}${andAll(filters)}
    )
    SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM hits) t
    ${pageOfCompanies(Prisma.sql`SELECT * FROM hits ${page}`)}`;
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
