/** Types generated for queries found in "apps/api/src/search/search-reads.sql" */
import { PreparedQuery } from '@enrich/db';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'SearchCorrections' parameters type */
export interface ISearchCorrectionsParams {
  terms: stringArray;
}

/** 'SearchCorrections' return type */
export interface ISearchCorrectionsResult {
  fixes: stringArray;
  term: string;
}

/** 'SearchCorrections' query type */
export interface ISearchCorrectionsQuery {
  params: ISearchCorrectionsParams;
  result: ISearchCorrectionsResult;
}

const searchCorrectionsIR: any = {"usedParamSet":{"terms":true},"params":[{"name":"terms","required":true,"transform":{"type":"scalar"},"locs":[{"a":316,"b":322}]}],"statement":"SELECT t.term AS \"term!\", array(\n  SELECT s.word FROM (\n    SELECT w.word, similarity(w.word, t.term) AS score, max(similarity(w.word, t.term)) OVER () AS best\n    FROM search_words w\n    WHERE w.word % t.term\n  ) s\n  WHERE s.score >= s.best - 0.1\n  ORDER BY s.score DESC, s.word\n  LIMIT 3\n) AS \"fixes!\"\nFROM unnest(:terms!::text[]) AS t(term)\nWHERE NOT EXISTS (SELECT 1 FROM search_words k WHERE k.word >= t.term AND k.word < t.term || chr(1114111))                                                                                                                                                                                                                                                                                                                                                 "};

/**
 * Query generated from SQL:
 * ```
 * SELECT t.term AS "term!", array(
 *   SELECT s.word FROM (
 *     SELECT w.word, similarity(w.word, t.term) AS score, max(similarity(w.word, t.term)) OVER () AS best
 *     FROM search_words w
 *     WHERE w.word % t.term
 *   ) s
 *   WHERE s.score >= s.best - 0.1
 *   ORDER BY s.score DESC, s.word
 *   LIMIT 3
 * ) AS "fixes!"
 * FROM unnest(:terms!::text[]) AS t(term)
 * WHERE NOT EXISTS (SELECT 1 FROM search_words k WHERE k.word >= t.term AND k.word < t.term || chr(1114111))                                                                                                                                                                                                                                                                                                                                                 
 * ```
 */
export const searchCorrections = new PreparedQuery<ISearchCorrectionsParams,ISearchCorrectionsResult>(searchCorrectionsIR);


/** 'MatchCompanies' parameters type */
export interface IMatchCompaniesParams {
  afterDomain?: string | null | void;
  afterRank?: number | null | void;
  businessStage?: string | null | void;
  industry?: string | null | void;
  limit: NumberOrString;
  locationPattern?: string | null | void;
  minConfidence?: number | null | void;
  offset: NumberOrString;
  query: string;
  teamId: string;
}

/** 'MatchCompanies' return type */
export interface IMatchCompaniesResult {
  c_b2bMatch: Json | null;
  c_businessStage: string | null;
  c_confidence: number | null;
  c_description: string | null;
  c_domain: string | null;
  c_email: string | null;
  c_employeeCount: string | null;
  c_foundedYear: number | null;
  c_fundingStatus: string | null;
  c_industry: string | null;
  c_insights: Json | null;
  c_location: string | null;
  c_logoUrl: string | null;
  c_name: string | null;
  c_phone: string | null;
  c_provenance: Json | null;
  c_socialProfiles: Json | null;
  c_sources: stringArray | null;
  c_technologies: stringArray | null;
  c_version: string | null;
  listedAt: Date;
  rank: number | null;
  total: number;
}

/** 'MatchCompanies' query type */
export interface IMatchCompaniesQuery {
  params: IMatchCompaniesParams;
  result: IMatchCompaniesResult;
}

