/** Types generated for queries found in "packages/jobs/src/job-store.sql" */
import { PreparedQuery } from '@enrich/db';

export type JobStatus = 'completed' | 'failed' | 'processing';

export type DateOrString = Date | string;

export type stringArray = (string)[];

/** 'MarkJobStarted' parameters type */
export interface IMarkJobStartedParams {
  jobId: string;
  now: DateOrString;
}

/** 'MarkJobStarted' return type */
export interface IMarkJobStartedResult {
  id: string;
}

/** 'MarkJobStarted' query type */
export interface IMarkJobStartedQuery {
  params: IMarkJobStartedParams;
  result: IMarkJobStartedResult;
}

const markJobStartedIR: any = {"usedParamSet":{"now":true,"jobId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":61,"b":65}]},{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":115,"b":121}]}],"statement":"UPDATE enrichment_jobs SET started_at = COALESCE(started_at, :now!::timestamp), attempts = attempts + 1\nWHERE id = :jobId!::uuid AND status = 'processing'\nRETURNING id                                                                                                                                                                                                                                                                         "};

/**
 * Query generated from SQL:
 * ```
 * UPDATE enrichment_jobs SET started_at = COALESCE(started_at, :now!::timestamp), attempts = attempts + 1
 * WHERE id = :jobId!::uuid AND status = 'processing'
 * RETURNING id                                                                                                                                                                                                                                                                         
 * ```
 */
export const markJobStarted = new PreparedQuery<IMarkJobStartedParams,IMarkJobStartedResult>(markJobStartedIR);


/** 'EndJob' parameters type */
export interface IEndJobParams {
  at: DateOrString;
  errorCode?: string | null | void;
  errorMessage?: string | null | void;
  jobId: string;
  status: JobStatus;
}

/** 'EndJob' return type */
export interface IEndJobResult {
  batchId: string | null;
  deliveries: stringArray;
  domain: string;
  endSeq: number | null;
}

/** 'EndJob' query type */
export interface IEndJobQuery {
  params: IEndJobParams;
  result: IEndJobResult;
}

const endJobIR: any = {"usedParamSet":{"jobId":true,"status":true,"at":true,"errorCode":true,"errorMessage":true},"params":[{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":74}]},{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":307,"b":314}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":345,"b":348}]},{"name":"errorCode","required":false,"transform":{"type":"scalar"},"locs":[{"a":379,"b":388}]},{"name":"errorMessage","required":false,"transform":{"type":"scalar"},"locs":[{"a":413,"b":425}]}],"statement":"WITH job AS (\n  SELECT id, batch_id FROM enrichment_jobs WHERE id = :jobId!::uuid AND status = 'processing' FOR UPDATE\n), numbered AS (\n  UPDATE batches b SET items_ended = b.items_ended + 1 FROM job WHERE b.id = job.batch_id RETURNING b.items_ended\n), subjects AS (\n  UPDATE enrichment_jobs j SET status = :status!::\"JobStatus\", completed_at = :at!::timestamp,\n    error_code = :errorCode::text, error_message = :errorMessage::text,\n    end_seq = (SELECT items_ended FROM numbered)\n  FROM job WHERE j.id = job.id\n  RETURNING j.team_id, j.id AS job_id, j.batch_id, j.webhook_url AS url, j.webhook_secret AS secret, j.domain, j.end_seq,\n    'job.' || j.status AS event\n), owed AS (\n  SELECT owe_webhook_deliveries(min(s.event), array_agg(s.team_id), array_agg(s.job_id), array_agg(s.batch_id),\n    array_agg(s.url), array_agg(s.secret), timezone('UTC', now())) AS id\n  FROM subjects s\n)\nSELECT s.batch_id AS \"batchId\", s.domain AS \"domain!\", s.end_seq AS \"endSeq\",\n  coalesce((SELECT array_agg(id) FROM owed), '{}')::text[] AS \"deliveries!\"\nFROM subjects s                                                                                                                                                                                           "};

/**
 * Query generated from SQL:
 * ```
 * WITH job AS (
 *   SELECT id, batch_id FROM enrichment_jobs WHERE id = :jobId!::uuid AND status = 'processing' FOR UPDATE
 * ), numbered AS (
 *   UPDATE batches b SET items_ended = b.items_ended + 1 FROM job WHERE b.id = job.batch_id RETURNING b.items_ended
 * ), subjects AS (
 *   UPDATE enrichment_jobs j SET status = :status!::"JobStatus", completed_at = :at!::timestamp,
 *     error_code = :errorCode::text, error_message = :errorMessage::text,
 *     end_seq = (SELECT items_ended FROM numbered)
 *   FROM job WHERE j.id = job.id
 *   RETURNING j.team_id, j.id AS job_id, j.batch_id, j.webhook_url AS url, j.webhook_secret AS secret, j.domain, j.end_seq,
 *     'job.' || j.status AS event
 * ), owed AS (
 *   SELECT owe_webhook_deliveries(min(s.event), array_agg(s.team_id), array_agg(s.job_id), array_agg(s.batch_id),
 *     array_agg(s.url), array_agg(s.secret), timezone('UTC', now())) AS id
 *   FROM subjects s
 * )
 * SELECT s.batch_id AS "batchId", s.domain AS "domain!", s.end_seq AS "endSeq",
 *   coalesce((SELECT array_agg(id) FROM owed), '{}')::text[] AS "deliveries!"
 * FROM subjects s                                                                                                                                                                                           
 * ```
 */
export const endJob = new PreparedQuery<IEndJobParams,IEndJobResult>(endJobIR);


/** 'BatchItemCounts' parameters type */
export interface IBatchItemCountsParams {
  batchId: string;
}

/** 'BatchItemCounts' return type */
export interface IBatchItemCountsResult {
  completed: number;
  failed: number;
  pending: number;
}

/** 'BatchItemCounts' query type */
export interface IBatchItemCountsQuery {
  params: IBatchItemCountsParams;
  result: IBatchItemCountsResult;
}

const batchItemCountsIR: any = {"usedParamSet":{"batchId":true},"params":[{"name":"batchId","required":true,"transform":{"type":"scalar"},"locs":[{"a":100,"b":108}]}],"statement":"SELECT completed AS \"completed!\", failed AS \"failed!\", pending AS \"pending!\" FROM batch_item_counts(:batchId!)                                                                                    "};

/**
 * Query generated from SQL:
 * ```
 * SELECT completed AS "completed!", failed AS "failed!", pending AS "pending!" FROM batch_item_counts(:batchId!)                                                                                    
 * ```
 */
export const batchItemCounts = new PreparedQuery<IBatchItemCountsParams,IBatchItemCountsResult>(batchItemCountsIR);


/** 'AddAiTokens' parameters type */
export interface IAddAiTokensParams {
  inputTokens: number;
  jobId: string;
  outputTokens: number;
}

/** 'AddAiTokens' return type */
export type IAddAiTokensResult = void;

/** 'AddAiTokens' query type */
export interface IAddAiTokensQuery {
  params: IAddAiTokensParams;
  result: IAddAiTokensResult;
}

const addAiTokensIR: any = {"usedParamSet":{"inputTokens":true,"outputTokens":true,"jobId":true},"params":[{"name":"inputTokens","required":true,"transform":{"type":"scalar"},"locs":[{"a":63,"b":75}]},{"name":"outputTokens","required":true,"transform":{"type":"scalar"},"locs":[{"a":123,"b":136}]},{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":154,"b":160}]}],"statement":"UPDATE enrichment_jobs SET ai_input_tokens = ai_input_tokens + :inputTokens!::int,\n  ai_output_tokens = ai_output_tokens + :outputTokens!::int\nWHERE id = :jobId!::uuid                                                                                                                                                               "};

/**
 * Query generated from SQL:
 * ```
 * UPDATE enrichment_jobs SET ai_input_tokens = ai_input_tokens + :inputTokens!::int,
 *   ai_output_tokens = ai_output_tokens + :outputTokens!::int
 * WHERE id = :jobId!::uuid                                                                                                                                                               
 * ```
 */
export const addAiTokens = new PreparedQuery<IAddAiTokensParams,IAddAiTokensResult>(addAiTokensIR);


/** 'SettleBatch' parameters type */
export interface ISettleBatchParams {
  batchId: string;
}

/** 'SettleBatch' return type */
export interface ISettleBatchResult {
  batchId: string;
  deliveries: stringArray;
}

/** 'SettleBatch' query type */
export interface ISettleBatchQuery {
  params: ISettleBatchParams;
  result: ISettleBatchResult;
}

const settleBatchIR: any = {"usedParamSet":{"batchId":true},"params":[{"name":"batchId","required":true,"transform":{"type":"scalar"},"locs":[{"a":95,"b":103}]}],"statement":"WITH subjects AS (\n  UPDATE batches b SET completed_at = timezone('UTC', now())\n  WHERE b.id = :batchId! AND b.completed_at IS NULL\n    AND NOT EXISTS (SELECT 1 FROM enrichment_jobs p WHERE p.batch_id = b.id AND p.status = 'processing')\n  RETURNING b.team_id, NULL::uuid AS job_id, b.id AS batch_id, b.webhook_url AS url, b.webhook_secret AS secret\n), owed AS (\n  SELECT owe_webhook_deliveries('batch.completed', array_agg(s.team_id), array_agg(s.job_id), array_agg(s.batch_id),\n    array_agg(s.url), array_agg(s.secret), timezone('UTC', now())) AS id\n  FROM subjects s\n)\nSELECT s.batch_id AS \"batchId!\", coalesce((SELECT array_agg(id) FROM owed), '{}')::text[] AS \"deliveries!\"\nFROM subjects s                                                                                        "};

/**
 * Query generated from SQL:
 * ```
 * WITH subjects AS (
 *   UPDATE batches b SET completed_at = timezone('UTC', now())
 *   WHERE b.id = :batchId! AND b.completed_at IS NULL
 *     AND NOT EXISTS (SELECT 1 FROM enrichment_jobs p WHERE p.batch_id = b.id AND p.status = 'processing')
 *   RETURNING b.team_id, NULL::uuid AS job_id, b.id AS batch_id, b.webhook_url AS url, b.webhook_secret AS secret
 * ), owed AS (
 *   SELECT owe_webhook_deliveries('batch.completed', array_agg(s.team_id), array_agg(s.job_id), array_agg(s.batch_id),
 *     array_agg(s.url), array_agg(s.secret), timezone('UTC', now())) AS id
 *   FROM subjects s
 * )
 * SELECT s.batch_id AS "batchId!", coalesce((SELECT array_agg(id) FROM owed), '{}')::text[] AS "deliveries!"
 * FROM subjects s                                                                                        
 * ```
 */
export const settleBatch = new PreparedQuery<ISettleBatchParams,ISettleBatchResult>(settleBatchIR);


/** 'CountRequeue' parameters type */
export interface ICountRequeueParams {
  jobId: string;
}

/** 'CountRequeue' return type */
export type ICountRequeueResult = void;

/** 'CountRequeue' query type */
export interface ICountRequeueQuery {
  params: ICountRequeueParams;
  result: ICountRequeueResult;
}

const countRequeueIR: any = {"usedParamSet":{"jobId":true},"params":[{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":62,"b":68}]}],"statement":"UPDATE enrichment_jobs SET requeues = requeues + 1 WHERE id = :jobId!::uuid"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE enrichment_jobs SET requeues = requeues + 1 WHERE id = :jobId!::uuid
 * ```
 */
export const countRequeue = new PreparedQuery<ICountRequeueParams,ICountRequeueResult>(countRequeueIR);


