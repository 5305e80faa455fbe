/** Types generated for queries found in "packages/webhooks/src/webhook-reads.sql" */
import { PreparedQuery } from '@enrich/db';

export type DeliveryStatus = 'delivered' | 'failed' | 'pending';

export type JobStatus = 'completed' | 'failed' | 'processing';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type stringArray = (string)[];

/** 'LoadDelivery' parameters type */
export interface ILoadDeliveryParams {
  id: string;
}

/** 'LoadDelivery' return type */
export interface ILoadDeliveryResult {
  attempts: number;
  batchId: string | null;
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
  createdAt: Date;
  disabledReason: string | null;
  enabled: boolean | null;
  endpointId: string | null;
  eventType: string;
  fields: string | null;
  id: string;
  jobBatchId: string | null;
  jobCompletedAt: Date | null;
  jobCreatedAt: Date | null;
  jobDomain: string | null;
  jobErrorCode: string | null;
  jobErrorMessage: string | null;
  jobId: string | null;
  jobRowId: string | null;
  jobStatus: JobStatus | null;
  nextAttemptAt: Date;
  oneOffSecret: string | null;
  oneOffUrl: string | null;
  payload: string | null;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  roundStart: number;
  secret: string | null;
  status: DeliveryStatus;
  teamId: string;
  url: string | null;
}

/** 'LoadDelivery' query type */
export interface ILoadDeliveryQuery {
  params: ILoadDeliveryParams;
  result: ILoadDeliveryResult;
}

const loadDeliveryIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":1125,"b":1128}]}],"statement":"SELECT d.id, d.team_id AS \"teamId\", d.event_type AS \"eventType\", d.job_id AS \"jobId\", d.batch_id AS \"batchId\", d.created_at AS \"createdAt\",\n  d.status, d.payload, d.attempts, d.round_start AS \"roundStart\", d.next_attempt_at AS \"nextAttemptAt\",\n  d.endpoint_id AS \"endpointId\",\n  d.url AS \"oneOffUrl\", d.secret AS \"oneOffSecret\", e.url AS \"url?\", e.secret AS \"secret?\", e.previous_secret AS \"previousSecret\",\n  e.previous_secret_expires_at AS \"previousSecretExpiresAt\", e.fields, e.enabled AS \"enabled?\", e.disabled_reason AS \"disabledReason\",\n  j.id AS \"jobRowId?\", j.batch_id AS \"jobBatchId\", j.status AS \"jobStatus?\", j.domain AS \"jobDomain?\",\n  j.created_at AS \"jobCreatedAt?\", j.completed_at AS \"jobCompletedAt\", j.error_code AS \"jobErrorCode\",\n  j.error_message AS \"jobErrorMessage\", c.*\nFROM webhook_deliveries d\nLEFT JOIN webhook_endpoints e ON e.id = d.endpoint_id\nLEFT JOIN LATERAL (SELECT * FROM enrichment_jobs j WHERE d.payload IS NULL AND j.id = d.job_id LIMIT 1) j ON true\nLEFT JOIN LATERAL (SELECT * FROM company_records c WHERE j.status = 'completed' AND c.c_domain = j.domain LIMIT 1) c ON true\nWHERE d.id = :id!                                                                                    "};

/**
 * Query generated from SQL:
 * ```
 * SELECT d.id, d.team_id AS "teamId", d.event_type AS "eventType", d.job_id AS "jobId", d.batch_id AS "batchId", d.created_at AS "createdAt",
 *   d.status, d.payload, d.attempts, d.round_start AS "roundStart", d.next_attempt_at AS "nextAttemptAt",
 *   d.endpoint_id AS "endpointId",
 *   d.url AS "oneOffUrl", d.secret AS "oneOffSecret", e.url AS "url?", e.secret AS "secret?", e.previous_secret AS "previousSecret",
 *   e.previous_secret_expires_at AS "previousSecretExpiresAt", e.fields, e.enabled AS "enabled?", e.disabled_reason AS "disabledReason",
 *   j.id AS "jobRowId?", j.batch_id AS "jobBatchId", j.status AS "jobStatus?", j.domain AS "jobDomain?",
 *   j.created_at AS "jobCreatedAt?", j.completed_at AS "jobCompletedAt", j.error_code AS "jobErrorCode",
 *   j.error_message AS "jobErrorMessage", c.*
 * FROM webhook_deliveries d
 * LEFT JOIN webhook_endpoints e ON e.id = d.endpoint_id
 * LEFT JOIN LATERAL (SELECT * FROM enrichment_jobs j WHERE d.payload IS NULL AND j.id = d.job_id LIMIT 1) j ON true
 * LEFT JOIN LATERAL (SELECT * FROM company_records c WHERE j.status = 'completed' AND c.c_domain = j.domain LIMIT 1) c ON true
 * WHERE d.id = :id!                                                                                    
 * ```
 */
export const loadDelivery = new PreparedQuery<ILoadDeliveryParams,ILoadDeliveryResult>(loadDeliveryIR);


/** 'WebhookJob' parameters type */
export interface IWebhookJobParams {
  jobId: string;
}

/** 'WebhookJob' return type */
export interface IWebhookJobResult {
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
  jobBatchId: string | null;
  jobCompletedAt: Date | null;
  jobCreatedAt: Date;
  jobDomain: string;
  jobErrorCode: string | null;
  jobErrorMessage: string | null;
  jobRowId: string;
  jobStatus: JobStatus;
}

/** 'WebhookJob' query type */
export interface IWebhookJobQuery {
  params: IWebhookJobParams;
  result: IWebhookJobResult;
}

