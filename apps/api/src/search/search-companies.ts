import { type Db, typedSql } from '@enrich/db';
import { recordFromStored, selectFields } from '@enrich/record';
import { offsetOf, pagination } from '../schemas/pagination';
import type { SearchQuery, SearchResponse } from '../schemas/search';
import { encodeSearchCursor, searchFingerprint } from './search-cursor';
import { SEARCH_LIMITS, type SearchLimits } from './search-plan';
import { runSearch, type SearchInput } from './search-sql';
import { searchTerms } from './search-terms';

// What the SQL needs from a validated query; scripts/bench-search.ts builds its input here too.
export function searchInput(teamId: string, query: SearchQuery): SearchInput {
  const { q, page: _page, limit, fields: _fields, cursor, ...filters } = query;
  const offset = cursor ? cursor.position : offsetOf(query);
  return { teamId, terms: searchTerms(q), filters, limit, offset, after: cursor?.key };
}

/**
 * GET /companies/search: the calling team's companies as search results (`fields` selects what
 * each carries). A page by number says which, and of how many pages; one by cursor only how
 * many results there are, as no one counted the rows before it.
 */
export async function searchCompanies(
  db: Db,
  teamId: string,
  query: SearchQuery,
  limits: SearchLimits = SEARCH_LIMITS,
): Promise<SearchResponse> {
  const input = searchInput(teamId, query);
  const found = await runSearch(typedSql(db), input, limits);
  const position = input.offset + found.rows.length;
  const nextCursor = found.next && encodeSearchCursor({ key: found.next, position, fingerprint: searchFingerprint(query) });
  const { total } = found;
  const pages = query.cursor ? { limit: query.limit, total } : pagination(query, total);
  return {
    results: found.rows.map((row) => ({
      ...selectFields(recordFromStored(row.company), query.fields),
      enrichedAt: row.listedAt.toISOString(),
    })),
    pagination: { ...pages, ...(found.estimated ? { totalEstimated: true as const } : {}), nextCursor },
  };
}
