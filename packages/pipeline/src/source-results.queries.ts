/** Types generated for queries found in "packages/pipeline/src/source-results.sql" */
import { PreparedQuery } from '@enrich/db';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type stringArray = (string)[];

/** 'JobForStep' parameters type */
export interface IJobForStepParams {
  jobId: string;
  now: DateOrString;
  start: boolean;
}

/** 'JobForStep' return type */
export interface IJobForStepResult {
  createdAt: Date;
  domain: string;
  followsJobId: string | null;
  sources: Json;
  started: boolean;
  status: string;
  teamId: string;
}

/** 'JobForStep' query type */
export interface IJobForStepQuery {
  params: IJobForStepParams;
  result: IJobForStepResult;
}

const jobForStepIR: any = {"usedParamSet":{"start":true,"now":true,"jobId":true},"params":[{"name":"start","required":true,"transform":{"type":"scalar"},"locs":[{"a":291,"b":297}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":397,"b":401}]},{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":480,"b":486}]}],"statement":"SELECT j.status::text AS \"status!\", j.team_id AS \"teamId!\", j.domain AS \"domain!\",\n  j.follows_job_id AS \"followsJobId\", j.created_at AS \"createdAt!\",\n  coalesce((SELECT jsonb_object_agg(r.source, r.data) FROM source_results r WHERE r.job_id = j.id), '{}'::jsonb) AS \"sources!\",\n  CASE WHEN :start!::boolean AND j.follows_job_id IS NULL AND j.status = 'processing'\n    THEN mark_job_started(j.id, :now!::timestamp) ELSE false END AS \"started!\"\nFROM enrichment_jobs j\nWHERE j.id = :jobId!::uuid"};

/**
 * Query generated from SQL:
 * ```
 * SELECT j.status::text AS "status!", j.team_id AS "teamId!", j.domain AS "domain!",
 *   j.follows_job_id AS "followsJobId", j.created_at AS "createdAt!",
 *   coalesce((SELECT jsonb_object_agg(r.source, r.data) FROM source_results r WHERE r.job_id = j.id), '{}'::jsonb) AS "sources!",
 *   CASE WHEN :start!::boolean AND j.follows_job_id IS NULL AND j.status = 'processing'
 *     THEN mark_job_started(j.id, :now!::timestamp) ELSE false END AS "started!"
 * FROM enrichment_jobs j
 * WHERE j.id = :jobId!::uuid
 * ```
 */
export const jobForStep = new PreparedQuery<IJobForStepParams,IJobForStepResult>(jobForStepIR);


/** 'SaveSourceResult' parameters type */
export interface ISaveSourceResultParams {
  data: Json;
  jobId: string;
  source: string;
}

/** 'SaveSourceResult' return type */
export type ISaveSourceResultResult = void;

/** 'SaveSourceResult' query type */
export interface ISaveSourceResultQuery {
  params: ISaveSourceResultParams;
  result: ISaveSourceResultResult;
}

