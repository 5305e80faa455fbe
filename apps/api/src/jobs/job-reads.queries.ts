/** Types generated for queries found in "apps/api/src/jobs/job-reads.sql" */
import { PreparedQuery } from '@enrich/db';

export type JobStatus = 'completed' | 'failed' | 'processing';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type booleanArray = (boolean)[];

export type stringArray = (string)[];

/** 'PollJobs' parameters type */
export interface IPollJobsParams {
  ids: stringArray;
  knownVersions: stringArray;
  teamIds: stringArray;
}

/** 'PollJobs' return type */
export interface IPollJobsResult {
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
  companyVersion: string | null;
  completedAt: Date | null;
  createdAt: Date;
  domain: string;
  errorCode: string | null;
  errorMessage: string | null;
  n: string;
  startedAt: Date | null;
  status: JobStatus;
}

/** 'PollJobs' query type */
export interface IPollJobsQuery {
  params: IPollJobsParams;
  result: IPollJobsResult;
}

const pollJobsIR: any = {"usedParamSet":{"ids":true,"teamIds":true,"knownVersions":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":219,"b":223}]},{"name":"teamIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":234,"b":242}]},{"name":"knownVersions","required":true,"transform":{"type":"scalar"},"locs":[{"a":253,"b":267}]}],"statement":"SELECT asked.n AS \"n!\", j.status, j.domain, j.created_at AS \"createdAt\", j.started_at AS \"startedAt\",\n  j.completed_at AS \"completedAt\", j.error_code AS \"errorCode\", j.error_message AS \"errorMessage\",\n  c.*\nFROM unnest(:ids!::uuid[], :teamIds!::text[], :knownVersions!::text[]) WITH ORDINALITY AS asked(id, team_id, known, n)\nCROSS JOIN LATERAL (SELECT * FROM enrichment_jobs j WHERE j.id = asked.id AND j.team_id = asked.team_id LIMIT 1) j\nLEFT JOIN LATERAL (\n  SELECT stored.c_version AS \"companyVersion\", record.* FROM company_records stored\n  LEFT JOIN LATERAL (SELECT stored.* WHERE stored.c_version IS DISTINCT FROM asked.known) record ON true\n  WHERE j.status = 'completed' AND stored.c_domain = j.domain LIMIT 1\n) c ON true                                                                                                                                             "};

/**
 * Query generated from SQL:
 * ```
 * SELECT asked.n AS "n!", j.status, j.domain, j.created_at AS "createdAt", j.started_at AS "startedAt",
 *   j.completed_at AS "completedAt", j.error_code AS "errorCode", j.error_message AS "errorMessage",
 *   c.*
 * FROM unnest(:ids!::uuid[], :teamIds!::text[], :knownVersions!::text[]) WITH ORDINALITY AS asked(id, team_id, known, n)
 * CROSS JOIN LATERAL (SELECT * FROM enrichment_jobs j WHERE j.id = asked.id AND j.team_id = asked.team_id LIMIT 1) j
 * LEFT JOIN LATERAL (
 *   SELECT stored.c_version AS "companyVersion", record.* FROM company_records stored
 *   LEFT JOIN LATERAL (SELECT stored.* WHERE stored.c_version IS DISTINCT FROM asked.known) record ON true
 *   WHERE j.status = 'completed' AND stored.c_domain = j.domain LIMIT 1
 * ) c ON true                                                                                                                                             
 * ```
 */
export const pollJobs = new PreparedQuery<IPollJobsParams,IPollJobsResult>(pollJobsIR);


/** 'ListJobs' parameters type */
export interface IListJobsParams {
  beforeAt?: DateOrString | null | void;
  beforeId?: string | null | void;
  limit: NumberOrString;
  teamId: string;
}

/** 'ListJobs' return type */
export interface IListJobsResult {
  completedAt: Date | null;
  createdAt: Date;
  domain: string;
  jobId: string;
  status: JobStatus;
}

/** 'ListJobs' query type */
export interface IListJobsQuery {
  params: IListJobsParams;
  result: IListJobsResult;
}

const listJobsIR: any = {"usedParamSet":{"teamId":true,"beforeAt":true,"beforeId":true,"limit":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":132,"b":139}]},{"name":"beforeAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":169,"b":177},{"a":221,"b":229}]},{"name":"beforeId","required":false,"transform":{"type":"scalar"},"locs":[{"a":243,"b":251}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":301,"b":307}]}],"statement":"SELECT id AS \"jobId\", domain, status, created_at AS \"createdAt\", completed_at AS \"completedAt\"\nFROM enrichment_jobs\nWHERE team_id = :teamId! AND batch_id IS NULL\n  AND (:beforeAt::timestamp IS NULL OR (created_at, id) < (:beforeAt::timestamp, :beforeId::uuid))\nORDER BY created_at DESC, id DESC\nLIMIT :limit!                                                                                                                                                                                                                                                                                                                                                "};

