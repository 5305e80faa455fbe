import { type Db, typedSql } from '@enrich/db';
import { recordFromStored, selectFields } from '@enrich/record';
import { offsetOf, pagination } from '../schemas/pagination';
import type { SearchQuery, SearchResponse } from '../schemas/search';
import { runSearch, type SearchInput } from './search-sql';
import { searchTerms } from './search-terms';

// What the SQL needs from a validated query; scripts/bench-search.ts builds its input here too.
export function searchInput(teamId: string, query: SearchQuery): SearchInput {
  const { q, page: _page, limit, fields: _fields, ...filters } = query;
  return { teamId, terms: searchTerms(q), filters, limit, offset: offsetOf(query) };
}

// GET /companies/search: the calling team's companies as search results (`fields` selects what each carries).
export async function searchCompanies(db: Db, teamId: string, query: SearchQuery): Promise<SearchResponse> {
  const found = await runSearch(typedSql(db), searchInput(teamId, query));
  return {
    results: found.rows.map((row) => ({
      ...selectFields(recordFromStored(row.company), query.fields),
      enrichedAt: row.listedAt.toISOString(),
    })),
    pagination: { ...pagination(query, found.total), ...(found.estimated ? { totalEstimated: true as const } : {}) },
  };
}
