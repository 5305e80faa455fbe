/** Types generated for queries found in "packages/pipeline/src/reconciler.sql" */
import { PreparedQuery } from '@enrich/db';

export type DateOrString = Date | string;

/** 'StaleJobs' parameters type */
export interface IStaleJobsParams {
  createdBefore: DateOrString;
  limit: number;
}

/** 'StaleJobs' return type */
export interface IStaleJobsResult {
  domain: string;
  id: string;
}

/** 'StaleJobs' query type */
export interface IStaleJobsQuery {
  params: IStaleJobsParams;
  result: IStaleJobsResult;
}

const staleJobsIR: any = {"usedParamSet":{"createdBefore":true,"limit":true},"params":[{"name":"createdBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":106,"b":120}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":159,"b":165}]}],"statement":"SELECT id AS \"id!\", domain AS \"domain!\"\nFROM enrichment_jobs\nWHERE status = 'processing' AND created_at < :createdBefore!::timestamp\nORDER BY created_at\nLIMIT :limit!::int"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id AS "id!", domain AS "domain!"
 * FROM enrichment_jobs
 * WHERE status = 'processing' AND created_at < :createdBefore!::timestamp
 * ORDER BY created_at
 * LIMIT :limit!::int
 * ```
 */
export const staleJobs = new PreparedQuery<IStaleJobsParams,IStaleJobsResult>(staleJobsIR);