const webhookJobIR: any = {"usedParamSet":{"jobId":true},"params":[{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":412,"b":418}]}],"statement":"SELECT j.id AS \"jobRowId\", j.batch_id AS \"jobBatchId\", j.status AS \"jobStatus\", j.domain AS \"jobDomain\",\n  j.created_at AS \"jobCreatedAt\", j.completed_at AS \"jobCompletedAt\", j.error_code AS \"jobErrorCode\",\n  j.error_message AS \"jobErrorMessage\", c.*\nFROM enrichment_jobs j\nLEFT JOIN LATERAL (SELECT * FROM company_records c WHERE j.status = 'completed' AND c.c_domain = j.domain LIMIT 1) c ON true\nWHERE j.id = :jobId!                                                                                                                                                                               "};

/**
 * Query generated from SQL:
 * ```
 * SELECT j.id AS "jobRowId", j.batch_id AS "jobBatchId", j.status AS "jobStatus", j.domain AS "jobDomain",
 *   j.created_at AS "jobCreatedAt", j.completed_at AS "jobCompletedAt", j.error_code AS "jobErrorCode",
 *   j.error_message AS "jobErrorMessage", c.*
 * FROM enrichment_jobs j
 * LEFT JOIN LATERAL (SELECT * FROM company_records c WHERE j.status = 'completed' AND c.c_domain = j.domain LIMIT 1) c ON true
 * WHERE j.id = :jobId!                                                                                                                                                                               
 * ```
 */
export const webhookJob = new PreparedQuery<IWebhookJobParams,IWebhookJobResult>(webhookJobIR);


/** 'WebhookBatch' parameters type */
export interface IWebhookBatchParams {
  batchId: string;
}

/** 'WebhookBatch' return type */
export interface IWebhookBatchResult {
  completed: number;
  completedAt: Date | null;
  createdAt: Date;
  duplicateEntries: number;
  entriesReceived: number;
  failed: number;
  id: string;
  invalid: Json;
  lastEnd: Date | null;
  pending: number;
}

/** 'WebhookBatch' query type */
export interface IWebhookBatchQuery {
  params: IWebhookBatchParams;
  result: IWebhookBatchResult;
}

const webhookBatchIR: any = {"usedParamSet":{"batchId":true},"params":[{"name":"batchId","required":true,"transform":{"type":"scalar"},"locs":[{"a":347,"b":355},{"a":438,"b":446}]}],"statement":"SELECT b.id, b.entries_received AS \"entriesReceived\", b.duplicate_entries AS \"duplicateEntries\", b.invalid_entries AS invalid,\n  counts.completed AS \"completed!\", counts.failed AS \"failed!\", counts.pending AS \"pending!\",\n  b.created_at AS \"createdAt\", b.completed_at AS \"completedAt\", ended.last_end AS \"lastEnd\"\nFROM batches b, batch_item_counts(:batchId!) counts, batch_last_end(b.id, counts.pending, b.completed_at) ended\nWHERE b.id = :batchId!                                                                                                                                                                                                       "};

/**
 * Query generated from SQL:
 * ```
 * SELECT b.id, b.entries_received AS "entriesReceived", b.duplicate_entries AS "duplicateEntries", b.invalid_entries AS invalid,
 *   counts.completed AS "completed!", counts.failed AS "failed!", counts.pending AS "pending!",
 *   b.created_at AS "createdAt", b.completed_at AS "completedAt", ended.last_end AS "lastEnd"
 * FROM batches b, batch_item_counts(:batchId!) counts, batch_last_end(b.id, counts.pending, b.completed_at) ended
 * WHERE b.id = :batchId!                                                                                                                                                                                                       
 * ```
 */
export const webhookBatch = new PreparedQuery<IWebhookBatchParams,IWebhookBatchResult>(webhookBatchIR);


/** 'WebhookChanges' parameters type */
export interface IWebhookChangesParams {
  jobId: string;
  teamId: string;
}

/** 'WebhookChanges' return type */
export interface IWebhookChangesResult {
  field: string;
  newValue: Json | null;
  observedAt: Date;
  oldValue: Json | null;
  sources: stringArray;
}

/** 'WebhookChanges' query type */
export interface IWebhookChangesQuery {
  params: IWebhookChangesParams;
  result: IWebhookChangesResult;
}

const webhookChangesIR: any = {"usedParamSet":{"teamId":true,"jobId":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":176,"b":183}]},{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":228,"b":234}]}],"statement":"SELECT ch.field, ch.old_value AS \"oldValue\", ch.new_value AS \"newValue\", ch.observed_at AS \"observedAt\", ch.sources\nFROM company_changes ch\nLEFT JOIN monitors m ON m.team_id = :teamId! AND m.domain = ch.domain\nWHERE ch.job_id = :jobId!::uuid AND monitor_watches(coalesce(m.fields, '{}'), ARRAY[ch.field])\nORDER BY ch.id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT ch.field, ch.old_value AS "oldValue", ch.new_value AS "newValue", ch.observed_at AS "observedAt", ch.sources
 * FROM company_changes ch
 * LEFT JOIN monitors m ON m.team_id = :teamId! AND m.domain = ch.domain
 * WHERE ch.job_id = :jobId!::uuid AND monitor_watches(coalesce(m.fields, '{}'), ARRAY[ch.field])
 * ORDER BY ch.id
 * ```
 */
export const webhookChanges = new PreparedQuery<IWebhookChangesParams,IWebhookChangesResult>(webhookChangesIR);


