/*
  GET /companies/search (search-sql.ts), in one place so that scripts/bench-search.ts times
  exactly the statements the API sends. User text only ever travels as bind parameters. The
  statements run unnamed, so PostgreSQL plans each search for its values: an absent filter
  (NULL) folds away, as if its condition were not written.

  A search reads the calling team's rows of team_companies only: triggers copy each company's
  search_vector, industry, business_stage, location and confidence there (migration
  20261121140000_team_search), and the indexes it uses start with team_id. companies is read
  for the rows of the page alone, by primary key, as company_records ("c_<field>").

  Each page statement answers the total, then the page's companies ("listedAt": when the team
  last enriched it) in order. Past the last page the one row left is the total with no company
  (LEFT JOIN LATERAL): its "listedAt" and c_* columns are null.

  A page starts after :offset rows (a page number) or, given a cursor (search-cursor.ts), right
  after the row it names, with :offset 0: in listing order after (:afterAt, :afterDomain), in
  rank order after (:afterTyped, :afterRank, :afterDomain), compared as the ascending row
  (NOT typed, -rank, domain); :afterRank is the real ts_rank_cd gave, read back exactly. Null,
  the condition folds away. The listing order (enriched_at DESC, domain) is no row comparison an index can take; written as
  enriched_at <= :afterAt AND (...), its first half starts the walk of the (team_id,
  enriched_at DESC, domain) index at the key (an Index Cond), so a page costs the same at any
  depth. enriched_at is TIMESTAMP(3): the cursor's milliseconds are the stored value.
*/

/*
  For each term that is no prefix of any known word (search_words: the words of names,
  industries and locations), the known words it is most likely a typo of: within 0.1 trigram
  similarity of the best guess (so that `sofware` is read as `software` and not also as `soft`),
  three at most. One trigram index lookup per term on a table of distinct words, not on the
  companies. Like search_vector, search_words is not in schema.prisma: a trigger on companies
  fills it (migration 20261121130000_search_tuning) and only this SQL reads it.
*/
/* @name SearchCorrections */
SELECT t.term AS "term!", array(
  SELECT s.word FROM (
    SELECT w.word, similarity(w.word, t.term) AS score, max(similarity(w.word, t.term)) OVER () AS best
    FROM search_words w
    WHERE w.word % t.term
  ) s
  WHERE s.score >= s.best - 0.1
  ORDER BY s.score DESC, s.word
  LIMIT 3
) AS "fixes!"
FROM unnest(:terms!::text[]) AS t(term)
WHERE NOT EXISTS (SELECT 1 FROM search_words k WHERE k.word >= t.term AND k.word < t.term || chr(1114111));

/*
  The team's companies matching every term, ranked by ts_rank_cd (name and domain words weigh
  most, then industry, location, description), then by domain so that pages never overlap. The
  matches come from the (team_id, search_vector) index, filters read the same rows, and the
  count and the page come from one pass over them.
*/
/* @name MatchCompanies */
WITH hits AS MATERIALIZED (
  SELECT t.domain, t.enriched_at, ts_rank_cd(t.search_vector, to_tsquery('simple', :query!)) AS rank
  FROM team_companies t
  WHERE t.team_id = :teamId! AND t.search_vector @@ to_tsquery('simple', :query!)
    AND (:industry::text IS NULL OR lower(t.industry) = lower(:industry))
    AND (:businessStage::text IS NULL OR t.business_stage = :businessStage)
    AND (:locationPattern::text IS NULL OR t.location ILIKE :locationPattern)
    AND (:minConfidence::int IS NULL OR t.confidence >= :minConfidence)
)
SELECT t.total AS "total!", p.* FROM (SELECT count(*)::int AS total FROM hits) t
LEFT JOIN LATERAL (
  SELECT h."listedAt", h.rank, c.*
  FROM (
    SELECT domain, enriched_at AS "listedAt", rank FROM hits
    WHERE (:afterRank::real IS NULL OR (-rank, domain) > (-:afterRank::real, :afterDomain::text))
    ORDER BY rank DESC, domain LIMIT :limit! OFFSET :offset!
  ) h
  JOIN company_records c ON c.c_domain = h.domain
) p ON true
ORDER BY p.rank DESC, p.c_domain;

