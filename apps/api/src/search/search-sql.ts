import type { SqlConnection } from '@enrich/db';
import { storedCompany } from '@enrich/jobs';
import type { StoredCompany } from '@enrich/record';
import { listCompanies, listFilteredCompanies, matchCompanies, matchCorrectedCompanies, searchCorrections } from './search-reads.queries';
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

/**
 * The whole search: corrections for the terms that need them (a separate statement, so that
 * the search below gets its tsquery as a bind parameter and Postgres plans it with real
 * selectivity), then one statement for the total and the page.
 */
export async function runSearch(run: RunSql, input: SearchInput): Promise<SearchPage> {
  const { teamId, limit, offset } = input;
  const page = { teamId, limit, offset, ...filterParams(input.filters) };
  let rows: Awaited<ReturnType<typeof listCompanies.run>> | Awaited<ReturnType<typeof matchCompanies.run>>;
  if (input.terms.length === 0) {
    rows = hasFilters(input.filters) ? await listFilteredCompanies.run(page, run) : await listCompanies.run({ teamId, limit, offset }, run);
  } else {
    const correctable = input.terms.filter((term) => term.length >= MIN_CORRECTABLE_LENGTH);
    const found = correctable.length ? await searchCorrections.run({ terms: correctable }, run) : [];
    const corrections = new Map(found.map((row) => [row.term, row.fixes]));
    const typed = prefixQuery(input.terms);
    const query = prefixQuery(input.terms, corrections);
    rows =
      typed === query
        ? await matchCompanies.run({ ...page, query }, run)
        : await matchCorrectedCompanies.run({ ...page, typed, query }, run);
  }
  // Past the last page the one row left is the total with no company.
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.flatMap((row) => {
      const company = storedCompany(row);
      return company ? [{ company, listedAt: row.listedAt }] : [];
    }),
  };
}
