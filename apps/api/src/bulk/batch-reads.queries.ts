/** Types generated for queries found in "apps/api/src/bulk/batch-reads.sql" */
import { PreparedQuery } from '@enrich/db';

export type JobStatus = 'completed' | 'failed' | 'processing';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type JsonArray = (Json)[];

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'PollBatchVersions' parameters type */
export interface IPollBatchVersionsParams {
  completed: JsonArray;
  ids: stringArray;
  teamIds: stringArray;
}

/** 'PollBatchVersions' return type */
export interface IPollBatchVersionsResult {
  n: string;
  version: string;
}

/** 'PollBatchVersions' query type */
export interface IPollBatchVersionsQuery {
  params: IPollBatchVersionsParams;
  result: IPollBatchVersionsResult;
}

const pollBatchVersionsIR: any = {"usedParamSet":{"ids":true,"teamIds":true,"completed":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":300,"b":304}]},{"name":"teamIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":315,"b":323}]},{"name":"completed","required":true,"transform":{"type":"scalar"},"locs":[{"a":334,"b":344}]}],"statement":"SELECT asked.n AS \"n!\", batch_version(b.items_ended, b.completed_at, (\n    SELECT max(c.c_version) FROM jsonb_array_elements_text(asked.completed) AS done(domain)\n    CROSS JOIN LATERAL (SELECT c_version FROM company_records c WHERE c.c_domain = done.domain LIMIT 1) c\n  )) AS \"version!\"\nFROM unnest(:ids!::text[], :teamIds!::text[], :completed!::jsonb[]) WITH ORDINALITY AS asked(id, team_id, completed, n)\nCROSS JOIN LATERAL (SELECT * FROM batches b WHERE b.id = asked.id AND b.team_id = asked.team_id LIMIT 1) b                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                               "};

/**
 * Query generated from SQL:
 * ```
 * SELECT asked.n AS "n!", batch_version(b.items_ended, b.completed_at, (
 *     SELECT max(c.c_version) FROM jsonb_array_elements_text(asked.completed) AS done(domain)
 *     CROSS JOIN LATERAL (SELECT c_version FROM company_records c WHERE c.c_domain = done.domain LIMIT 1) c
 *   )) AS "version!"
 * FROM unnest(:ids!::text[], :teamIds!::text[], :completed!::jsonb[]) WITH ORDINALITY AS asked(id, team_id, completed, n)
 * CROSS JOIN LATERAL (SELECT * FROM batches b WHERE b.id = asked.id AND b.team_id = asked.team_id LIMIT 1) b                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                               
 * ```
 */
export const pollBatchVersions = new PreparedQuery<IPollBatchVersionsParams,IPollBatchVersionsResult>(pollBatchVersionsIR);


/** 'PollBatch' parameters type */
export interface IPollBatchParams {
  batchId: string;
  limit: NumberOrString;
  offset: NumberOrString;
  teamId: string;
}

/** 'PollBatch' return type */
export interface IPollBatchResult {
  batch_position: number | null;
  batchId: string;
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
  completed: number;
  completedAt: Date | null;
  createdAt: Date;
  duplicateEntries: number;
  entriesReceived: number;
  errorCode: string | null;
  errorMessage: string | null;
  failed: number;
  invalid: Json;
  itemDomain: string;
  itemId: string;
  itemStatus: JobStatus;
  lastEnd: Date | null;
  pending: number;
  version: string;
}

/** 'PollBatch' query type */
export interface IPollBatchQuery {
  params: IPollBatchParams;
  result: IPollBatchResult;
}

const pollBatchIR: any = {"usedParamSet":{"batchId":true,"teamId":true,"offset":true,"limit":true},"params":[{"name":"batchId","required":true,"transform":{"type":"scalar"},"locs":[{"a":143,"b":151}]},{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":167,"b":174}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":624,"b":631}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":639,"b":645}]}],"statement":"WITH b AS (\n  SELECT id, created_at, completed_at, entries_received, duplicate_entries, invalid_entries, items_ended\n  FROM batches WHERE id = :batchId! AND team_id = :teamId!\n), counts AS (\n  SELECT * FROM batch_item_counts((SELECT id FROM b))\n), items AS (\n  SELECT p.id AS \"itemId\", p.domain AS \"itemDomain\", p.status AS \"itemStatus\", p.error_code AS \"errorCode\",\n    p.error_message AS \"errorMessage\", p.batch_position, c.*\n  FROM (\n    SELECT j.id, j.domain, j.status, j.error_code, j.error_message, j.batch_position\n    FROM enrichment_jobs j WHERE j.batch_id = (SELECT id FROM b)\n    ORDER BY j.batch_position OFFSET :offset! LIMIT :limit!\n  ) p\n  LEFT JOIN LATERAL (SELECT * FROM company_records c WHERE p.status = 'completed' AND c.c_domain = p.domain LIMIT 1) c ON true\n)\nSELECT batch_version(b.items_ended, b.completed_at, (SELECT max(c_version) FROM items)) AS \"version!\",\n  b.id AS \"batchId!\", b.entries_received AS \"entriesReceived!\", b.duplicate_entries AS \"duplicateEntries!\",\n  b.invalid_entries AS \"invalid!\", b.created_at AS \"createdAt!\", b.completed_at AS \"completedAt\",\n  counts.completed AS \"completed!\", counts.failed AS \"failed!\", counts.pending AS \"pending!\", ended.last_end AS \"lastEnd\",\n  i.*\nFROM b CROSS JOIN counts CROSS JOIN LATERAL batch_last_end(b.id, counts.pending, b.completed_at) ended\nLEFT JOIN items i ON true\nORDER BY i.batch_position"};

/**
 * Query generated from SQL:
 * ```
 * WITH b AS (
 *   SELECT id, created_at, completed_at, entries_received, duplicate_entries, invalid_entries, items_ended
 *   FROM batches WHERE id = :batchId! AND team_id = :teamId!
 * ), counts AS (
 *   SELECT * FROM batch_item_counts((SELECT id FROM b))
 * ), items AS (
 *   SELECT p.id AS "itemId", p.domain AS "itemDomain", p.status AS "itemStatus", p.error_code AS "errorCode",
 *     p.error_message AS "errorMessage", p.batch_position, c.*
 *   FROM (
 *     SELECT j.id, j.domain, j.status, j.error_code, j.error_message, j.batch_position
 *     FROM enrichment_jobs j WHERE j.batch_id = (SELECT id FROM b)
 *     ORDER BY j.batch_position OFFSET :offset! LIMIT :limit!
 *   ) p
 *   LEFT JOIN LATERAL (SELECT * FROM company_records c WHERE p.status = 'completed' AND c.c_domain = p.domain LIMIT 1) c ON true
 * )
 * SELECT batch_version(b.items_ended, b.completed_at, (SELECT max(c_version) FROM items)) AS "version!",
 *   b.id AS "batchId!", b.entries_received AS "entriesReceived!", b.duplicate_entries AS "duplicateEntries!",
 *   b.invalid_entries AS "invalid!", b.created_at AS "createdAt!", b.completed_at AS "completedAt",
 *   counts.completed AS "completed!", counts.failed AS "failed!", counts.pending AS "pending!", ended.last_end AS "lastEnd",
 *   i.*
 * FROM b CROSS JOIN counts CROSS JOIN LATERAL batch_last_end(b.id, counts.pending, b.completed_at) ended
 * LEFT JOIN items i ON true
 * ORDER BY i.batch_position
 * ```
 */
export const pollBatch = new PreparedQuery<IPollBatchParams,IPollBatchResult>(pollBatchIR);


/** 'PollBatchOfStatus' parameters type */
export interface IPollBatchOfStatusParams {
  batchId: string;
  limit: NumberOrString;
  offset: NumberOrString;
  status: JobStatus;
  teamId: string;
}

/** 'PollBatchOfStatus' return type */
export interface IPollBatchOfStatusResult {
  batch_position: number | null;
  batchId: string;
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
  completed: number;
  completedAt: Date | null;
  createdAt: Date;
  duplicateEntries: number;
  entriesReceived: number;
  errorCode: string | null;
  errorMessage: string | null;
  failed: number;
  invalid: Json;
  itemDomain: string;
  itemId: string;
  itemStatus: JobStatus;
  lastEnd: Date | null;
  pending: number;
  version: string;
}

/** 'PollBatchOfStatus' query type */
export interface IPollBatchOfStatusQuery {
  params: IPollBatchOfStatusParams;
  result: IPollBatchOfStatusResult;
}

const pollBatchOfStatusIR: any = {"usedParamSet":{"batchId":true,"teamId":true,"status":true,"offset":true,"limit":true},"params":[{"name":"batchId","required":true,"transform":{"type":"scalar"},"locs":[{"a":143,"b":151}]},{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":167,"b":174}]},{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":602,"b":609}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":648,"b":655}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":663,"b":669}]}],"statement":"WITH b AS (\n  SELECT id, created_at, completed_at, entries_received, duplicate_entries, invalid_entries, items_ended\n  FROM batches WHERE id = :batchId! AND team_id = :teamId!\n), counts AS (\n  SELECT * FROM batch_item_counts((SELECT id FROM b))\n), items AS (\n  SELECT p.id AS \"itemId\", p.domain AS \"itemDomain\", p.status AS \"itemStatus\", p.error_code AS \"errorCode\",\n    p.error_message AS \"errorMessage\", p.batch_position, c.*\n  FROM (\n    SELECT j.id, j.domain, j.status, j.error_code, j.error_message, j.batch_position\n    FROM enrichment_jobs j WHERE j.batch_id = (SELECT id FROM b) AND j.status = :status!\n    ORDER BY j.batch_position OFFSET :offset! LIMIT :limit!\n  ) p\n  LEFT JOIN LATERAL (SELECT * FROM company_records c WHERE p.status = 'completed' AND c.c_domain = p.domain LIMIT 1) c ON true\n)\nSELECT batch_version(b.items_ended, b.completed_at, (SELECT max(c_version) FROM items)) AS \"version!\",\n  b.id AS \"batchId!\", b.entries_received AS \"entriesReceived!\", b.duplicate_entries AS \"duplicateEntries!\",\n  b.invalid_entries AS \"invalid!\", b.created_at AS \"createdAt!\", b.completed_at AS \"completedAt\",\n  counts.completed AS \"completed!\", counts.failed AS \"failed!\", counts.pending AS \"pending!\", ended.last_end AS \"lastEnd\",\n  i.*\nFROM b CROSS JOIN counts CROSS JOIN LATERAL batch_last_end(b.id, counts.pending, b.completed_at) ended\nLEFT JOIN items i ON true\nORDER BY i.batch_position                                                                                                                                                                                                                             "};