/*
  MatchCompanies with corrections: the terms as typed (:typed) or corrected (:query), and first
  the companies matching the words as typed. Without corrections every match is a match as
  typed: MatchCompanies has no test per row, and no sort key that only ever ties (on a quarter
  of 100,000 companies, sorting on it cost a third of the sort).
*/
/* @name MatchCorrectedCompanies */
WITH hits AS MATERIALIZED (
  SELECT t.domain, t.enriched_at, t.search_vector @@ to_tsquery('simple', :typed!) AS typed,
    ts_rank_cd(t.search_vector, to_tsquery('simple', :query!)) AS rank
  FROM team_companies t
  WHERE t.team_id = :teamId! AND t.search_vector @@ to_tsquery('simple', :query!)
    AND (:industry::text IS NULL OR lower(t.industry) = lower(:industry))
    AND (:businessStage::text IS NULL OR t.business_stage = :businessStage)
    AND (:locationPattern::text IS NULL OR t.location ILIKE :locationPattern)
    AND (:minConfidence::int IS NULL OR t.confidence >= :minConfidence)
)
SELECT t.total AS "total!", p.* FROM (SELECT count(*)::int AS total FROM hits) t
LEFT JOIN LATERAL (
  SELECT h."listedAt", h.typed, h.rank, c.*
  FROM (
    SELECT domain, enriched_at AS "listedAt", typed, rank FROM hits
    WHERE (:afterRank::real IS NULL OR (NOT typed, -rank, domain) > (NOT :afterTyped::boolean, -:afterRank::real, :afterDomain::text))
    ORDER BY typed DESC, rank DESC, domain LIMIT :limit! OFFSET :offset!
  ) h
  JOIN company_records c ON c.c_domain = h.domain
) p ON true
ORDER BY p.typed DESC, p.rank DESC, p.c_domain;

/*
  The team's companies, most recently enriched first, unfiltered: a count and a walk of the
  (team_id, enriched_at DESC, domain) index, both without reading a row.
*/
/* @name ListCompanies */
SELECT t.total AS "total!", p.* FROM (SELECT count(*)::int AS total FROM team_companies WHERE team_id = :teamId!) t
LEFT JOIN LATERAL (
  SELECT h."listedAt", c.*
  FROM (
    SELECT domain, enriched_at AS "listedAt" FROM team_companies
    WHERE team_id = :teamId!
      AND (:afterAt::timestamp IS NULL OR (enriched_at <= :afterAt::timestamp AND (enriched_at < :afterAt::timestamp OR domain > :afterDomain::text)))
    ORDER BY enriched_at DESC, domain LIMIT :limit! OFFSET :offset!
  ) h
  JOIN company_records c ON c.c_domain = h.domain
) p ON true
ORDER BY p."listedAt" DESC, p.c_domain;

/*
  ListCompanies with filters: the team's rows that pass (industry and location have team-first
  indexes), counted and paged.
*/
/* @name ListFilteredCompanies */
WITH hits AS MATERIALIZED (
  SELECT t.domain, t.enriched_at FROM team_companies t
  WHERE t.team_id = :teamId!
    AND (:industry::text IS NULL OR lower(t.industry) = lower(:industry))
    AND (:businessStage::text IS NULL OR t.business_stage = :businessStage)
    AND (:locationPattern::text IS NULL OR t.location ILIKE :locationPattern)
    AND (:minConfidence::int IS NULL OR t.confidence >= :minConfidence)
)
SELECT t.total AS "total!", p.* FROM (SELECT count(*)::int AS total FROM hits) t
LEFT JOIN LATERAL (
  SELECT h."listedAt", c.*
  FROM (
    SELECT domain, enriched_at AS "listedAt" FROM hits
    WHERE :afterAt::timestamp IS NULL OR enriched_at < :afterAt::timestamp OR (enriched_at = :afterAt::timestamp AND domain > :afterDomain::text)
    ORDER BY enriched_at DESC, domain LIMIT :limit! OFFSET :offset!
  ) h
  JOIN company_records c ON c.c_domain = h.domain
) p ON true
ORDER BY p."listedAt" DESC, p.c_domain;

