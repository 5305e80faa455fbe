import { pageTotal, SEARCH_LIMITS, searchPlan } from './search-plan';

describe('searchPlan', () => {
  const page = { hasTerms: true, offset: 0, limit: 20 };

  it('counts and ranks a search whose matches are cheap to read, or few', () => {
    expect(searchPlan({ rows: 6_000, cost: SEARCH_LIMITS.exactCost, wordMatches: 6_000, candidates: 1_000_000 }, page)).toBe('exact');
    expect(
      searchPlan({ rows: SEARCH_LIMITS.exactRows, cost: 50_000, wordMatches: SEARCH_LIMITS.exactRows, candidates: 1_000_000 }, page),
    ).toBe('exact');
  });

  it('walks a search matching many companies even when the planner calls reading them cheap (a smaller team)', () => {
    expect(searchPlan({ rows: 25_000, cost: 9_000, wordMatches: 25_000, candidates: 100_000 }, page)).toBe('walk');
    // Few pass the filters, but a ranked search would read every company matching the word.
    expect(searchPlan({ rows: 2_500, cost: 9_000, wordMatches: 25_000, candidates: 8_000 }, page)).toBe('walk');
  });

  it('walks a broad search in listing order while the walk reads few rows', () => {
    expect(searchPlan({ rows: 250_000, cost: 97_000, wordMatches: 250_000, candidates: 1_000_000 }, page)).toBe('walk');
    // A word in 2 % of the companies: its first page tests about 1,000 of them.
    expect(searchPlan({ rows: 20_000, cost: 50_000, wordMatches: 20_000, candidates: 1_000_000 }, page)).toBe('walk');
    expect(searchPlan({ rows: 2_500, cost: 50_000, wordMatches: 2_500, candidates: 125_000 }, { ...page, offset: 200 })).toBe('walk');
  });

  it('reads and sorts every match for a page deep enough that the walk would read more', () => {
    expect(searchPlan({ rows: 250_000, cost: 97_000, wordMatches: 250_000, candidates: 1_000_000 }, { ...page, offset: 19_980 })).toBe(
      'sort',
    );
  });

  it('walks a broad listing (filters, no words) at any depth: its walk reads index entries only', () => {
    const listing = { hasTerms: false, offset: 40_000, limit: 20 };
    expect(searchPlan({ rows: 1_000_000, cost: 66_000, wordMatches: 1_000_000, candidates: 1_000_000 }, listing)).toBe('walk');
  });
});

describe('pageTotal', () => {
  it('is exact on the last page, short or full', () => {
    expect(pageTotal(250_000, 40, 20, 7, false)).toEqual({ total: 47, estimated: false });
    expect(pageTotal(250_000, 40, 20, 20, false)).toEqual({ total: 60, estimated: false });
    expect(pageTotal(250_000, 0, 20, 0, false)).toEqual({ total: 0, estimated: false });
  });

  it('keeps at least one more page after one that has more', () => {
    expect(pageTotal(250_000, 0, 20, 20, true)).toEqual({ total: 250_000, estimated: true });
    expect(pageTotal(30, 40, 20, 20, true)).toEqual({ total: 61, estimated: true });
  });

  it('is at most the offset on an empty page past the end', () => {
    expect(pageTotal(250_000, 400, 20, 0, false)).toEqual({ total: 400, estimated: true });
    expect(pageTotal(100, 400, 20, 0, false)).toEqual({ total: 100, estimated: true });
  });
});