/**
 * Query generated from SQL:
 * ```
 * SELECT id AS "jobId", domain, status, created_at AS "createdAt", completed_at AS "completedAt"
 * FROM enrichment_jobs
 * WHERE team_id = :teamId! AND batch_id IS NULL
 *   AND (:beforeAt::timestamp IS NULL OR (created_at, id) < (:beforeAt::timestamp, :beforeId::uuid))
 * ORDER BY created_at DESC, id DESC
 * LIMIT :limit!                                                                                                                                                                                                                                                                                                                                                
 * ```
 */
export const listJobs = new PreparedQuery<IListJobsParams,IListJobsResult>(listJobsIR);


/** 'RecentSubmissions' parameters type */
export interface IRecentSubmissionsParams {
  domains: stringArray;
  since: DateOrString;
  teamIds: stringArray;
}

/** 'RecentSubmissions' return type */
export interface IRecentSubmissionsResult {
  found: booleanArray;
}

/** 'RecentSubmissions' query type */
export interface IRecentSubmissionsQuery {
  params: IRecentSubmissionsParams;
  result: IRecentSubmissionsResult;
}

const recentSubmissionsIR: any = {"usedParamSet":{"teamIds":true,"domains":true,"since":true},"params":[{"name":"teamIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":23,"b":31}]},{"name":"domains","required":true,"transform":{"type":"scalar"},"locs":[{"a":42,"b":50}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":61,"b":67}]}],"statement":"SELECT submitted_since(:teamIds!::text[], :domains!::text[], :since!::timestamp) AS \"found!\"                                                                                                                                                                                                               "};

/**
 * Query generated from SQL:
 * ```
 * SELECT submitted_since(:teamIds!::text[], :domains!::text[], :since!::timestamp) AS "found!"                                                                                                                                                                                                               
 * ```
 */
export const recentSubmissions = new PreparedQuery<IRecentSubmissionsParams,IRecentSubmissionsResult>(recentSubmissionsIR);


/** 'MedianRunMs' parameters type */
export interface IMedianRunMsParams {
  sample: NumberOrString;
}

/** 'MedianRunMs' return type */
export interface IMedianRunMsResult {
  medianMs: number | null;
}

/** 'MedianRunMs' query type */
export interface IMedianRunMsQuery {
  params: IMedianRunMsParams;
  result: IMedianRunMsResult;
}

const medianRunMsIR: any = {"usedParamSet":{"sample":true},"params":[{"name":"sample","required":true,"transform":{"type":"scalar"},"locs":[{"a":310,"b":317}]}],"statement":"SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (completed_at - created_at)) * 1000)::float8 AS \"medianMs\"\nFROM (\n  SELECT completed_at, created_at FROM enrichment_jobs\n  WHERE status = 'completed' AND completed_at > created_at AND follows_job_id IS NULL\n  ORDER BY created_at DESC LIMIT :sample!\n) recent"};

/**
 * Query generated from SQL:
 * ```
 * SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (completed_at - created_at)) * 1000)::float8 AS "medianMs"
 * FROM (
 *   SELECT completed_at, created_at FROM enrichment_jobs
 *   WHERE status = 'completed' AND completed_at > created_at AND follows_job_id IS NULL
 *   ORDER BY created_at DESC LIMIT :sample!
 * ) recent
 * ```
 */
export const medianRunMs = new PreparedQuery<IMedianRunMsParams,IMedianRunMsResult>(medianRunMsIR);


