/** Types generated for queries found in "packages/pipeline/src/monitors/record-changes.sql" */
import { PreparedQuery } from '@enrich/db';

export type MonitorState = 'active' | 'failing' | 'paused';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type stringArray = (string)[];

/** 'LockStoredCompany' parameters type */
export interface ILockStoredCompanyParams {
  domain: string;
}

/** 'LockStoredCompany' return type */
export interface ILockStoredCompanyResult {
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
}

/** 'LockStoredCompany' query type */
export interface ILockStoredCompanyQuery {
  params: ILockStoredCompanyParams;
  result: ILockStoredCompanyResult;
}

const lockStoredCompanyIR: any = {"usedParamSet":{"domain":true},"params":[{"name":"domain","required":true,"transform":{"type":"scalar"},"locs":[{"a":53,"b":60}]}],"statement":"SELECT c.* FROM company_records c WHERE c.c_domain = :domain! FOR UPDATE                                                                                                                                                                                                                                                                                                                                                                      "};

/**
 * Query generated from SQL:
 * ```
 * SELECT c.* FROM company_records c WHERE c.c_domain = :domain! FOR UPDATE                                                                                                                                                                                                                                                                                                                                                                      
 * ```
 */
export const lockStoredCompany = new PreparedQuery<ILockStoredCompanyParams,ILockStoredCompanyResult>(lockStoredCompanyIR);


/** 'RecordChanges' parameters type */
export interface IRecordChangesParams {
  changes: Json;
  domain: string;
  fields: stringArray;
  jobId: string;
  observedAt: DateOrString;
}

/** 'RecordChanges' return type */
export interface IRecordChangesResult {
  deliveries: stringArray;
}

/** 'RecordChanges' query type */
export interface IRecordChangesQuery {
  params: IRecordChangesParams;
  result: IRecordChangesResult;
}

const recordChangesIR: any = {"usedParamSet":{"domain":true,"observedAt":true,"jobId":true,"changes":true,"fields":true},"params":[{"name":"domain","required":true,"transform":{"type":"scalar"},"locs":[{"a":144,"b":151},{"a":534,"b":541},{"a":675,"b":682}]},{"name":"observedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":191,"b":202},{"a":455,"b":466},{"a":493,"b":504},{"a":718,"b":729}]},{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":272,"b":278},{"a":685,"b":691}]},{"name":"changes","required":true,"transform":{"type":"scalar"},"locs":[{"a":312,"b":320}]},{"name":"fields","required":true,"transform":{"type":"scalar"},"locs":[{"a":571,"b":578},{"a":700,"b":707}]}],"statement":"WITH changes AS (\n  INSERT INTO company_changes (id, domain, field, old_value, new_value, observed_at, sources, job_id)\n  SELECT new_id('chg'), :domain!, c.field, c.\"oldValue\", c.\"newValue\", :observedAt!::timestamp,\n    ARRAY(SELECT jsonb_array_elements_text(c.sources)), :jobId!::uuid\n  FROM jsonb_to_recordset(:changes!::jsonb) AS c(field text, \"oldValue\" jsonb, \"newValue\" jsonb, sources jsonb)\n), watching AS (\n  UPDATE monitors SET last_changed_at = :observedAt!::timestamp, updated_at = :observedAt!::timestamp\n  WHERE domain = :domain! AND monitor_watches(fields, :fields!::text[])\n)\nSELECT coalesce(array_agg(owed.id), '{}') AS \"deliveries!\"\nFROM owe_company_changed(:domain!, :jobId!::uuid, :fields!::text[], :observedAt!::timestamp) AS owed(id)                                                                                                                                                                                                                                                                    "};

/**
 * Query generated from SQL:
 * ```
 * WITH changes AS (
 *   INSERT INTO company_changes (id, domain, field, old_value, new_value, observed_at, sources, job_id)
 *   SELECT new_id('chg'), :domain!, c.field, c."oldValue", c."newValue", :observedAt!::timestamp,
 *     ARRAY(SELECT jsonb_array_elements_text(c.sources)), :jobId!::uuid
 *   FROM jsonb_to_recordset(:changes!::jsonb) AS c(field text, "oldValue" jsonb, "newValue" jsonb, sources jsonb)
 * ), watching AS (
 *   UPDATE monitors SET last_changed_at = :observedAt!::timestamp, updated_at = :observedAt!::timestamp
 *   WHERE domain = :domain! AND monitor_watches(fields, :fields!::text[])
 * )
 * SELECT coalesce(array_agg(owed.id), '{}') AS "deliveries!"
 * FROM owe_company_changed(:domain!, :jobId!::uuid, :fields!::text[], :observedAt!::timestamp) AS owed(id)                                                                                                                                                                                                                                                                    
 * ```
 */
export const recordChanges = new PreparedQuery<IRecordChangesParams,IRecordChangesResult>(recordChangesIR);


/** 'RecordCheckOutcome' parameters type */
export interface IRecordCheckOutcomeParams {
  at: DateOrString;
  errorCode?: string | null | void;
  errorMessage?: string | null | void;
  jobId: string;
}

/** 'RecordCheckOutcome' return type */
export interface IRecordCheckOutcomeResult {
  id: string;
  state: MonitorState;
}

/** 'RecordCheckOutcome' query type */
export interface IRecordCheckOutcomeQuery {
  params: IRecordCheckOutcomeParams;
  result: IRecordCheckOutcomeResult;
}

const recordCheckOutcomeIR: any = {"usedParamSet":{"at":true,"errorCode":true,"errorMessage":true,"jobId":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":40,"b":43},{"a":287,"b":290}]},{"name":"errorCode","required":false,"transform":{"type":"scalar"},"locs":[{"a":114,"b":123},{"a":210,"b":219}]},{"name":"errorMessage","required":false,"transform":{"type":"scalar"},"locs":[{"a":251,"b":263}]},{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":324,"b":330}]}],"statement":"UPDATE monitors SET\n  last_checked_at = :at!::timestamp,\n  state = (CASE WHEN state = 'paused' THEN 'paused' WHEN :errorCode::text IS NULL THEN 'active' ELSE 'failing' END)::\"MonitorState\",\n  last_error_code = :errorCode::text,\n  last_error_message = :errorMessage::text,\n  updated_at = :at!::timestamp\nWHERE check_job_id = :jobId!::uuid\nRETURNING id, state"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE monitors SET
 *   last_checked_at = :at!::timestamp,
 *   state = (CASE WHEN state = 'paused' THEN 'paused' WHEN :errorCode::text IS NULL THEN 'active' ELSE 'failing' END)::"MonitorState",
 *   last_error_code = :errorCode::text,
 *   last_error_message = :errorMessage::text,
 *   updated_at = :at!::timestamp
 * WHERE check_job_id = :jobId!::uuid
 * RETURNING id, state
 * ```
 */
export const recordCheckOutcome = new PreparedQuery<IRecordCheckOutcomeParams,IRecordCheckOutcomeResult>(recordCheckOutcomeIR);


