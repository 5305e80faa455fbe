/** Types generated for queries found in "packages/pipeline/src/source-results.sql" */
import { PreparedQuery } from '@enrich/db';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** 'JobForStep' parameters type */
export interface IJobForStepParams {
  jobId: string;
}

/** 'JobForStep' return type */
export interface IJobForStepResult {
  createdAt: Date;
  domain: string;
  followsJobId: string | null;
  sources: Json;
  status: string;
  teamId: string;
}

/** 'JobForStep' query type */
export interface IJobForStepQuery {
  params: IJobForStepParams;
  result: IJobForStepResult;
}

const jobForStepIR: any = {"usedParamSet":{"jobId":true},"params":[{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":314,"b":320}]}],"statement":"SELECT j.status::text AS \"status!\", j.team_id AS \"teamId!\", j.domain AS \"domain!\",\n  j.follows_job_id AS \"followsJobId\", j.created_at AS \"createdAt!\",\n  coalesce((SELECT jsonb_object_agg(r.source, r.data) FROM source_results r WHERE r.job_id = j.id), '{}'::jsonb) AS \"sources!\"\nFROM enrichment_jobs j\nWHERE j.id = :jobId!::uuid"};

/**
 * Query generated from SQL:
 * ```
 * SELECT j.status::text AS "status!", j.team_id AS "teamId!", j.domain AS "domain!",
 *   j.follows_job_id AS "followsJobId", j.created_at AS "createdAt!",
 *   coalesce((SELECT jsonb_object_agg(r.source, r.data) FROM source_results r WHERE r.job_id = j.id), '{}'::jsonb) AS "sources!"
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

const saveSourceResultIR: any = {"usedParamSet":{"jobId":true,"source":true,"data":true},"params":[{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":70,"b":76}]},{"name":"source","required":true,"transform":{"type":"scalar"},"locs":[{"a":85,"b":92}]},{"name":"data","required":true,"transform":{"type":"scalar"},"locs":[{"a":101,"b":106}]}],"statement":"INSERT INTO source_results (job_id, source, data, fetched_at)\nVALUES (:jobId!::uuid, :source!::text, :data!::jsonb, timezone('UTC', now()))\nON CONFLICT (job_id, source) DO UPDATE SET data = EXCLUDED.data, fetched_at = EXCLUDED.fetched_at"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO source_results (job_id, source, data, fetched_at)
 * VALUES (:jobId!::uuid, :source!::text, :data!::jsonb, timezone('UTC', now()))
 * ON CONFLICT (job_id, source) DO UPDATE SET data = EXCLUDED.data, fetched_at = EXCLUDED.fetched_at
 * ```
 */
export const saveSourceResult = new PreparedQuery<ISaveSourceResultParams,ISaveSourceResultResult>(saveSourceResultIR);


