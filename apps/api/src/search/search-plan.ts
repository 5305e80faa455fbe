// How a search is answered, chosen from the planner's estimate (EstimateMatches in
// search-reads.sql) before any row is read. Kept apart from the SQL so the choice is tested
// without a database.

export interface SearchLimits {
  /**
   * Counting and ranking every match costs a row read per match. Up to this planner cost a
   * search is answered exactly: every match counted, ranked by relevance.
   */
  exactCost: number;
  /** Also exact whatever the cost when so few companies match: a walk would read many rows to find them. */
  exactRows: number;
  /**
   * A broad search's walk reads one row per candidate it tests (a company that passed the
   * filters); past this many, reading every match and sorting them is cheaper (SortMatches).
   */
  maxWalkReads: number;
}

// Cost 20,000 is about 25 ms of reads on the 1,000,000-company benchmark (scripts/bench-search.ts).
export const SEARCH_LIMITS: SearchLimits = { exactCost: 20_000, exactRows: 1_000, maxWalkReads: 20_000 };

export interface MatchEstimate {
  /** Companies matching the words and the filters. */
  rows: number;
  /** The planner's cost of reading all of them. */
  cost: number;
  /** Companies passing the filters alone (all the team's without filters). */
  candidates: number;
}

export type SearchPlan = 'exact' | 'walk' | 'sort';

export function searchPlan(
  estimate: MatchEstimate,
  page: { hasTerms: boolean; offset: number; limit: number },
  limits: SearchLimits = SEARCH_LIMITS,
): SearchPlan {
  if (estimate.cost <= limits.exactCost || estimate.rows <= limits.exactRows) return 'exact';
  if (!page.hasTerms) return 'walk';
  const reads = ((page.offset + page.limit) * estimate.candidates) / Math.max(estimate.rows, 1);
  return reads <= limits.maxWalkReads ? 'walk' : 'sort';
}

/**
 * The total of a page taken without counting: the estimate, made consistent with what the page
 * shows. A short page is the last one, so its total is exact; a full page has at least one more
 * company after it; an empty page past the end means there are at most `offset`.
 */
export function pageTotal(estimate: number, offset: number, limit: number, found: number): { total: number; estimated: boolean } {
  if (found > 0 && found < limit) return { total: offset + found, estimated: false };
  if (found === 0 && offset === 0) return { total: 0, estimated: false };
  if (found === 0) return { total: Math.min(estimate, offset), estimated: true };
  return { total: Math.max(estimate, offset + limit + 1), estimated: true };
}