const saveSourceResultIR: any = {"usedParamSet":{"jobId":true,"source":true,"data":true},"params":[{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":70,"b":76}]},{"name":"source","required":true,"transform":{"type":"scalar"},"locs":[{"a":85,"b":92}]},{"name":"data","required":true,"transform":{"type":"scalar"},"locs":[{"a":101,"b":106}]}],"statement":"INSERT INTO source_results (job_id, source, data, fetched_at)\nVALUES (:jobId!::uuid, :source!::text, :data!::jsonb, timezone('UTC', now()))\nON CONFLICT (job_id, source) DO UPDATE SET data = EXCLUDED.data, fetched_at = EXCLUDED.fetched_at                                                                                                                                                                             "};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO source_results (job_id, source, data, fetched_at)
 * VALUES (:jobId!::uuid, :source!::text, :data!::jsonb, timezone('UTC', now()))
 * ON CONFLICT (job_id, source) DO UPDATE SET data = EXCLUDED.data, fetched_at = EXCLUDED.fetched_at                                                                                                                                                                             
 * ```
 */
export const saveSourceResult = new PreparedQuery<ISaveSourceResultParams,ISaveSourceResultResult>(saveSourceResultIR);


/** 'SaveAiResult' parameters type */
export interface ISaveAiResultParams {
  data: Json;
  inputTokens: number;
  jobId: string;
  outputTokens: number;
}

/** 'SaveAiResult' return type */
export interface ISaveAiResultResult {
  spent: undefined | null;
}

/** 'SaveAiResult' query type */
export interface ISaveAiResultQuery {
  params: ISaveAiResultParams;
  result: ISaveAiResultResult;
}

const saveAiResultIR: any = {"usedParamSet":{"jobId":true,"data":true,"inputTokens":true,"outputTokens":true},"params":[{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":90,"b":96},{"a":273,"b":279}]},{"name":"data","required":true,"transform":{"type":"scalar"},"locs":[{"a":111,"b":116}]},{"name":"inputTokens","required":true,"transform":{"type":"scalar"},"locs":[{"a":288,"b":300}]},{"name":"outputTokens","required":true,"transform":{"type":"scalar"},"locs":[{"a":308,"b":321}]}],"statement":"WITH saved AS (\n  INSERT INTO source_results (job_id, source, data, fetched_at)\n  VALUES (:jobId!::uuid, 'ai', :data!::jsonb, timezone('UTC', now()))\n  ON CONFLICT (job_id, source) DO UPDATE SET data = EXCLUDED.data, fetched_at = EXCLUDED.fetched_at\n)\nSELECT add_ai_tokens(:jobId!::uuid, :inputTokens!::int, :outputTokens!::int) AS \"spent\"                                                                                                                             "};

/**
 * Query generated from SQL:
 * ```
 * WITH saved AS (
 *   INSERT INTO source_results (job_id, source, data, fetched_at)
 *   VALUES (:jobId!::uuid, 'ai', :data!::jsonb, timezone('UTC', now()))
 *   ON CONFLICT (job_id, source) DO UPDATE SET data = EXCLUDED.data, fetched_at = EXCLUDED.fetched_at
 * )
 * SELECT add_ai_tokens(:jobId!::uuid, :inputTokens!::int, :outputTokens!::int) AS "spent"                                                                                                                             
 * ```
 */
export const saveAiResult = new PreparedQuery<ISaveAiResultParams,ISaveAiResultResult>(saveAiResultIR);


/** 'SaveSourceFailures' parameters type */
export interface ISaveSourceFailuresParams {
  data: Json;
  jobId: string;
  sources: stringArray;
}

/** 'SaveSourceFailures' return type */
export interface ISaveSourceFailuresResult {
  source: string;
}

/** 'SaveSourceFailures' query type */
export interface ISaveSourceFailuresQuery {
  params: ISaveSourceFailuresParams;
  result: ISaveSourceFailuresResult;
}

const saveSourceFailuresIR: any = {"usedParamSet":{"jobId":true,"data":true,"sources":true},"params":[{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":69,"b":75}]},{"name":"data","required":true,"transform":{"type":"scalar"},"locs":[{"a":92,"b":97}]},{"name":"sources","required":true,"transform":{"type":"scalar"},"locs":[{"a":142,"b":150}]}],"statement":"INSERT INTO source_results (job_id, source, data, fetched_at)\nSELECT :jobId!::uuid, source, :data!::jsonb, timezone('UTC', now()) FROM unnest(:sources!::text[]) AS source\nON CONFLICT (job_id, source) DO NOTHING\nRETURNING source AS \"source!\"                                                                                                                                                                                                                                                                                                                                              "};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO source_results (job_id, source, data, fetched_at)
 * SELECT :jobId!::uuid, source, :data!::jsonb, timezone('UTC', now()) FROM unnest(:sources!::text[]) AS source
 * ON CONFLICT (job_id, source) DO NOTHING
 * RETURNING source AS "source!"                                                                                                                                                                                                                                                                                                                                              
 * ```
 */
export const saveSourceFailures = new PreparedQuery<ISaveSourceFailuresParams,ISaveSourceFailuresResult>(saveSourceFailuresIR);


/** 'CopyLeaderResults' parameters type */
export interface ICopyLeaderResultsParams {
  jobId: string;
  leaderId: string;
  sources: stringArray;
}

/** 'CopyLeaderResults' return type */
export interface ICopyLeaderResultsResult {
  copied: number;
  status: string;
}

/** 'CopyLeaderResults' query type */
export interface ICopyLeaderResultsQuery {
  params: ICopyLeaderResultsParams;
  result: ICopyLeaderResultsResult;
}

const copyLeaderResultsIR: any = {"usedParamSet":{"leaderId":true,"sources":true,"jobId":true},"params":[{"name":"leaderId","required":true,"transform":{"type":"scalar"},"locs":[{"a":98,"b":107},{"a":656,"b":665}]},{"name":"sources","required":true,"transform":{"type":"scalar"},"locs":[{"a":134,"b":142},{"a":401,"b":409}]},{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":289,"b":295}]}],"statement":"WITH usable AS (\n  SELECT r.source, r.data, r.fetched_at FROM source_results r\n  WHERE r.job_id = :leaderId!::uuid AND r.source = ANY(:sources!::text[]) AND r.data->>'status' IS DISTINCT FROM 'failed'\n), copied AS (\n  INSERT INTO source_results (job_id, source, data, fetched_at)\n  SELECT :jobId!::uuid, u.source, u.data, u.fetched_at FROM usable u\n  WHERE (SELECT count(*) FROM usable) = cardinality(:sources!::text[])\n  ON CONFLICT (job_id, source) DO UPDATE SET data = EXCLUDED.data, fetched_at = EXCLUDED.fetched_at\n  RETURNING 1\n)\nSELECT j.status::text AS \"status!\", (SELECT count(*) FROM copied)::int AS \"copied!\"\nFROM enrichment_jobs j WHERE j.id = :leaderId!::uuid"};

/**
 * Query generated from SQL:
 * ```
 * WITH usable AS (
 *   SELECT r.source, r.data, r.fetched_at FROM source_results r
 *   WHERE r.job_id = :leaderId!::uuid AND r.source = ANY(:sources!::text[]) AND r.data->>'status' IS DISTINCT FROM 'failed'
 * ), copied AS (
 *   INSERT INTO source_results (job_id, source, data, fetched_at)
 *   SELECT :jobId!::uuid, u.source, u.data, u.fetched_at FROM usable u
 *   WHERE (SELECT count(*) FROM usable) = cardinality(:sources!::text[])
 *   ON CONFLICT (job_id, source) DO UPDATE SET data = EXCLUDED.data, fetched_at = EXCLUDED.fetched_at
 *   RETURNING 1
 * )
 * SELECT j.status::text AS "status!", (SELECT count(*) FROM copied)::int AS "copied!"
 * FROM enrichment_jobs j WHERE j.id = :leaderId!::uuid
 * ```
 */
export const copyLeaderResults = new PreparedQuery<ICopyLeaderResultsParams,ICopyLeaderResultsResult>(copyLeaderResultsIR);


