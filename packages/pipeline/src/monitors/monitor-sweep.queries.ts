/** Types generated for queries found in "packages/pipeline/src/monitors/monitor-sweep.sql" */
import { PreparedQuery } from '@enrich/db';

export type MonitorInterval = 'daily' | 'monthly' | 'weekly';

export type Plan = 'enterprise' | 'free' | 'growth' | 'starter';

export type DateOrString = Date | string;

export type DateOrStringArray = (DateOrString)[];

export type NumberOrString = number | string;

export type booleanArray = (boolean)[];

export type stringArray = (string)[];

/** 'ResumeQuotaPaused' parameters type */
export interface IResumeQuotaPausedParams {
  monthStart: DateOrString;
  now: DateOrString;
}

/** 'ResumeQuotaPaused' return type */
export interface IResumeQuotaPausedResult {
  id: string;
}

/** 'ResumeQuotaPaused' query type */
export interface IResumeQuotaPausedQuery {
  params: IResumeQuotaPausedParams;
  result: IResumeQuotaPausedResult;
}

const resumeQuotaPausedIR: any = {"usedParamSet":{"now":true,"monthStart":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":91,"b":95}]},{"name":"monthStart","required":true,"transform":{"type":"scalar"},"locs":[{"a":154,"b":165}]}],"statement":"UPDATE monitors SET state = 'active', paused_reason = NULL, paused_at = NULL, updated_at = :now!::timestamp\nWHERE paused_reason = 'quota' AND paused_at < :monthStart!::timestamp\nRETURNING id                                                          "};

/**
 * Query generated from SQL:
 * ```
 * UPDATE monitors SET state = 'active', paused_reason = NULL, paused_at = NULL, updated_at = :now!::timestamp
 * WHERE paused_reason = 'quota' AND paused_at < :monthStart!::timestamp
 * RETURNING id                                                          
 * ```
 */
export const resumeQuotaPaused = new PreparedQuery<IResumeQuotaPausedParams,IResumeQuotaPausedResult>(resumeQuotaPausedIR);


/** 'CountDueMonitors' parameters type */
export interface ICountDueMonitorsParams {
  now: DateOrString;
}

/** 'CountDueMonitors' return type */
export interface ICountDueMonitorsResult {
  due: number;
}

/** 'CountDueMonitors' query type */
export interface ICountDueMonitorsQuery {
  params: ICountDueMonitorsParams;
  result: ICountDueMonitorsResult;
}

const countDueMonitorsIR: any = {"usedParamSet":{"now":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":90,"b":94}]}],"statement":"SELECT count(*)::int AS \"due!\" FROM monitors WHERE state <> 'paused' AND next_check_at <= :now!::timestamp                                                                                                             "};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::int AS "due!" FROM monitors WHERE state <> 'paused' AND next_check_at <= :now!::timestamp                                                                                                             
 * ```
 */
export const countDueMonitors = new PreparedQuery<ICountDueMonitorsParams,ICountDueMonitorsResult>(countDueMonitorsIR);


/** 'ClaimDueMonitors' parameters type */
export interface IClaimDueMonitorsParams {
  limit: NumberOrString;
  now: DateOrString;
}

/** 'ClaimDueMonitors' return type */
export interface IClaimDueMonitorsResult {
  domain: string;
  id: string;
  interval: MonitorInterval;
  monthlyQuota: number | null;
  nextCheckAt: Date;
  phase: number;
  plan: Plan;
  teamId: string;
}

/** 'ClaimDueMonitors' query type */
export interface IClaimDueMonitorsQuery {
  params: IClaimDueMonitorsParams;
  result: IClaimDueMonitorsResult;
}

const claimDueMonitorsIR: any = {"usedParamSet":{"now":true,"limit":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":243,"b":247}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":291,"b":297}]}],"statement":"SELECT m.id, m.team_id AS \"teamId\", m.domain, m.interval, m.phase, m.next_check_at AS \"nextCheckAt\",\n  t.plan, t.monthly_quota AS \"monthlyQuota\"\nFROM monitors m JOIN teams t ON t.id = m.team_id\nWHERE m.state <> 'paused' AND m.next_check_at <= :now!::timestamp\nORDER BY m.next_check_at\nLIMIT :limit!\nFOR UPDATE OF m SKIP LOCKED                                                                                                                                                                                       "};

/**
 * Query generated from SQL:
 * ```
 * SELECT m.id, m.team_id AS "teamId", m.domain, m.interval, m.phase, m.next_check_at AS "nextCheckAt",
 *   t.plan, t.monthly_quota AS "monthlyQuota"
 * FROM monitors m JOIN teams t ON t.id = m.team_id
 * WHERE m.state <> 'paused' AND m.next_check_at <= :now!::timestamp
 * ORDER BY m.next_check_at
 * LIMIT :limit!
 * FOR UPDATE OF m SKIP LOCKED                                                                                                                                                                                       
 * ```
 */
export const claimDueMonitors = new PreparedQuery<IClaimDueMonitorsParams,IClaimDueMonitorsResult>(claimDueMonitorsIR);


/** 'ScheduleChecks' parameters type */
export interface IScheduleChecksParams {
  fresh: booleanArray;
  ids: stringArray;
  jobIds: stringArray;
  nextChecks: DateOrStringArray;
  now: DateOrString;
}

/** 'ScheduleChecks' return type */
export type IScheduleChecksResult = void;

/** 'ScheduleChecks' query type */
export interface IScheduleChecksQuery {
  params: IScheduleChecksParams;
  result: IScheduleChecksResult;
}

const scheduleChecksIR: any = {"usedParamSet":{"now":true,"ids":true,"jobIds":true,"nextChecks":true,"fresh":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":127,"b":131},{"a":429,"b":433}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":458,"b":462}]},{"name":"jobIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":473,"b":480}]},{"name":"nextChecks","required":true,"transform":{"type":"scalar"},"locs":[{"a":491,"b":502}]},{"name":"fresh","required":true,"transform":{"type":"scalar"},"locs":[{"a":518,"b":524}]}],"statement":"UPDATE monitors m SET\n  check_job_id = s.job_id,\n  next_check_at = s.next_check_at,\n  last_checked_at = CASE WHEN s.fresh THEN :now!::timestamp ELSE m.last_checked_at END,\n  state = (CASE WHEN s.fresh THEN 'active' ELSE m.state::text END)::\"MonitorState\",\n  last_error_code = CASE WHEN s.fresh THEN NULL ELSE m.last_error_code END,\n  last_error_message = CASE WHEN s.fresh THEN NULL ELSE m.last_error_message END,\n  updated_at = :now!::timestamp\nFROM unnest(:ids!::text[], :jobIds!::uuid[], :nextChecks!::timestamp[], :fresh!::bool[]) AS s(id, job_id, next_check_at, fresh)\nWHERE m.id = s.id                                                                                   "};

/**
 * Query generated from SQL:
 * ```
 * UPDATE monitors m SET
 *   check_job_id = s.job_id,
 *   next_check_at = s.next_check_at,
 *   last_checked_at = CASE WHEN s.fresh THEN :now!::timestamp ELSE m.last_checked_at END,
 *   state = (CASE WHEN s.fresh THEN 'active' ELSE m.state::text END)::"MonitorState",
 *   last_error_code = CASE WHEN s.fresh THEN NULL ELSE m.last_error_code END,
 *   last_error_message = CASE WHEN s.fresh THEN NULL ELSE m.last_error_message END,
 *   updated_at = :now!::timestamp
 * FROM unnest(:ids!::text[], :jobIds!::uuid[], :nextChecks!::timestamp[], :fresh!::bool[]) AS s(id, job_id, next_check_at, fresh)
 * WHERE m.id = s.id                                                                                   
 * ```
 */
export const scheduleChecks = new PreparedQuery<IScheduleChecksParams,IScheduleChecksResult>(scheduleChecksIR);


/** 'PauseForQuota' parameters type */
export interface IPauseForQuotaParams {
  ids: stringArray;
  message: string;
  now: DateOrString;
}

/** 'PauseForQuota' return type */
export type IPauseForQuotaResult = void;

/** 'PauseForQuota' query type */
export interface IPauseForQuotaQuery {
  params: IPauseForQuotaParams;
  result: IPauseForQuotaResult;
}

const pauseForQuotaIR: any = {"usedParamSet":{"now":true,"message":true,"ids":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":79},{"a":176,"b":180}]},{"name":"message","required":true,"transform":{"type":"scalar"},"locs":[{"a":152,"b":160}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":208,"b":212}]}],"statement":"UPDATE monitors SET state = 'paused', paused_reason = 'quota', paused_at = :now!::timestamp,\n  last_error_code = 'QUOTA_EXCEEDED', last_error_message = :message!, updated_at = :now!::timestamp\nWHERE id = ANY(:ids!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE monitors SET state = 'paused', paused_reason = 'quota', paused_at = :now!::timestamp,
 *   last_error_code = 'QUOTA_EXCEEDED', last_error_message = :message!, updated_at = :now!::timestamp
 * WHERE id = ANY(:ids!::text[])
 * ```
 */
export const pauseForQuota = new PreparedQuery<IPauseForQuotaParams,IPauseForQuotaResult>(pauseForQuotaIR);


