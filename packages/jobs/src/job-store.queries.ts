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
  started: boolean;
}

/** 'MarkJobStarted' query type */
export interface IMarkJobStartedQuery {
  params: IMarkJobStartedParams;
  result: IMarkJobStartedResult;
}

const markJobStartedIR: any = {"usedParamSet":{"jobId":true,"now":true},"params":[{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":24,"b":30}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":39,"b":43}]}],"statement":"SELECT mark_job_started(:jobId!::uuid, :now!::timestamp) AS \"started!\"                                                                                                                                                                                                                                                                                           "};

/**
 * Query generated from SQL:
 * ```
 * SELECT mark_job_started(:jobId!::uuid, :now!::timestamp) AS "started!"                                                                                                                                                                                                                                                                                           
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
  completed: number | null;
  deliveries: stringArray;
  domain: string;
  endSeq: number | null;
  failed: number | null;
  pending: number | null;
}

/** 'EndJob' query type */
export interface IEndJobQuery {
  params: IEndJobParams;
  result: IEndJobResult;
}

const endJobIR: any = {"usedParamSet":{"jobId":true,"status":true,"at":true,"errorCode":true,"errorMessage":true},"params":[{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":143,"b":149}]},{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":158,"b":165}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":181,"b":184}]},{"name":"errorCode","required":false,"transform":{"type":"scalar"},"locs":[{"a":198,"b":207}]},{"name":"errorMessage","required":false,"transform":{"type":"scalar"},"locs":[{"a":216,"b":228}]}],"statement":"SELECT batch_id AS \"batchId\", domain AS \"domain!\", end_seq AS \"endSeq\", deliveries AS \"deliveries!\",\n  completed, failed, pending\nFROM end_job(:jobId!::uuid, :status!::\"JobStatus\", :at!::timestamp, :errorCode::text, :errorMessage::text)                                                                                                                   "};

/**
 * Query generated from SQL:
 * ```
 * SELECT batch_id AS "batchId", domain AS "domain!", end_seq AS "endSeq", deliveries AS "deliveries!",
 *   completed, failed, pending
 * FROM end_job(:jobId!::uuid, :status!::"JobStatus", :at!::timestamp, :errorCode::text, :errorMessage::text)                                                                                                                   
 * ```
 */
export const endJob = new PreparedQuery<IEndJobParams,IEndJobResult>(endJobIR);


/** 'AddAiTokens' parameters type */
export interface IAddAiTokensParams {
  inputTokens: number;
  jobId: string;
  outputTokens: number;
}

/** 'AddAiTokens' return type */
export interface IAddAiTokensResult {
  spent: undefined | null;
}

/** 'AddAiTokens' query type */
export interface IAddAiTokensQuery {
  params: IAddAiTokensParams;
  result: IAddAiTokensResult;
}

const addAiTokensIR: any = {"usedParamSet":{"jobId":true,"inputTokens":true,"outputTokens":true},"params":[{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":21,"b":27}]},{"name":"inputTokens","required":true,"transform":{"type":"scalar"},"locs":[{"a":36,"b":48}]},{"name":"outputTokens","required":true,"transform":{"type":"scalar"},"locs":[{"a":56,"b":69}]}],"statement":"SELECT add_ai_tokens(:jobId!::uuid, :inputTokens!::int, :outputTokens!::int) AS \"spent\"                                                                                                                                                               "};

/**
 * Query generated from SQL:
 * ```
 * SELECT add_ai_tokens(:jobId!::uuid, :inputTokens!::int, :outputTokens!::int) AS "spent"                                                                                                                                                               
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