const matchCompaniesIR: any = {"usedParamSet":{"query":true,"teamId":true,"industry":true,"businessStage":true,"locationPattern":true,"minConfidence":true,"afterRank":true,"afterDomain":true,"limit":true,"offset":true},"params":[{"name":"query","required":true,"transform":{"type":"scalar"},"locs":[{"a":111,"b":117},{"a":226,"b":232}]},{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":173,"b":180}]},{"name":"industry","required":false,"transform":{"type":"scalar"},"locs":[{"a":244,"b":252},{"a":297,"b":305}]},{"name":"businessStage","required":false,"transform":{"type":"scalar"},"locs":[{"a":318,"b":331},{"a":369,"b":382}]},{"name":"locationPattern","required":false,"transform":{"type":"scalar"},"locs":[{"a":394,"b":409},{"a":445,"b":460}]},{"name":"minConfidence","required":false,"transform":{"type":"scalar"},"locs":[{"a":472,"b":485},{"a":519,"b":532}]},{"name":"afterRank","required":false,"transform":{"type":"scalar"},"locs":[{"a":754,"b":763},{"a":802,"b":811}]},{"name":"afterDomain","required":false,"transform":{"type":"scalar"},"locs":[{"a":820,"b":831}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":878,"b":884}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":893,"b":900}]}],"statement":"WITH hits AS MATERIALIZED (\n  SELECT t.domain, t.enriched_at, ts_rank_cd(t.search_vector, to_tsquery('simple', :query!)) AS rank\n  FROM team_companies t\n  WHERE t.team_id = :teamId! AND t.search_vector @@ to_tsquery('simple', :query!)\n    AND (:industry::text IS NULL OR lower(t.industry) = lower(:industry))\n    AND (:businessStage::text IS NULL OR t.business_stage = :businessStage)\n    AND (:locationPattern::text IS NULL OR t.location ILIKE :locationPattern)\n    AND (:minConfidence::int IS NULL OR t.confidence >= :minConfidence)\n)\nSELECT t.total AS \"total!\", p.* FROM (SELECT count(*)::int AS total FROM hits) t\nLEFT JOIN LATERAL (\n  SELECT h.\"listedAt\", h.rank, c.*\n  FROM (\n    SELECT domain, enriched_at AS \"listedAt\", rank FROM hits\n    WHERE (:afterRank::real IS NULL OR (-rank, domain) > (-:afterRank::real, :afterDomain::text))\n    ORDER BY rank DESC, domain LIMIT :limit! OFFSET :offset!\n  ) h\n  JOIN company_records c ON c.c_domain = h.domain\n) p ON true\nORDER BY p.rank DESC, p.c_domain                                                                                                                                                                                                                                                                                                                                                                "};

/**
 * Query generated from SQL:
 * ```
 * WITH hits AS MATERIALIZED (
 *   SELECT t.domain, t.enriched_at, ts_rank_cd(t.search_vector, to_tsquery('simple', :query!)) AS rank
 *   FROM team_companies t
 *   WHERE t.team_id = :teamId! AND t.search_vector @@ to_tsquery('simple', :query!)
 *     AND (:industry::text IS NULL OR lower(t.industry) = lower(:industry))
 *     AND (:businessStage::text IS NULL OR t.business_stage = :businessStage)
 *     AND (:locationPattern::text IS NULL OR t.location ILIKE :locationPattern)
 *     AND (:minConfidence::int IS NULL OR t.confidence >= :minConfidence)
 * )
 * SELECT t.total AS "total!", p.* FROM (SELECT count(*)::int AS total FROM hits) t
 * LEFT JOIN LATERAL (
 *   SELECT h."listedAt", h.rank, c.*
 *   FROM (
 *     SELECT domain, enriched_at AS "listedAt", rank FROM hits
 *     WHERE (:afterRank::real IS NULL OR (-rank, domain) > (-:afterRank::real, :afterDomain::text))
 *     ORDER BY rank DESC, domain LIMIT :limit! OFFSET :offset!
 *   ) h
 *   JOIN company_records c ON c.c_domain = h.domain
 * ) p ON true
 * ORDER BY p.rank DESC, p.c_domain                                                                                                                                                                                                                                                                                                                                                                
 * ```
 */
export const matchCompanies = new PreparedQuery<IMatchCompaniesParams,IMatchCompaniesResult>(matchCompaniesIR);


/** 'MatchCorrectedCompanies' parameters type */
export interface IMatchCorrectedCompaniesParams {
  afterDomain?: string | null | void;
  afterRank?: number | null | void;
  afterTyped?: boolean | null | void;
  businessStage?: string | null | void;
  industry?: string | null | void;
  limit: NumberOrString;
  locationPattern?: string | null | void;
  minConfidence?: number | null | void;
  offset: NumberOrString;
  query: string;
  teamId: string;
  typed: string;
}

/** 'MatchCorrectedCompanies' return type */
export interface IMatchCorrectedCompaniesResult {
  c_b2bMatch: Json | null;
  c_businessStage: string | null;
  c_confidence: number | null;
  c_description: string | null;
  c_domain: string | null;
  c_email: string | null;
  c_employeeCount: string | null;
  c_foundedYear: number | null;
  c_fundingStatus: string | null;
  c_industry: string | null;
  c_insights: Json | null;
  c_location: string | null;
  c_logoUrl: string | null;
  c_name: string | null;
  c_phone: string | null;
  c_provenance: Json | null;
  c_socialProfiles: Json | null;
  c_sources: stringArray | null;
  c_technologies: stringArray | null;
  c_version: string | null;
  listedAt: Date;
  rank: number | null;
  total: number;
  typed: boolean | null;
}

/** 'MatchCorrectedCompanies' query type */
export interface IMatchCorrectedCompaniesQuery {
  params: IMatchCorrectedCompaniesParams;
  result: IMatchCorrectedCompaniesResult;
}

const matchCorrectedCompaniesIR: any = {"usedParamSet":{"typed":true,"query":true,"teamId":true,"industry":true,"businessStage":true,"locationPattern":true,"minConfidence":true,"afterRank":true,"afterTyped":true,"afterDomain":true,"limit":true,"offset":true},"params":[{"name":"typed","required":true,"transform":{"type":"scalar"},"locs":[{"a":102,"b":108}]},{"name":"query","required":true,"transform":{"type":"scalar"},"locs":[{"a":174,"b":180},{"a":289,"b":295}]},{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":236,"b":243}]},{"name":"industry","required":false,"transform":{"type":"scalar"},"locs":[{"a":307,"b":315},{"a":360,"b":368}]},{"name":"businessStage","required":false,"transform":{"type":"scalar"},"locs":[{"a":381,"b":394},{"a":432,"b":445}]},{"name":"locationPattern","required":false,"transform":{"type":"scalar"},"locs":[{"a":457,"b":472},{"a":508,"b":523}]},{"name":"minConfidence","required":false,"transform":{"type":"scalar"},"locs":[{"a":535,"b":548},{"a":582,"b":595}]},{"name":"afterRank","required":false,"transform":{"type":"scalar"},"locs":[{"a":833,"b":842},{"a":918,"b":927}]},{"name":"afterTyped","required":false,"transform":{"type":"scalar"},"locs":[{"a":895,"b":905}]},{"name":"afterDomain","required":false,"transform":{"type":"scalar"},"locs":[{"a":936,"b":947}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":1006,"b":1012}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":1021,"b":1028}]}],"statement":"WITH hits AS MATERIALIZED (\n  SELECT t.domain, t.enriched_at, t.search_vector @@ to_tsquery('simple', :typed!) AS typed,\n    ts_rank_cd(t.search_vector, to_tsquery('simple', :query!)) AS rank\n  FROM team_companies t\n  WHERE t.team_id = :teamId! AND t.search_vector @@ to_tsquery('simple', :query!)\n    AND (:industry::text IS NULL OR lower(t.industry) = lower(:industry))\n    AND (:businessStage::text IS NULL OR t.business_stage = :businessStage)\n    AND (:locationPattern::text IS NULL OR t.location ILIKE :locationPattern)\n    AND (:minConfidence::int IS NULL OR t.confidence >= :minConfidence)\n)\nSELECT t.total AS \"total!\", p.* FROM (SELECT count(*)::int AS total FROM hits) t\nLEFT JOIN LATERAL (\n  SELECT h.\"listedAt\", h.typed, h.rank, c.*\n  FROM (\n    SELECT domain, enriched_at AS \"listedAt\", typed, rank FROM hits\n    WHERE (:afterRank::real IS NULL OR (NOT typed, -rank, domain) > (NOT :afterTyped::boolean, -:afterRank::real, :afterDomain::text))\n    ORDER BY typed DESC, rank DESC, domain LIMIT :limit! OFFSET :offset!\n  ) h\n  JOIN company_records c ON c.c_domain = h.domain\n) p ON true\nORDER BY p.typed DESC, p.rank DESC, p.c_domain                                                                                                                                                                          "};

/**
 * Query generated from SQL:
 * ```
 * WITH hits AS MATERIALIZED (
 *   SELECT t.domain, t.enriched_at, t.search_vector @@ to_tsquery('simple', :typed!) AS typed,
 *     ts_rank_cd(t.search_vector, to_tsquery('simple', :query!)) AS rank
 *   FROM team_companies t
 *   WHERE t.team_id = :teamId! AND t.search_vector @@ to_tsquery('simple', :query!)
 *     AND (:industry::text IS NULL OR lower(t.industry) = lower(:industry))
 *     AND (:businessStage::text IS NULL OR t.business_stage = :businessStage)
 *     AND (:locationPattern::text IS NULL OR t.location ILIKE :locationPattern)
 *     AND (:minConfidence::int IS NULL OR t.confidence >= :minConfidence)
 * )
 * SELECT t.total AS "total!", p.* FROM (SELECT count(*)::int AS total FROM hits) t
 * LEFT JOIN LATERAL (
 *   SELECT h."listedAt", h.typed, h.rank, c.*
 *   FROM (
 *     SELECT domain, enriched_at AS "listedAt", typed, rank FROM hits
 *     WHERE (:afterRank::real IS NULL OR (NOT typed, -rank, domain) > (NOT :afterTyped::boolean, -:afterRank::real, :afterDomain::text))
 *     ORDER BY typed DESC, rank DESC, domain LIMIT :limit! OFFSET :offset!
 *   ) h
 *   JOIN company_records c ON c.c_domain = h.domain
 * ) p ON true
 * ORDER BY p.typed DESC, p.rank DESC, p.c_domain                                                                                                                                                                          
 * ```
 */
export const matchCorrectedCompanies = new PreparedQuery<IMatchCorrectedCompaniesParams,IMatchCorrectedCompaniesResult>(matchCorrectedCompaniesIR);


/** 'ListCompanies' parameters type */
export interface IListCompaniesParams {
  afterAt?: DateOrString | null | void;
  afterDomain?: string | null | void;
  limit: NumberOrString;
  offset: NumberOrString;
  teamId: string;
}

/** 'ListCompanies' return type */
export interface IListCompaniesResult {
  c_b2bMatch: Json | null;
  c_businessStage: string | null;
  c_confidence: number | null;
  c_description: string | null;
  c_domain: string | null;
  c_email: string | null;
  c_employeeCount: string | null;
  c_foundedYear: number | null;
  c_fundingStatus: string | null;
  c_industry: string | null;
  c_insights: Json | null;
  c_location: string | null;
  c_logoUrl: string | null;
  c_name: string | null;
  c_phone: string | null;
  c_provenance: Json | null;
  c_socialProfiles: Json | null;
  c_sources: stringArray | null;
  c_technologies: stringArray | null;
  c_version: string | null;
  listedAt: Date;
  total: number;
}

/** 'ListCompanies' query type */
export interface IListCompaniesQuery {
  params: IListCompaniesParams;
  result: IListCompaniesResult;
}

const listCompaniesIR: any = {"usedParamSet":{"teamId":true,"afterAt":true,"afterDomain":true,"limit":true,"offset":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":104,"b":111},{"a":257,"b":264}]},{"name":"afterAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":277,"b":284},{"a":324,"b":331},{"a":363,"b":370}]},{"name":"afterDomain","required":false,"transform":{"type":"scalar"},"locs":[{"a":395,"b":406}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":461,"b":467}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":476,"b":483}]}],"statement":"SELECT t.total AS \"total!\", p.* FROM (SELECT count(*)::int AS total FROM team_companies WHERE team_id = :teamId!) t\nLEFT JOIN LATERAL (\n  SELECT h.\"listedAt\", c.*\n  FROM (\n    SELECT domain, enriched_at AS \"listedAt\" FROM team_companies\n    WHERE team_id = :teamId!\n      AND (:afterAt::timestamp IS NULL OR (enriched_at <= :afterAt::timestamp AND (enriched_at < :afterAt::timestamp OR domain > :afterDomain::text)))\n    ORDER BY enriched_at DESC, domain LIMIT :limit! OFFSET :offset!\n  ) h\n  JOIN company_records c ON c.c_domain = h.domain\n) p ON true\nORDER BY p.\"listedAt\" DESC, p.c_domain                                                                                                                                   "};

/**
 * Query generated from SQL:
 * ```
 * SELECT t.total AS "total!", p.* FROM (SELECT count(*)::int AS total FROM team_companies WHERE team_id = :teamId!) t
 * LEFT JOIN LATERAL (
 *   SELECT h."listedAt", c.*
 *   FROM (
 *     SELECT domain, enriched_at AS "listedAt" FROM team_companies
 *     WHERE team_id = :teamId!
 *       AND (:afterAt::timestamp IS NULL OR (enriched_at <= :afterAt::timestamp AND (enriched_at < :afterAt::timestamp OR domain > :afterDomain::text)))
 *     ORDER BY enriched_at DESC, domain LIMIT :limit! OFFSET :offset!
 *   ) h
 *   JOIN company_records c ON c.c_domain = h.domain
 * ) p ON true
 * ORDER BY p."listedAt" DESC, p.c_domain                                                                                                                                   
 * ```
 */
export const listCompanies = new PreparedQuery<IListCompaniesParams,IListCompaniesResult>(listCompaniesIR);


/** 'ListFilteredCompanies' parameters type */
export interface IListFilteredCompaniesParams {
  afterAt?: DateOrString | null | void;
  afterDomain?: string | null | void;
  businessStage?: string | null | void;
  industry?: string | null | void;
  limit: NumberOrString;
  locationPattern?: string | null | void;
  minConfidence?: number | null | void;
  offset: NumberOrString;
  teamId: string;
}

/** 'ListFilteredCompanies' return type */
export interface IListFilteredCompaniesResult {
  c_b2bMatch: Json | null;
  c_businessStage: string | null;
  c_confidence: number | null;
  c_description: string | null;
  c_domain: string | null;
  c_email: string | null;
  c_employeeCount: string | null;
  c_foundedYear: number | null;
  c_fundingStatus: string | null;
  c_industry: string | null;
  c_insights: Json | null;
  c_location: string | null;
  c_logoUrl: string | null;
  c_name: string | null;
  c_phone: string | null;
  c_provenance: Json | null;
  c_socialProfiles: Json | null;
  c_sources: stringArray | null;
  c_technologies: stringArray | null;
  c_version: string | null;
  listedAt: Date;
  total: number;
}

/** 'ListFilteredCompanies' query type */
export interface IListFilteredCompaniesQuery {
  params: IListFilteredCompaniesParams;
  result: IListFilteredCompaniesResult;
}

const listFilteredCompaniesIR: any = {"usedParamSet":{"teamId":true,"industry":true,"businessStage":true,"locationPattern":true,"minConfidence":true,"afterAt":true,"afterDomain":true,"limit":true,"offset":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":103,"b":110}]},{"name":"industry","required":false,"transform":{"type":"scalar"},"locs":[{"a":121,"b":129},{"a":174,"b":182}]},{"name":"businessStage","required":false,"transform":{"type":"scalar"},"locs":[{"a":195,"b":208},{"a":246,"b":259}]},{"name":"locationPattern","required":false,"transform":{"type":"scalar"},"locs":[{"a":271,"b":286},{"a":322,"b":337}]},{"name":"minConfidence","required":false,"transform":{"type":"scalar"},"locs":[{"a":349,"b":362},{"a":396,"b":409}]},{"name":"afterAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":616,"b":623},{"a":661,"b":668},{"a":699,"b":706}]},{"name":"afterDomain","required":false,"transform":{"type":"scalar"},"locs":[{"a":732,"b":743}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":796,"b":802}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":811,"b":818}]}],"statement":"WITH hits AS MATERIALIZED (\n  SELECT t.domain, t.enriched_at FROM team_companies t\n  WHERE t.team_id = :teamId!\n    AND (:industry::text IS NULL OR lower(t.industry) = lower(:industry))\n    AND (:businessStage::text IS NULL OR t.business_stage = :businessStage)\n    AND (:locationPattern::text IS NULL OR t.location ILIKE :locationPattern)\n    AND (:minConfidence::int IS NULL OR t.confidence >= :minConfidence)\n)\nSELECT t.total AS \"total!\", p.* FROM (SELECT count(*)::int AS total FROM hits) t\nLEFT JOIN LATERAL (\n  SELECT h.\"listedAt\", c.*\n  FROM (\n    SELECT domain, enriched_at AS \"listedAt\" FROM hits\n    WHERE :afterAt::timestamp IS NULL OR enriched_at < :afterAt::timestamp OR (enriched_at = :afterAt::timestamp AND domain > :afterDomain::text)\n    ORDER BY enriched_at DESC, domain LIMIT :limit! OFFSET :offset!\n  ) h\n  JOIN company_records c ON c.c_domain = h.domain\n) p ON true\nORDER BY p.\"listedAt\" DESC, p.c_domain                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                 "};

/**
 * Query generated from SQL:
 * ```
 * WITH hits AS MATERIALIZED (
 *   SELECT t.domain, t.enriched_at FROM team_companies t
 *   WHERE t.team_id = :teamId!
 *     AND (:industry::text IS NULL OR lower(t.industry) = lower(:industry))
 *     AND (:businessStage::text IS NULL OR t.business_stage = :businessStage)
 *     AND (:locationPattern::text IS NULL OR t.location ILIKE :locationPattern)
 *     AND (:minConfidence::int IS NULL OR t.confidence >= :minConfidence)
 * )
 * SELECT t.total AS "total!", p.* FROM (SELECT count(*)::int AS total FROM hits) t
 * LEFT JOIN LATERAL (
 *   SELECT h."listedAt", c.*
 *   FROM (
 *     SELECT domain, enriched_at AS "listedAt" FROM hits
 *     WHERE :afterAt::timestamp IS NULL OR enriched_at < :afterAt::timestamp OR (enriched_at = :afterAt::timestamp AND domain > :afterDomain::text)
 *     ORDER BY enriched_at DESC, domain LIMIT :limit! OFFSET :offset!
 *   ) h
 *   JOIN company_records c ON c.c_domain = h.domain
 * ) p ON true
 * ORDER BY p."listedAt" DESC, p.c_domain                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                 
 * ```
 */
export const listFilteredCompanies = new PreparedQuery<IListFilteredCompaniesParams,IListFilteredCompaniesResult>(listFilteredCompaniesIR);


/** 'EstimateMatches' parameters type */
export interface IEstimateMatchesParams {
  businessStage?: string | null | void;
  industry?: string | null | void;
  locationPattern?: string | null | void;
  minConfidence?: number | null | void;
  query?: string | null | void;
  teamId: string;
}

/** 'EstimateMatches' return type */
export interface IEstimateMatchesResult {
  candidates: number;
  cost: number;
  rows: number;
  wordMatches: number;
}

/** 'EstimateMatches' query type */
export interface IEstimateMatchesQuery {
  params: IEstimateMatchesParams;
  result: IEstimateMatchesResult;
}

const estimateMatchesIR: any = {"usedParamSet":{"teamId":true,"query":true,"industry":true,"businessStage":true,"locationPattern":true,"minConfidence":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":89,"b":96},{"a":203,"b":210},{"a":350,"b":357}]},{"name":"query","required":false,"transform":{"type":"scalar"},"locs":[{"a":99,"b":104},{"a":360,"b":365}]},{"name":"industry","required":false,"transform":{"type":"scalar"},"locs":[{"a":219,"b":227},{"a":374,"b":382}]},{"name":"businessStage","required":false,"transform":{"type":"scalar"},"locs":[{"a":236,"b":249},{"a":391,"b":404}]},{"name":"locationPattern","required":false,"transform":{"type":"scalar"},"locs":[{"a":258,"b":273},{"a":413,"b":428}]},{"name":"minConfidence","required":false,"transform":{"type":"scalar"},"locs":[{"a":282,"b":295},{"a":437,"b":450}]}],"statement":"SELECT m.rows AS \"rows!\", m.cost AS \"cost!\",\n  (SELECT w.rows FROM search_match_estimate(:teamId!, :query::text, NULL, NULL, NULL, NULL) w) AS \"wordMatches!\",\n  (SELECT f.rows FROM search_match_estimate(:teamId!, NULL, :industry::text, :businessStage::text, :locationPattern::text, :minConfidence::int) f) AS \"candidates!\"\nFROM search_match_estimate(:teamId!, :query::text, :industry::text, :businessStage::text, :locationPattern::text, :minConfidence::int) m                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                   "};

/**
 * Query generated from SQL:
 * ```
 * SELECT m.rows AS "rows!", m.cost AS "cost!",
 *   (SELECT w.rows FROM search_match_estimate(:teamId!, :query::text, NULL, NULL, NULL, NULL) w) AS "wordMatches!",
 *   (SELECT f.rows FROM search_match_estimate(:teamId!, NULL, :industry::text, :businessStage::text, :locationPattern::text, :minConfidence::int) f) AS "candidates!"
 * FROM search_match_estimate(:teamId!, :query::text, :industry::text, :businessStage::text, :locationPattern::text, :minConfidence::int) m                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                   
 * ```
 */
export const estimateMatches = new PreparedQuery<IEstimateMatchesParams,IEstimateMatchesResult>(estimateMatchesIR);


/** 'WalkCompanies' parameters type */
export interface IWalkCompaniesParams {
  afterAt?: DateOrString | null | void;
  afterDomain?: string | null | void;
  businessStage?: string | null | void;
  industry?: string | null | void;
  limit: NumberOrString;
  locationPattern?: string | null | void;
  minConfidence?: number | null | void;
  offset: NumberOrString;
  teamId: string;
}

/** 'WalkCompanies' return type */
export interface IWalkCompaniesResult {
  c_b2bMatch: Json | null;
  c_businessStage: string | null;
  c_confidence: number | null;
  c_description: string | null;
  c_domain: string | null;
  c_email: string | null;
  c_employeeCount: string | null;
  c_foundedYear: number | null;
  c_fundingStatus: string | null;
  c_industry: string | null;
  c_insights: Json | null;
  c_location: string | null;
  c_logoUrl: string | null;
  c_name: string | null;
  c_phone: string | null;
  c_provenance: Json | null;
  c_socialProfiles: Json | null;
  c_sources: stringArray | null;
  c_technologies: stringArray | null;
  c_version: string | null;
  listedAt: Date;
}

/** 'WalkCompanies' query type */
export interface IWalkCompaniesQuery {
  params: IWalkCompaniesParams;
  result: IWalkCompaniesResult;
}

const walkCompaniesIR: any = {"usedParamSet":{"teamId":true,"industry":true,"businessStage":true,"locationPattern":true,"minConfidence":true,"afterAt":true,"afterDomain":true,"limit":true,"offset":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":121,"b":128}]},{"name":"industry","required":false,"transform":{"type":"scalar"},"locs":[{"a":139,"b":147},{"a":192,"b":200}]},{"name":"businessStage","required":false,"transform":{"type":"scalar"},"locs":[{"a":213,"b":226},{"a":264,"b":277}]},{"name":"locationPattern","required":false,"transform":{"type":"scalar"},"locs":[{"a":289,"b":304},{"a":340,"b":355}]},{"name":"minConfidence","required":false,"transform":{"type":"scalar"},"locs":[{"a":367,"b":380},{"a":414,"b":427}]},{"name":"afterAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":439,"b":446},{"a":488,"b":495},{"a":529,"b":536}]},{"name":"afterDomain","required":false,"transform":{"type":"scalar"},"locs":[{"a":563,"b":574}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":633,"b":639}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":648,"b":655}]}],"statement":"SELECT h.\"listedAt\", c.*\nFROM (\n  SELECT w.domain, w.enriched_at AS \"listedAt\" FROM team_companies w\n  WHERE w.team_id = :teamId!\n    AND (:industry::text IS NULL OR lower(w.industry) = lower(:industry))\n    AND (:businessStage::text IS NULL OR w.business_stage = :businessStage)\n    AND (:locationPattern::text IS NULL OR w.location ILIKE :locationPattern)\n    AND (:minConfidence::int IS NULL OR w.confidence >= :minConfidence)\n    AND (:afterAt::timestamp IS NULL OR (w.enriched_at <= :afterAt::timestamp AND (w.enriched_at < :afterAt::timestamp OR w.domain > :afterDomain::text)))\n  ORDER BY w.enriched_at DESC, w.domain\n  LIMIT :limit! OFFSET :offset!\n) h\nJOIN company_records c ON c.c_domain = h.domain\nORDER BY h.\"listedAt\" DESC, c.c_domain"};

/**
 * Query generated from SQL:
 * ```
 * SELECT h."listedAt", c.*
 * FROM (
 *   SELECT w.domain, w.enriched_at AS "listedAt" FROM team_companies w
 *   WHERE w.team_id = :teamId!
 *     AND (:industry::text IS NULL OR lower(w.industry) = lower(:industry))
 *     AND (:businessStage::text IS NULL OR w.business_stage = :businessStage)
 *     AND (:locationPattern::text IS NULL OR w.location ILIKE :locationPattern)
 *     AND (:minConfidence::int IS NULL OR w.confidence >= :minConfidence)
 *     AND (:afterAt::timestamp IS NULL OR (w.enriched_at <= :afterAt::timestamp AND (w.enriched_at < :afterAt::timestamp OR w.domain > :afterDomain::text)))
 *   ORDER BY w.enriched_at DESC, w.domain
 *   LIMIT :limit! OFFSET :offset!
 * ) h
 * JOIN company_records c ON c.c_domain = h.domain
 * ORDER BY h."listedAt" DESC, c.c_domain
 * ```
 */
export const walkCompanies = new PreparedQuery<IWalkCompaniesParams,IWalkCompaniesResult>(walkCompaniesIR);


/** 'WalkMatches' parameters type */
export interface IWalkMatchesParams {
  afterAt?: DateOrString | null | void;
  afterDomain?: string | null | void;
  businessStage?: string | null | void;
  industry?: string | null | void;
  limit: NumberOrString;
  locationPattern?: string | null | void;
  minConfidence?: number | null | void;
  offset: NumberOrString;
  query: string;
  teamId: string;
}

/** 'WalkMatches' return type */
export interface IWalkMatchesResult {
  c_b2bMatch: Json | null;
  c_businessStage: string | null;
  c_confidence: number | null;
  c_description: string | null;
  c_domain: string | null;
  c_email: string | null;
  c_employeeCount: string | null;
  c_foundedYear: number | null;
  c_fundingStatus: string | null;
  c_industry: string | null;
  c_insights: Json | null;
  c_location: string | null;
  c_logoUrl: string | null;
  c_name: string | null;
  c_phone: string | null;
  c_provenance: Json | null;
  c_socialProfiles: Json | null;
  c_sources: stringArray | null;
  c_technologies: stringArray | null;
  c_version: string | null;
  listedAt: Date;
}

/** 'WalkMatches' query type */
export interface IWalkMatchesQuery {
  params: IWalkMatchesParams;
  result: IWalkMatchesResult;
}

const walkMatchesIR: any = {"usedParamSet":{"query":true,"teamId":true,"industry":true,"businessStage":true,"locationPattern":true,"minConfidence":true,"afterAt":true,"afterDomain":true,"limit":true,"offset":true},"params":[{"name":"query","required":true,"transform":{"type":"scalar"},"locs":[{"a":242,"b":248}]},{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":294,"b":301}]},{"name":"industry","required":false,"transform":{"type":"scalar"},"locs":[{"a":312,"b":320},{"a":365,"b":373}]},{"name":"businessStage","required":false,"transform":{"type":"scalar"},"locs":[{"a":386,"b":399},{"a":437,"b":450}]},{"name":"locationPattern","required":false,"transform":{"type":"scalar"},"locs":[{"a":462,"b":477},{"a":513,"b":528}]},{"name":"minConfidence","required":false,"transform":{"type":"scalar"},"locs":[{"a":540,"b":553},{"a":587,"b":600}]},{"name":"afterAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":612,"b":619},{"a":661,"b":668},{"a":702,"b":709}]},{"name":"afterDomain","required":false,"transform":{"type":"scalar"},"locs":[{"a":736,"b":747}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":806,"b":812}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":821,"b":828}]}],"statement":"SELECT h.\"listedAt\", c.*\nFROM (\n  SELECT w.domain, w.enriched_at AS \"listedAt\" FROM team_companies w JOIN LATERAL (SELECT 1 FROM team_companies m WHERE m.team_id = w.team_id AND m.domain = w.domain AND m.search_vector @@ to_tsquery('simple', :query!) OFFSET 0 ) hit ON true\n  WHERE w.team_id = :teamId!\n    AND (:industry::text IS NULL OR lower(w.industry) = lower(:industry))\n    AND (:businessStage::text IS NULL OR w.business_stage = :businessStage)\n    AND (:locationPattern::text IS NULL OR w.location ILIKE :locationPattern)\n    AND (:minConfidence::int IS NULL OR w.confidence >= :minConfidence)\n    AND (:afterAt::timestamp IS NULL OR (w.enriched_at <= :afterAt::timestamp AND (w.enriched_at < :afterAt::timestamp OR w.domain > :afterDomain::text)))\n  ORDER BY w.enriched_at DESC, w.domain\n  LIMIT :limit! OFFSET :offset!\n) h\nJOIN company_records c ON c.c_domain = h.domain\nORDER BY h.\"listedAt\" DESC, c.c_domain"};

/**
 * Query generated from SQL:
 * ```
 * SELECT h."listedAt", c.*
 * FROM (
 *   SELECT w.domain, w.enriched_at AS "listedAt" FROM team_companies w JOIN LATERAL (SELECT 1 FROM team_companies m WHERE m.team_id = w.team_id AND m.domain = w.domain AND m.search_vector @@ to_tsquery('simple', :query!) OFFSET 0 ) hit ON true
 *   WHERE w.team_id = :teamId!
 *     AND (:industry::text IS NULL OR lower(w.industry) = lower(:industry))
 *     AND (:businessStage::text IS NULL OR w.business_stage = :businessStage)
 *     AND (:locationPattern::text IS NULL OR w.location ILIKE :locationPattern)
 *     AND (:minConfidence::int IS NULL OR w.confidence >= :minConfidence)
 *     AND (:afterAt::timestamp IS NULL OR (w.enriched_at <= :afterAt::timestamp AND (w.enriched_at < :afterAt::timestamp OR w.domain > :afterDomain::text)))
 *   ORDER BY w.enriched_at DESC, w.domain
 *   LIMIT :limit! OFFSET :offset!
 * ) h
 * JOIN company_records c ON c.c_domain = h.domain
 * ORDER BY h."listedAt" DESC, c.c_domain
 * ```
 */
export const walkMatches = new PreparedQuery<IWalkMatchesParams,IWalkMatchesResult>(walkMatchesIR);


/** 'SortMatches' parameters type */
export interface ISortMatchesParams {
  afterAt?: DateOrString | null | void;
  afterDomain?: string | null | void;
  businessStage?: string | null | void;
  industry?: string | null | void;
  limit: NumberOrString;
  locationPattern?: string | null | void;
  minConfidence?: number | null | void;
  offset: NumberOrString;
  query: string;
  teamId: string;
}

/** 'SortMatches' return type */
export interface ISortMatchesResult {
  c_b2bMatch: Json | null;
  c_businessStage: string | null;
  c_confidence: number | null;
  c_description: string | null;
  c_domain: string | null;
  c_email: string | null;
  c_employeeCount: string | null;
  c_foundedYear: number | null;
  c_fundingStatus: string | null;
  c_industry: string | null;
  c_insights: Json | null;
  c_location: string | null;
  c_logoUrl: string | null;
  c_name: string | null;
  c_phone: string | null;
  c_provenance: Json | null;
  c_socialProfiles: Json | null;
  c_sources: stringArray | null;
  c_technologies: stringArray | null;
  c_version: string | null;
  listedAt: Date;
}

/** 'SortMatches' query type */
export interface ISortMatchesQuery {
  params: ISortMatchesParams;
  result: ISortMatchesResult;
}

const sortMatchesIR: any = {"usedParamSet":{"teamId":true,"query":true,"industry":true,"businessStage":true,"locationPattern":true,"minConfidence":true,"afterAt":true,"afterDomain":true,"limit":true,"offset":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":121,"b":128}]},{"name":"query","required":true,"transform":{"type":"scalar"},"locs":[{"a":174,"b":180}]},{"name":"industry","required":false,"transform":{"type":"scalar"},"locs":[{"a":192,"b":200},{"a":245,"b":253}]},{"name":"businessStage","required":false,"transform":{"type":"scalar"},"locs":[{"a":266,"b":279},{"a":317,"b":330}]},{"name":"locationPattern","required":false,"transform":{"type":"scalar"},"locs":[{"a":342,"b":357},{"a":393,"b":408}]},{"name":"minConfidence","required":false,"transform":{"type":"scalar"},"locs":[{"a":420,"b":433},{"a":467,"b":480}]},{"name":"afterAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":492,"b":499},{"a":541,"b":548},{"a":582,"b":589}]},{"name":"afterDomain","required":false,"transform":{"type":"scalar"},"locs":[{"a":616,"b":627}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":686,"b":692}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":701,"b":708}]}],"statement":"SELECT h.\"listedAt\", c.*\nFROM (\n  SELECT w.domain, w.enriched_at AS \"listedAt\" FROM team_companies w\n  WHERE w.team_id = :teamId! AND w.search_vector @@ to_tsquery('simple', :query!)\n    AND (:industry::text IS NULL OR lower(w.industry) = lower(:industry))\n    AND (:businessStage::text IS NULL OR w.business_stage = :businessStage)\n    AND (:locationPattern::text IS NULL OR w.location ILIKE :locationPattern)\n    AND (:minConfidence::int IS NULL OR w.confidence >= :minConfidence)\n    AND (:afterAt::timestamp IS NULL OR (w.enriched_at <= :afterAt::timestamp AND (w.enriched_at < :afterAt::timestamp OR w.domain > :afterDomain::text)))\n  ORDER BY w.enriched_at DESC, w.domain\n  LIMIT :limit! OFFSET :offset!\n) h\nJOIN company_records c ON c.c_domain = h.domain\nORDER BY h.\"listedAt\" DESC, c.c_domain"};

/**
 * Query generated from SQL:
 * ```
 * SELECT h."listedAt", c.*
 * FROM (
 *   SELECT w.domain, w.enriched_at AS "listedAt" FROM team_companies w
 *   WHERE w.team_id = :teamId! AND w.search_vector @@ to_tsquery('simple', :query!)
 *     AND (:industry::text IS NULL OR lower(w.industry) = lower(:industry))
 *     AND (:businessStage::text IS NULL OR w.business_stage = :businessStage)
 *     AND (:locationPattern::text IS NULL OR w.location ILIKE :locationPattern)
 *     AND (:minConfidence::int IS NULL OR w.confidence >= :minConfidence)
 *     AND (:afterAt::timestamp IS NULL OR (w.enriched_at <= :afterAt::timestamp AND (w.enriched_at < :afterAt::timestamp OR w.domain > :afterDomain::text)))
 *   ORDER BY w.enriched_at DESC, w.domain
 *   LIMIT :limit! OFFSET :offset!
 * ) h
 * JOIN company_records c ON c.c_domain = h.domain
 * ORDER BY h."listedAt" DESC, c.c_domain
 * ```
 */
export const sortMatches = new PreparedQuery<ISortMatchesParams,ISortMatchesResult>(sortMatchesIR);