/**
 * Query generated from SQL:
 * ```
 * WITH b AS (
 *   SELECT id, created_at, completed_at, entries_received, duplicate_entries, invalid_entries, items_ended
 *   FROM batches WHERE id = :batchId! AND team_id = :teamId!
 * ), counts AS (
 *   SELECT * FROM batch_item_counts((SELECT id FROM b))
 * ), items AS (
 *   SELECT p.id AS "itemId", p.domain AS "itemDomain", p.status AS "itemStatus", p.error_code AS "errorCode",
 *     p.error_message AS "errorMessage", p.batch_position, c.*
 *   FROM (
 *     SELECT j.id, j.domain, j.status, j.error_code, j.error_message, j.batch_position
 *     FROM enrichment_jobs j WHERE j.batch_id = (SELECT id FROM b) AND j.status = :status!
 *     ORDER BY j.batch_position OFFSET :offset! LIMIT :limit!
 *   ) p
 *   LEFT JOIN LATERAL (SELECT * FROM company_records c WHERE p.status = 'completed' AND c.c_domain = p.domain LIMIT 1) c ON true
 * )
 * SELECT batch_version(b.items_ended, b.completed_at, (SELECT max(c_version) FROM items)) AS "version!",
 *   b.id AS "batchId!", b.entries_received AS "entriesReceived!", b.duplicate_entries AS "duplicateEntries!",
 *   b.invalid_entries AS "invalid!", b.created_at AS "createdAt!", b.completed_at AS "completedAt",
 *   counts.completed AS "completed!", counts.failed AS "failed!", counts.pending AS "pending!", ended.last_end AS "lastEnd",
 *   i.*
 * FROM b CROSS JOIN counts CROSS JOIN LATERAL batch_last_end(b.id, counts.pending, b.completed_at) ended
 * LEFT JOIN items i ON true
 * ORDER BY i.batch_position                                                                                                                                                                                                                             
 * ```
 */
