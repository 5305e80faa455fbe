/** Types generated for queries found in "packages/pipeline/src/steps/start-step.sql" */
import { PreparedQuery } from '@enrich/db';

export type stringArray = (string)[];

/** 'ProcessingJobs' parameters type */
export interface IProcessingJobsParams {
  jobIds: stringArray;
}

/** 'ProcessingJobs' return type */
export interface IProcessingJobsResult {
  domain: string;
  id: string;
}

/** 'ProcessingJobs' query type */
export interface IProcessingJobsQuery {
  params: IProcessingJobsParams;
  result: IProcessingJobsResult;
}

const processingJobsIR: any = {"usedParamSet":{"jobIds":true},"params":[{"name":"jobIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":83}]}],"statement":"SELECT id AS \"id!\", domain AS \"domain!\"\nFROM enrichment_jobs\nWHERE id = ANY(:jobIds!::uuid[]) AND status = 'processing'"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id AS "id!", domain AS "domain!"
 * FROM enrichment_jobs
 * WHERE id = ANY(:jobIds!::uuid[]) AND status = 'processing'
 * ```
 */
export const processingJobs = new PreparedQuery<IProcessingJobsParams,IProcessingJobsResult>(processingJobsIR);


