// How a search is answered, chosen from the planner's estimate (EstimateMatches in
// search-reads.sql) before any row is read. Kept apart from the SQL so the choice is tested
// without a database.

export interface SearchLimits {
  /**
   * Counting and ranking every match costs a row read per match. Up to this planner cost a
   * search is answered exactly: every match counted, ranked by relevance.
   */
  exactCost: number;
  /**
   * ... and when at most this many companies match the words (a ranked search reads and ranks
   * each before filtering): the cost counts pages, so on a smaller team it calls a quarter of
   * 100,000 companies cheap, but ranking them still takes ~40 ms of CPU.
   */
  maxExactRows: number;
  /** Also exact whatever the cost when so few companies match: a walk would read many rows to find them. */
  exactRows: number;
  /**
   * A broad search's walk reads one row per candidate it tests (a company that passed the
   * filters); past this many, reading every match and sorting them is cheaper (SortMatches).
   */
  maxWalkReads: number;
}

// Cost 20,000 is about 25 ms of reads on the 1,000,000-company benchmark (scripts/bench-search.ts).
export const SEARCH_LIMITS: SearchLimits = { exactCost: 20_000, maxExactRows: 10_000, exactRows: 1_000, maxWalkReads: 20_000 };

export interface MatchEstimate {
  /** Companies matching the words and the filters. */
  rows: number;
  /** The planner's cost of reading all of them. */
  cost: number;
  /** Companies matching the words alone (all the team's without words): what a ranked search reads. */
  wordMatches: number;
  /** Companies passing the filters alone (all the team's without filters). */
  candidates: number;
}

export type SearchPlan = 'exact' | 'walk' | 'sort';

export function searchPlan(
  estimate: MatchEstimate,
  page: { hasTerms: boolean; offset: number; limit: number },
  limits: SearchLimits = SEARCH_LIMITS,
): SearchPlan {
  if (estimate.rows <= limits.exactRows) return 'exact';
  const read = page.hasTerms ? Math.max(estimate.rows, estimate.wordMatches) : estimate.rows;
  if (estimate.cost <= limits.exactCost && read <= limits.maxExactRows) return 'exact';
  if (!page.hasTerms) return 'walk';
  const reads = ((page.offset + page.limit) * estimate.candidates) / Math.max(estimate.rows, 1);
  return reads <= limits.maxWalkReads ? 'walk' : 'sort';
}

/**
 * The total of a page taken without counting: the estimate, made consistent with what the page
 * shows. A page with nothing after it (`more`: the statement found a row past it) is the last
 * one, so its total is exact; any other has at least one company after it; an empty page past
 * the end means there are at most `offset`.
 */
export function pageTotal(
  estimate: number,
  offset: number,
  limit: number,
  found: number,
  more: boolean,
): { total: number; estimated: boolean } {
  if (found > 0 && !more) return { total: offset + found, estimated: false };
  if (found === 0 && offset === 0) return { total: 0, estimated: false };
  if (found === 0) return { total: Math.min(estimate, offset), estimated: true };
  return { total: Math.max(estimate, offset + limit + 1), estimated: true };
}