/*
  What a search would cost, before it runs: the planner's estimate of the team's companies that
  match the words and filters ("rows") and of the cost of reading them all ("cost"), of those
  that match the words alone ("wordMatches": a ranked search reads each of them), and of those
  that pass the filters alone ("candidates"). From statistics only (search_match_estimate,
  migration 20261203000000_search_estimates): no row is read.

  The second and third are subqueries, not a join: the planner takes each function for 1,000
  rows, so a join of three costs 10^9 rows, over jit_above_cost, and a server with JIT (the
  default wherever PostgreSQL is built with LLVM) compiled it on every search: about 75 ms.
*/
/* @name EstimateMatches */
SELECT m.rows AS "rows!", m.cost AS "cost!",
  (SELECT w.rows FROM search_match_estimate(:teamId!, :query::text, NULL, NULL, NULL, NULL) w) AS "wordMatches!",
  (SELECT f.rows FROM search_match_estimate(:teamId!, NULL, :industry::text, :businessStage::text, :locationPattern::text, :minConfidence::int) f) AS "candidates!"
FROM search_match_estimate(:teamId!, :query::text, :industry::text, :businessStage::text, :locationPattern::text, :minConfidence::int) m;

/*
  A broad listing's page (filters, no words), with no total: the team's rows that pass, most
  recently enriched first, by a walk of the (team_id, enriched_at DESC, domain) index, which
  also holds the filtered columns, so the walk reads no row (an index-only scan).

  WalkMatches: a broad search's page, with no total: each candidate of that walk (a row that
  passed the filters, read from the index alone) then tested for the words by reading its row
  (the lateral subquery). OFFSET 0 keeps that subquery a per-candidate lookup: as a join or an
  EXISTS, PostgreSQL would read and hash every match first, which is what a broad search must
  not do. So the page costs about (offset + limit) ÷ (matches ÷ candidates) row reads, however
  many companies match.

  SortMatches: WalkMatches for a page so deep that testing the candidates one by one would read
  more rows than finding every match: the same page, with the words as a plain condition, so the
  planner may read all matches (the search_vector index) and sort them instead.
*/
/* @name WalkCompanies */
SELECT h."listedAt", c.*
FROM (
  SELECT w.domain, w.enriched_at AS "listedAt" FROM team_companies w -- @variant WalkMatches: JOIN LATERAL (SELECT 1 FROM team_companies m WHERE m.team_id = w.team_id AND m.domain = w.domain AND m.search_vector @@ to_tsquery('simple', :query!) OFFSET 0 ) hit ON true
  WHERE w.team_id = :teamId! -- @variant SortMatches: AND w.search_vector @@ to_tsquery('simple', :query!)
    AND (:industry::text IS NULL OR lower(w.industry) = lower(:industry))
    AND (:businessStage::text IS NULL OR w.business_stage = :businessStage)
    AND (:locationPattern::text IS NULL OR w.location ILIKE :locationPattern)
    AND (:minConfidence::int IS NULL OR w.confidence >= :minConfidence)
    AND (:afterAt::timestamp IS NULL OR (w.enriched_at <= :afterAt::timestamp AND (w.enriched_at < :afterAt::timestamp OR w.domain > :afterDomain::text)))
  ORDER BY w.enriched_at DESC, w.domain
  LIMIT :limit! OFFSET :offset!
) h
JOIN company_records c ON c.c_domain = h.domain
ORDER BY h."listedAt" DESC, c.c_domain;