export const pollBatchOfStatus = new PreparedQuery<IPollBatchOfStatusParams,IPollBatchOfStatusResult>(pollBatchOfStatusIR);


/** 'ListBatches' parameters type */
export interface IListBatchesParams {
  beforeAt?: DateOrString | null | void;
  beforeId?: string | null | void;
  limit: NumberOrString;
  teamId: string;
}

/** 'ListBatches' return type */
export interface IListBatchesResult {
  completed: number;
  completedAt: Date | null;
  createdAt: Date;
  failed: number;
  id: string;
  lastEnd: Date | null;
  pending: number;
}

/** 'ListBatches' query type */
export interface IListBatchesQuery {
  params: IListBatchesParams;
  result: IListBatchesResult;
}

const listBatchesIR: any = {"usedParamSet":{"teamId":true,"beforeAt":true,"beforeId":true,"limit":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":84,"b":91}]},{"name":"beforeAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":98,"b":106},{"a":150,"b":158}]},{"name":"beforeId","required":false,"transform":{"type":"scalar"},"locs":[{"a":172,"b":180}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":234,"b":240}]}],"statement":"WITH page AS (\n  SELECT id, created_at, completed_at FROM batches\n  WHERE team_id = :teamId! AND (:beforeAt::timestamp IS NULL OR (created_at, id) < (:beforeAt::timestamp, :beforeId::text))\n  ORDER BY created_at DESC, id DESC\n  LIMIT :limit!\n)\nSELECT p.id, counts.completed AS \"completed!\", counts.failed AS \"failed!\", counts.pending AS \"pending!\",\n  p.created_at AS \"createdAt\", p.completed_at AS \"completedAt\", ended.last_end AS \"lastEnd\"\nFROM page p CROSS JOIN LATERAL batch_item_counts(p.id) counts\nCROSS JOIN LATERAL batch_last_end(p.id, counts.pending, p.completed_at) ended\nORDER BY p.created_at DESC, p.id DESC                                                                                  "};

