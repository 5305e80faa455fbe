import type { SqlConnection } from '@enrich/db';
import { storedCompany } from '@enrich/jobs';
import type { StoredCompany } from '@enrich/record';
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
  offset: number;
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

type PageRows =
  | Awaited<ReturnType<typeof listCompanies.run>>
  | Awaited<ReturnType<typeof matchCompanies.run>>
  | Awaited<ReturnType<typeof walkCompanies.run>>;

const searchRows = (rows: PageRows): SearchRow[] =>
  rows.flatMap((row) => {
    const company = storedCompany(row);
    return company ? [{ company, listedAt: row.listedAt }] : [];
  });

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
 * (search-plan.ts).
 */
export async function runSearch(run: RunSql, input: SearchInput, limits: SearchLimits = SEARCH_LIMITS): Promise<SearchPage> {
  const { teamId, limit, offset } = input;
  const filters = filterParams(input.filters);
  const queries = input.terms.length ? await tsQueries(run, input.terms) : undefined;
  const query = queries?.query ?? null;
  const [estimate] = await estimateMatches.run({ teamId, query, ...filters }, run);
  const plan = searchPlan(estimate!, { hasTerms: queries !== undefined, offset, limit }, limits);
  const page = { teamId, limit, offset, ...filters };
  if (plan !== 'exact') {
    const rows = !query
      ? await walkCompanies.run(page, run)
      : plan === 'sort'
        ? await sortMatches.run({ ...page, query }, run)
        : await walkMatches.run({ ...page, query }, run);
    return { ...pageTotal(estimate!.rows, offset, limit, rows.length), rows: searchRows(rows) };
  }
  let rows: Awaited<ReturnType<typeof listCompanies.run>> | Awaited<ReturnType<typeof matchCompanies.run>>;
  if (!queries) {
    rows = hasFilters(input.filters) ? await listFilteredCompanies.run(page, run) : await listCompanies.run({ teamId, limit, offset }, run);
  } else if (queries.typed === queries.query) {
    rows = await matchCompanies.run({ ...page, query: queries.query }, run);
  } else {
    rows = await matchCorrectedCompanies.run({ ...page, ...queries }, run);
  }
  // Past the last page the one row left is the total with no company.
  return { total: rows[0]?.total ?? 0, estimated: false, rows: searchRows(rows) };
}
