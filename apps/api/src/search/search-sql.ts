import { type SqlConnection, utc } from '@enrich/db';
import { storedCompany } from '@enrich/jobs';
import type { StoredCompany } from '@enrich/record';
import { pageOf } from '../schemas/cursor';
import type { SearchKey } from './search-cursor';
import { pageTotal, SEARCH_LIMITS, type SearchLimits, searchPlan } from './search-plan';
import {
  estimateMatches,
  listCompanies,
  listFilteredCompanies,
  matchCompanies,
  matchCorrectedCompanies,
  searchCorrections,
  sortMatches,
  walkCompanies,
  walkMatches,
} from './search-reads.queries';
import { MIN_CORRECTABLE_LENGTH, prefixQuery } from './search-terms';

// The statements of GET /companies/search are in search-reads.sql, typed by pgtyped
// (search-reads.queries.ts); scripts/bench-search.ts times exactly them through runSearch.

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
  /** The rows before the page: skipped (a page number), or already shown when `after` is given. */
  offset: number;
  /** A cursor's row: the page starts right after it, in its order, and skips nothing. */
  after?: SearchKey;
}

/** Where the statements run: the API's pool (typedSql), the benchmark's own client (sqlConnection). */
export type RunSql = SqlConnection;

/** A company on the page, with when the calling team last enriched it. */
export interface SearchRow {
  company: StoredCompany;
  listedAt: Date;
}

export interface SearchPage {
  total: number;
  /** True when total is the planner's estimate (a broad search), not a count. */
  estimated: boolean;
  rows: SearchRow[];
  /** The last row's key when more rows follow it (the next page's cursor), else null. */
  next: SearchKey | null;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The filters as the statements take them: absent ones null, the location as an ILIKE pattern. */
export function filterParams(filters: SearchFilters) {
  return {
    industry: filters.industry ?? null,
    businessStage: filters.businessStage ?? null,
    locationPattern: filters.location === undefined ? null : `%${escapeLike(filters.location)}%`,
    minConfidence: filters.minConfidence ?? null,
  };
}

const hasFilters = (filters: SearchFilters): boolean => Object.values(filters).some((value) => value !== undefined);

type PageRow =
  | Awaited<ReturnType<typeof listCompanies.run>>[number]
  | Awaited<ReturnType<typeof matchCompanies.run>>[number]
  | Awaited<ReturnType<typeof matchCorrectedCompanies.run>>[number]
  | Awaited<ReturnType<typeof walkCompanies.run>>[number];

/** The rows of a page read with LIMIT limit + 1 (pageOf), each with the key a cursor after it names. */
function searchRows(rows: PageRow[], limit: number): Pick<SearchPage, 'rows' | 'next'> {
  const found = rows.flatMap((row) => {
    const company = storedCompany(row);
    if (!company) return [];
    const key: SearchKey =
      'rank' in row && row.rank !== null
        ? { order: 'rank', typed: !('typed' in row) || row.typed !== false, rank: row.rank, domain: company.domain }
        : { order: 'recency', at: row.listedAt, domain: company.domain };
    return [{ row: { company, listedAt: row.listedAt }, key }];
  });
  const { data, after } = pageOf(found, limit);
  return { rows: data.map(({ row }) => row), next: after?.key ?? null };
}

/** A cursor's key as the statements take it: all null on a page that starts by offset. */
function keyParams(after: SearchKey | undefined) {
  return {
    afterDomain: after?.domain ?? null,
    afterAt: after?.order === 'recency' ? utc(after.at) : null,
    afterRank: after?.order === 'rank' ? after.rank : null,
    afterTyped: after?.order === 'rank' ? after.typed : null,
  };
}

/** The tsquery texts of the terms: as typed, and with the known words each may be a typo of. */
async function tsQueries(run: RunSql, terms: string[]): Promise<{ typed: string; query: string }> {
  const correctable = terms.filter((term) => term.length >= MIN_CORRECTABLE_LENGTH);
  const found = correctable.length ? await searchCorrections.run({ terms: correctable }, run) : [];
  const corrections = new Map(found.map((row) => [row.term, row.fixes]));
  return { typed: prefixQuery(terms), query: prefixQuery(terms, corrections) };
}

/**
 * The whole search: corrections for the terms that need them (a separate statement, so that
 * the search below gets its tsquery as a bind parameter and Postgres plans it with real
 * selectivity), the planner's estimate of the matches, then the page. A search whose matches
 * are cheap to read is counted and ranked (one statement for the total and the page); a broad
 * one takes its page in listing order from an index walk and answers the estimate as its total
 * (search-plan.ts). A page from a cursor keeps the order of the search that gave it: a ranked
 * one is ranked again (its matches are few), one in listing order walks from the cursor's row.
 * Every statement reads one row more than the page, to know whether another page follows.
 */
export async function runSearch(run: RunSql, input: SearchInput, limits: SearchLimits = SEARCH_LIMITS): Promise<SearchPage> {
  const { teamId, limit, offset, after } = input;
  const filters = filterParams(input.filters);
  const queries = input.terms.length ? await tsQueries(run, input.terms) : undefined;
  const page = { teamId, limit: limit + 1, offset: after ? 0 : offset, ...filters, ...keyParams(after) };
  if (queries && after?.order === 'rank') return rankedPage(run, { ...page, ...queries }, limit);
  const query = queries?.query ?? null;
  const [estimate] = await estimateMatches.run({ teamId, query, ...filters }, run);
  const plan = searchPlan(estimate!, { hasTerms: queries !== undefined, offset: page.offset, limit }, limits);
  // A cursor in listing order never turns into a ranked search; if its matches are now few, sorting them is cheap.
  if (plan !== 'exact' || (query && after)) {
    const rows = !query
      ? await walkCompanies.run(page, run)
      : plan === 'walk'
        ? await walkMatches.run({ ...page, query }, run)
        : await sortMatches.run({ ...page, query }, run);
    const found = searchRows(rows, limit);
    return { ...pageTotal(estimate!.rows, offset, limit, found.rows.length, found.next !== null), ...found };
  }
  if (queries) return rankedPage(run, { ...page, ...queries }, limit);
  const rows = hasFilters(input.filters) ? await listFilteredCompanies.run(page, run) : await listCompanies.run(page, run);
  return counted(rows, limit);
}

type PageParams = Parameters<typeof matchCorrectedCompanies.run>[0];

/** A counted and ranked page: the words as typed first when corrections were added. */
async function rankedPage(run: RunSql, params: PageParams, limit: number): Promise<SearchPage> {
  const rows = params.typed === params.query ? await matchCompanies.run(params, run) : await matchCorrectedCompanies.run(params, run);
  return counted(rows, limit);
}

// Past the last page the one row left is the total with no company.
const counted = (rows: (PageRow & { total: number })[], limit: number): SearchPage => ({
  total: rows[0]?.total ?? 0,
  estimated: false,
  ...searchRows(rows, limit),
});