/**
 * Query generated from SQL:
 * ```
 * WITH page AS (
 *   SELECT id, created_at, completed_at FROM batches
 *   WHERE team_id = :teamId! AND (:beforeAt::timestamp IS NULL OR (created_at, id) < (:beforeAt::timestamp, :beforeId::text))
 *   ORDER BY created_at DESC, id DESC
 *   LIMIT :limit!
 * )
 * SELECT p.id, counts.completed AS "completed!", counts.failed AS "failed!", counts.pending AS "pending!",
 *   p.created_at AS "createdAt", p.completed_at AS "completedAt", ended.last_end AS "lastEnd"
 * FROM page p CROSS JOIN LATERAL batch_item_counts(p.id) counts
 * CROSS JOIN LATERAL batch_last_end(p.id, counts.pending, p.completed_at) ended
 * ORDER BY p.created_at DESC, p.id DESC                                                                                  
 * ```
 */
export const listBatches = new PreparedQuery<IListBatchesParams,IListBatchesResult>(listBatchesIR);


/** 'ResultsBatch' parameters type */
export interface IResultsBatchParams {
  batchId: string;
  teamId: string;
}

/** 'ResultsBatch' return type */
export interface IResultsBatchResult {
  inputColumns: stringArray;
  invalid: Json;
}

/** 'ResultsBatch' query type */
export interface IResultsBatchQuery {
  params: IResultsBatchParams;
  result: IResultsBatchResult;
}

const resultsBatchIR: any = {"usedParamSet":{"batchId":true,"teamId":true},"params":[{"name":"batchId","required":true,"transform":{"type":"scalar"},"locs":[{"a":91,"b":99}]},{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":115,"b":122}]}],"statement":"SELECT input_columns AS \"inputColumns\", invalid_entries AS invalid FROM batches WHERE id = :batchId! AND team_id = :teamId!                                                                                                                                                      "};

/**
 * Query generated from SQL:
 * ```
 * SELECT input_columns AS "inputColumns", invalid_entries AS invalid FROM batches WHERE id = :batchId! AND team_id = :teamId!                                                                                                                                                      
 * ```
 */
export const resultsBatch = new PreparedQuery<IResultsBatchParams,IResultsBatchResult>(resultsBatchIR);


/** 'ResultsPage' parameters type */
export interface IResultsPageParams {
  after: number;
  batchId: string;
  limit: NumberOrString;
}

/** 'ResultsPage' return type */
export interface IResultsPageResult {
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
  duplicate: boolean;
  errorCode: string | null;
  errorMessage: string | null;
  input: Json;
  jobId: string | null;
  position: number;
  status: JobStatus | null;
}

/** 'ResultsPage' query type */
export interface IResultsPageQuery {
  params: IResultsPageParams;
  result: IResultsPageResult;
}

const resultsPageIR: any = {"usedParamSet":{"batchId":true,"after":true,"limit":true},"params":[{"name":"batchId","required":true,"transform":{"type":"scalar"},"locs":[{"a":322,"b":330}]},{"name":"after","required":true,"transform":{"type":"scalar"},"locs":[{"a":349,"b":355}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":383,"b":389}]}],"statement":"SELECT e.position, e.input, e.duplicate, e.job_id AS \"jobId\", j.status AS \"status?\",\n  j.error_code AS \"errorCode\", j.error_message AS \"errorMessage\", c.*\nFROM batch_entries e\nLEFT JOIN enrichment_jobs j ON j.id = e.job_id\nLEFT JOIN company_records c ON j.status = 'completed' AND c.c_domain = j.domain\nWHERE e.batch_id = :batchId! AND e.position > :after!\nORDER BY e.position\nLIMIT :limit!                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                      "};

/**
 * Query generated from SQL:
 * ```
 * SELECT e.position, e.input, e.duplicate, e.job_id AS "jobId", j.status AS "status?",
 *   j.error_code AS "errorCode", j.error_message AS "errorMessage", c.*
 * FROM batch_entries e
 * LEFT JOIN enrichment_jobs j ON j.id = e.job_id
 * LEFT JOIN company_records c ON j.status = 'completed' AND c.c_domain = j.domain
 * WHERE e.batch_id = :batchId! AND e.position > :after!
 * ORDER BY e.position
 * LIMIT :limit!                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                      
 * ```
 */
export const resultsPage = new PreparedQuery<IResultsPageParams,IResultsPageResult>(resultsPageIR);


/** 'BatchEvents' parameters type */
export interface IBatchEventsParams {
  after?: number | null | void;
  batchId: string;
  teamId: string;
}

/** 'BatchEvents' return type */
export interface IBatchEventsResult {
  completed: number;
  completedThen: number | null;
  domain: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  failed: number;
  failedThen: number | null;
  itemsEnded: number;
  jobId: string | null;
  pending: number;
  seq: number | null;
  status: JobStatus | null;
}

/** 'BatchEvents' query type */
export interface IBatchEventsQuery {
  params: IBatchEventsParams;
  result: IBatchEventsResult;
}

const batchEventsIR: any = {"usedParamSet":{"batchId":true,"teamId":true,"after":true},"params":[{"name":"batchId","required":true,"transform":{"type":"scalar"},"locs":[{"a":61,"b":69}]},{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":85,"b":92}]},{"name":"after","required":false,"transform":{"type":"scalar"},"locs":[{"a":639,"b":644},{"a":1145,"b":1150}]}],"statement":"WITH b AS (\n  SELECT id, items_ended FROM batches WHERE id = :batchId! AND team_id = :teamId!\n), counts AS (\n  SELECT * FROM batch_item_counts((SELECT id FROM b))\n), ended AS (\n  SELECT j.end_seq AS seq, j.id, j.domain, j.status, j.error_code, j.error_message,\n    (count(*) FILTER (WHERE j.status = 'completed') OVER upto)::int AS completed,\n    (count(*) FILTER (WHERE j.status = 'failed') OVER upto)::int AS failed\n  FROM enrichment_jobs j\n  -- Read only when something ended after :after (a heartbeat's look usually finds nothing).\n  WHERE j.batch_id = (SELECT id FROM b) AND j.status <> 'processing' AND (SELECT items_ended FROM b) > :after::int\n  WINDOW upto AS (ORDER BY j.end_seq NULLS FIRST ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)\n)\nSELECT b.items_ended AS \"itemsEnded!\", counts.completed AS \"completed!\", counts.failed AS \"failed!\", counts.pending AS \"pending!\",\n  e.seq AS \"seq?\", e.id AS \"jobId?\", e.domain AS \"domain?\", e.status AS \"status?\", e.error_code AS \"errorCode\",\n  e.error_message AS \"errorMessage\", e.completed AS \"completedThen?\", e.failed AS \"failedThen?\"\nFROM b CROSS JOIN counts LEFT JOIN ended e ON e.seq > :after::int\nORDER BY e.seq"};

/**
 * Query generated from SQL:
 * ```
 * WITH b AS (
 *   SELECT id, items_ended FROM batches WHERE id = :batchId! AND team_id = :teamId!
 * ), counts AS (
 *   SELECT * FROM batch_item_counts((SELECT id FROM b))
 * ), ended AS (
 *   SELECT j.end_seq AS seq, j.id, j.domain, j.status, j.error_code, j.error_message,
 *     (count(*) FILTER (WHERE j.status = 'completed') OVER upto)::int AS completed,
 *     (count(*) FILTER (WHERE j.status = 'failed') OVER upto)::int AS failed
 *   FROM enrichment_jobs j
 *   -- Read only when something ended after :after (a heartbeat's look usually finds nothing).
 *   WHERE j.batch_id = (SELECT id FROM b) AND j.status <> 'processing' AND (SELECT items_ended FROM b) > :after::int
 *   WINDOW upto AS (ORDER BY j.end_seq NULLS FIRST ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
 * )
 * SELECT b.items_ended AS "itemsEnded!", counts.completed AS "completed!", counts.failed AS "failed!", counts.pending AS "pending!",
 *   e.seq AS "seq?", e.id AS "jobId?", e.domain AS "domain?", e.status AS "status?", e.error_code AS "errorCode",
 *   e.error_message AS "errorMessage", e.completed AS "completedThen?", e.failed AS "failedThen?"
 * FROM b CROSS JOIN counts LEFT JOIN ended e ON e.seq > :after::int
 * ORDER BY e.seq
 * ```
 */
export const batchEvents = new PreparedQuery<IBatchEventsParams,IBatchEventsResult>(batchEventsIR);


