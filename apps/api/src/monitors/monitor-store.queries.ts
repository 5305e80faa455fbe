/** Types generated for queries found in "apps/api/src/monitors/monitor-store.sql" */
import { PreparedQuery } from '@enrich/db';

export type MonitorInterval = 'daily' | 'monthly' | 'weekly';

export type MonitorState = 'active' | 'failing' | 'paused';

export type DateOrString = Date | string;

export type DateOrStringArray = (DateOrString)[];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'NextPhaseNumbers' parameters type */
export interface INextPhaseNumbersParams {
  count: number;
}

/** 'NextPhaseNumbers' return type */
export interface INextPhaseNumbersResult {
  n: number;
}

/** 'NextPhaseNumbers' query type */
export interface INextPhaseNumbersQuery {
  params: INextPhaseNumbersParams;
  result: INextPhaseNumbersResult;
}

const nextPhaseNumbersIR: any = {"usedParamSet":{"count":true},"params":[{"name":"count","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":82}]}],"statement":"SELECT nextval('monitor_phase_seq')::float8 AS \"n!\" FROM generate_series(1, :count!::int)                                                                                                                                                                                                                                                                                                                                                     "};

/**
 * Query generated from SQL:
 * ```
 * SELECT nextval('monitor_phase_seq')::float8 AS "n!" FROM generate_series(1, :count!::int)                                                                                                                                                                                                                                                                                                                                                     
 * ```
 */
export const nextPhaseNumbers = new PreparedQuery<INextPhaseNumbersParams,INextPhaseNumbersResult>(nextPhaseNumbersIR);


/** 'CreateMonitors' parameters type */
export interface ICreateMonitorsParams {
  domains: stringArray;
  fields: stringArray;
  ids: stringArray;
  interval: MonitorInterval;
  maxMonitors: number;
  nextChecks: DateOrStringArray;
  now: DateOrString;
  phases: numberArray;
  teamId: string;
}

/** 'CreateMonitors' return type */
export interface ICreateMonitorsResult {
  check_job_id: string | null;
  created_at: Date;
  domain: string;
  fields: stringArray;
  id: string;
  interval: MonitorInterval;
  last_changed_at: Date | null;
  last_checked_at: Date | null;
  last_error_code: string | null;
  last_error_message: string | null;
  next_check_at: Date;
  paused_at: Date | null;
  paused_reason: string | null;
  phase: number;
  state: MonitorState;
  team_id: string;
  updated_at: Date;
}

/** 'CreateMonitors' query type */
export interface ICreateMonitorsQuery {
  params: ICreateMonitorsParams;
  result: ICreateMonitorsResult;
}

const createMonitorsIR: any = {"usedParamSet":{"teamId":true,"ids":true,"domains":true,"phases":true,"nextChecks":true,"maxMonitors":true,"interval":true,"fields":true,"now":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":49,"b":56},{"a":415,"b":422},{"a":678,"b":685}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":202,"b":206}]},{"name":"domains","required":true,"transform":{"type":"scalar"},"locs":[{"a":217,"b":225}]},{"name":"phases","required":true,"transform":{"type":"scalar"},"locs":[{"a":236,"b":243}]},{"name":"nextChecks","required":true,"transform":{"type":"scalar"},"locs":[{"a":256,"b":267}]},{"name":"maxMonitors","required":true,"transform":{"type":"scalar"},"locs":[{"a":531,"b":543}]},{"name":"interval","required":true,"transform":{"type":"scalar"},"locs":[{"a":698,"b":707}]},{"name":"fields","required":true,"transform":{"type":"scalar"},"locs":[{"a":729,"b":736}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":773,"b":777},{"a":791,"b":795}]}],"statement":"WITH team AS (\n  SELECT id FROM teams WHERE id = :teamId! FOR UPDATE\n), existing AS (\n  SELECT count(*)::int AS n FROM monitors m, team WHERE m.team_id = team.id\n), wanted AS (\n  SELECT s.* FROM unnest(:ids!::text[], :domains!::text[], :phases!::float8[], :nextChecks!::timestamp[])\n    WITH ORDINALITY AS s(id, domain, phase, next_check_at, position)\n  WHERE NOT EXISTS (SELECT 1 FROM monitors m WHERE m.team_id = :teamId! AND m.domain = s.domain)\n), fits AS (\n  SELECT (SELECT n FROM existing) + (SELECT count(*) FROM wanted) <= :maxMonitors!::int AS ok\n)\nINSERT INTO monitors (id, team_id, domain, interval, fields, phase, next_check_at, created_at, updated_at)\nSELECT w.id, :teamId!, w.domain, :interval!::\"MonitorInterval\", :fields!::text[], w.phase, w.next_check_at, :now!::timestamp, :now!::timestamp\nFROM wanted w WHERE (SELECT ok FROM fits)\nORDER BY w.position\nON CONFLICT (team_id, domain) DO NOTHING\nRETURNING *                                     "};

/**
 * Query generated from SQL:
 * ```
 * WITH team AS (
 *   SELECT id FROM teams WHERE id = :teamId! FOR UPDATE
 * ), existing AS (
 *   SELECT count(*)::int AS n FROM monitors m, team WHERE m.team_id = team.id
 * ), wanted AS (
 *   SELECT s.* FROM unnest(:ids!::text[], :domains!::text[], :phases!::float8[], :nextChecks!::timestamp[])
 *     WITH ORDINALITY AS s(id, domain, phase, next_check_at, position)
 *   WHERE NOT EXISTS (SELECT 1 FROM monitors m WHERE m.team_id = :teamId! AND m.domain = s.domain)
 * ), fits AS (
 *   SELECT (SELECT n FROM existing) + (SELECT count(*) FROM wanted) <= :maxMonitors!::int AS ok
 * )
 * INSERT INTO monitors (id, team_id, domain, interval, fields, phase, next_check_at, created_at, updated_at)
 * SELECT w.id, :teamId!, w.domain, :interval!::"MonitorInterval", :fields!::text[], w.phase, w.next_check_at, :now!::timestamp, :now!::timestamp
 * FROM wanted w WHERE (SELECT ok FROM fits)
 * ORDER BY w.position
 * ON CONFLICT (team_id, domain) DO NOTHING
 * RETURNING *                                     
 * ```
 */
export const createMonitors = new PreparedQuery<ICreateMonitorsParams,ICreateMonitorsResult>(createMonitorsIR);


/** 'CountTeamMonitors' parameters type */
export interface ICountTeamMonitorsParams {
  teamId: string;
}

/** 'CountTeamMonitors' return type */
export interface ICountTeamMonitorsResult {
  n: number;
}

/** 'CountTeamMonitors' query type */
export interface ICountTeamMonitorsQuery {
  params: ICountTeamMonitorsParams;
  result: ICountTeamMonitorsResult;
}

const countTeamMonitorsIR: any = {"usedParamSet":{"teamId":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":59,"b":66}]}],"statement":"SELECT count(*)::int AS \"n!\" FROM monitors WHERE team_id = :teamId!                                           "};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::int AS "n!" FROM monitors WHERE team_id = :teamId!                                           
 * ```
 */
export const countTeamMonitors = new PreparedQuery<ICountTeamMonitorsParams,ICountTeamMonitorsResult>(countTeamMonitorsIR);


/** 'MonitorsOfDomains' parameters type */
export interface IMonitorsOfDomainsParams {
  domains: stringArray;
  teamId: string;
}

/** 'MonitorsOfDomains' return type */
export interface IMonitorsOfDomainsResult {
  domain: string;
  id: string;
}

/** 'MonitorsOfDomains' query type */
export interface IMonitorsOfDomainsQuery {
  params: IMonitorsOfDomainsParams;
  result: IMonitorsOfDomainsResult;
}

const monitorsOfDomainsIR: any = {"usedParamSet":{"teamId":true,"domains":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":48,"b":55}]},{"name":"domains","required":true,"transform":{"type":"scalar"},"locs":[{"a":74,"b":82}]}],"statement":"SELECT id, domain FROM monitors WHERE team_id = :teamId! AND domain = ANY(:domains!::text[])                                                                                                                                                "};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, domain FROM monitors WHERE team_id = :teamId! AND domain = ANY(:domains!::text[])                                                                                                                                                
 * ```
 */
export const monitorsOfDomains = new PreparedQuery<IMonitorsOfDomainsParams,IMonitorsOfDomainsResult>(monitorsOfDomainsIR);


/** 'ListMonitors' parameters type */
export interface IListMonitorsParams {
  cursorAt?: DateOrString | null | void;
  cursorId?: string | null | void;
  domain?: string | null | void;
  limit: NumberOrString;
  state?: string | null | void;
  teamId: string;
}

/** 'ListMonitors' return type */
export interface IListMonitorsResult {
  check_job_id: string | null;
  created_at: Date;
  domain: string;
  fields: stringArray;
  id: string;
  interval: MonitorInterval;
  last_changed_at: Date | null;
  last_checked_at: Date | null;
  last_error_code: string | null;
  last_error_message: string | null;
  next_check_at: Date;
  paused_at: Date | null;
  paused_reason: string | null;
  phase: number;
  state: MonitorState;
  team_id: string;
  updated_at: Date;
}

/** 'ListMonitors' query type */
export interface IListMonitorsQuery {
  params: IListMonitorsParams;
  result: IListMonitorsResult;
}

const listMonitorsIR: any = {"usedParamSet":{"teamId":true,"domain":true,"state":true,"cursorAt":true,"cursorId":true,"limit":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":39,"b":46}]},{"name":"domain","required":false,"transform":{"type":"scalar"},"locs":[{"a":55,"b":61},{"a":89,"b":95}]},{"name":"state","required":false,"transform":{"type":"scalar"},"locs":[{"a":111,"b":116},{"a":149,"b":154}]},{"name":"cursorAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":170,"b":178},{"a":222,"b":230}]},{"name":"cursorId","required":false,"transform":{"type":"scalar"},"locs":[{"a":244,"b":252}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":302,"b":308}]}],"statement":"SELECT * FROM monitors\nWHERE team_id = :teamId!\n  AND (:domain::text IS NULL OR domain = :domain::text)\n  AND (:state::text IS NULL OR state::text = :state::text)\n  AND (:cursorAt::timestamp IS NULL OR (created_at, id) < (:cursorAt::timestamp, :cursorId::text))\nORDER BY created_at DESC, id DESC\nLIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT * FROM monitors
 * WHERE team_id = :teamId!
 *   AND (:domain::text IS NULL OR domain = :domain::text)
 *   AND (:state::text IS NULL OR state::text = :state::text)
 *   AND (:cursorAt::timestamp IS NULL OR (created_at, id) < (:cursorAt::timestamp, :cursorId::text))
 * ORDER BY created_at DESC, id DESC
 * LIMIT :limit!
 * ```
 */
export const listMonitors = new PreparedQuery<IListMonitorsParams,IListMonitorsResult>(listMonitorsIR);


/** 'GetMonitor' parameters type */
export interface IGetMonitorParams {
  id: string;
  teamId: string;
}

/** 'GetMonitor' return type */
export interface IGetMonitorResult {
  check_job_id: string | null;
  created_at: Date;
  domain: string;
  fields: stringArray;
  id: string;
  interval: MonitorInterval;
  last_changed_at: Date | null;
  last_checked_at: Date | null;
  last_error_code: string | null;
  last_error_message: string | null;
  next_check_at: Date;
  paused_at: Date | null;
  paused_reason: string | null;
  phase: number;
  state: MonitorState;
  team_id: string;
  updated_at: Date;
}

/** 'GetMonitor' query type */
export interface IGetMonitorQuery {
  params: IGetMonitorParams;
  result: IGetMonitorResult;
}

const getMonitorIR: any = {"usedParamSet":{"teamId":true,"id":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":39,"b":46}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":57,"b":60}]}],"statement":"SELECT * FROM monitors WHERE team_id = :teamId! AND id = :id!                                                                                                                                                                                                                                                                      "};

/**
 * Query generated from SQL:
 * ```
 * SELECT * FROM monitors WHERE team_id = :teamId! AND id = :id!                                                                                                                                                                                                                                                                      
 * ```
 */
export const getMonitor = new PreparedQuery<IGetMonitorParams,IGetMonitorResult>(getMonitorIR);


/** 'UpdateMonitor' parameters type */
export interface IUpdateMonitorParams {
  fields?: stringArray | null | void;
  id: string;
  interval?: MonitorInterval | null | void;
  nextCheckAt?: DateOrString | null | void;
  now: DateOrString;
  paused?: boolean | null | void;
  teamId: string;
}

/** 'UpdateMonitor' return type */
export interface IUpdateMonitorResult {
  check_job_id: string | null;
  created_at: Date;
  domain: string;
  fields: stringArray;
  id: string;
  interval: MonitorInterval;
  last_changed_at: Date | null;
  last_checked_at: Date | null;
  last_error_code: string | null;
  last_error_message: string | null;
  next_check_at: Date;
  paused_at: Date | null;
  paused_reason: string | null;
  phase: number;
  state: MonitorState;
  team_id: string;
  updated_at: Date;
}

/** 'UpdateMonitor' query type */
export interface IUpdateMonitorQuery {
  params: IUpdateMonitorParams;
  result: IUpdateMonitorResult;
}

const updateMonitorIR: any = {"usedParamSet":{"interval":true,"nextCheckAt":true,"fields":true,"paused":true,"now":true,"teamId":true,"id":true},"params":[{"name":"interval","required":false,"transform":{"type":"scalar"},"locs":[{"a":42,"b":50}]},{"name":"nextCheckAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":110,"b":121}]},{"name":"fields","required":false,"transform":{"type":"scalar"},"locs":[{"a":171,"b":177}]},{"name":"paused","required":false,"transform":{"type":"scalar"},"locs":[{"a":218,"b":224},{"a":269,"b":275},{"a":407,"b":413},{"a":456,"b":462},{"a":524,"b":530},{"a":569,"b":575}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":591,"b":595},{"a":638,"b":642}]},{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":671,"b":678}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":689,"b":692}]}],"statement":"UPDATE monitors SET\n  interval = coalesce(:interval::\"MonitorInterval\", interval),\n  next_check_at = coalesce(:nextCheckAt::timestamp, next_check_at),\n  fields = coalesce(:fields::text[], fields),\n  state = (CASE WHEN :paused::boolean IS NULL THEN state::text\n    WHEN :paused::boolean THEN 'paused'\n    WHEN state = 'paused' THEN 'active' ELSE state::text END)::\"MonitorState\",\n  paused_reason = CASE WHEN :paused::boolean IS NULL THEN paused_reason WHEN :paused::boolean THEN 'user' ELSE NULL END,\n  paused_at = CASE WHEN :paused::boolean IS NULL THEN paused_at WHEN :paused::boolean THEN :now!::timestamp ELSE NULL END,\n  updated_at = :now!::timestamp\nWHERE team_id = :teamId! AND id = :id!\nRETURNING *"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE monitors SET
 *   interval = coalesce(:interval::"MonitorInterval", interval),
 *   next_check_at = coalesce(:nextCheckAt::timestamp, next_check_at),
 *   fields = coalesce(:fields::text[], fields),
 *   state = (CASE WHEN :paused::boolean IS NULL THEN state::text
 *     WHEN :paused::boolean THEN 'paused'
 *     WHEN state = 'paused' THEN 'active' ELSE state::text END)::"MonitorState",
 *   paused_reason = CASE WHEN :paused::boolean IS NULL THEN paused_reason WHEN :paused::boolean THEN 'user' ELSE NULL END,
 *   paused_at = CASE WHEN :paused::boolean IS NULL THEN paused_at WHEN :paused::boolean THEN :now!::timestamp ELSE NULL END,
 *   updated_at = :now!::timestamp
 * WHERE team_id = :teamId! AND id = :id!
 * RETURNING *
 * ```
 */
export const updateMonitor = new PreparedQuery<IUpdateMonitorParams,IUpdateMonitorResult>(updateMonitorIR);


/** 'DeleteMonitor' parameters type */
export interface IDeleteMonitorParams {
  id: string;
  teamId: string;
}

/** 'DeleteMonitor' return type */
export interface IDeleteMonitorResult {
  id: string;
}

/** 'DeleteMonitor' query type */
export interface IDeleteMonitorQuery {
  params: IDeleteMonitorParams;
  result: IDeleteMonitorResult;
}

const deleteMonitorIR: any = {"usedParamSet":{"teamId":true,"id":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":37,"b":44}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":55,"b":58}]}],"statement":"DELETE FROM monitors WHERE team_id = :teamId! AND id = :id! RETURNING id                                                                                           "};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM monitors WHERE team_id = :teamId! AND id = :id! RETURNING id                                                                                           
 * ```
 */
export const deleteMonitor = new PreparedQuery<IDeleteMonitorParams,IDeleteMonitorResult>(deleteMonitorIR);


/** 'MaySeeChanges' parameters type */
export interface IMaySeeChangesParams {
  domain: string;
  teamId: string;
}

/** 'MaySeeChanges' return type */
export interface IMaySeeChangesResult {
  allowed: boolean;
}

/** 'MaySeeChanges' query type */
export interface IMaySeeChangesQuery {
  params: IMaySeeChangesParams;
  result: IMaySeeChangesResult;
}

const maySeeChangesIR: any = {"usedParamSet":{"teamId":true,"domain":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":67},{"a":144,"b":151}]},{"name":"domain","required":true,"transform":{"type":"scalar"},"locs":[{"a":82,"b":89},{"a":166,"b":173}]}],"statement":"SELECT EXISTS (SELECT 1 FROM team_companies WHERE team_id = :teamId! AND domain = :domain!)\n  OR EXISTS (SELECT 1 FROM monitors WHERE team_id = :teamId! AND domain = :domain!) AS \"allowed!\"                                                                                          "};

/**
 * Query generated from SQL:
 * ```
 * SELECT EXISTS (SELECT 1 FROM team_companies WHERE team_id = :teamId! AND domain = :domain!)
 *   OR EXISTS (SELECT 1 FROM monitors WHERE team_id = :teamId! AND domain = :domain!) AS "allowed!"                                                                                          
 * ```
 */
export const maySeeChanges = new PreparedQuery<IMaySeeChangesParams,IMaySeeChangesResult>(maySeeChangesIR);


/** 'ListChanges' parameters type */
export interface IListChangesParams {
  cursorAt?: DateOrString | null | void;
  cursorId?: string | null | void;
  domain: string;
  limit: NumberOrString;
}

/** 'ListChanges' return type */
export interface IListChangesResult {
  field: string;
  id: string;
  newValue: Json | null;
  observedAt: Date;
  oldValue: Json | null;
  sources: stringArray;
}

/** 'ListChanges' query type */
export interface IListChangesQuery {
  params: IListChangesParams;
  result: IListChangesResult;
}

const listChangesIR: any = {"usedParamSet":{"domain":true,"cursorAt":true,"cursorId":true,"limit":true},"params":[{"name":"domain","required":true,"transform":{"type":"scalar"},"locs":[{"a":141,"b":148}]},{"name":"cursorAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":157,"b":165},{"a":210,"b":218}]},{"name":"cursorId","required":false,"transform":{"type":"scalar"},"locs":[{"a":232,"b":240}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":291,"b":297}]}],"statement":"SELECT id, field, old_value AS \"oldValue\", new_value AS \"newValue\", observed_at AS \"observedAt\", sources\nFROM company_changes\nWHERE domain = :domain!\n  AND (:cursorAt::timestamp IS NULL OR (observed_at, id) < (:cursorAt::timestamp, :cursorId::text))\nORDER BY observed_at DESC, id DESC\nLIMIT :limit!                                                                                                                                                              "};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, field, old_value AS "oldValue", new_value AS "newValue", observed_at AS "observedAt", sources
 * FROM company_changes
 * WHERE domain = :domain!
 *   AND (:cursorAt::timestamp IS NULL OR (observed_at, id) < (:cursorAt::timestamp, :cursorId::text))
 * ORDER BY observed_at DESC, id DESC
 * LIMIT :limit!                                                                                                                                                              
 * ```
 */
export const listChanges = new PreparedQuery<IListChangesParams,IListChangesResult>(listChangesIR);


/** 'ListTeamChanges' parameters type */
export interface IListTeamChangesParams {
  cursorAt?: DateOrString | null | void;
  cursorId?: string | null | void;
  limit: NumberOrString;
  teamId: string;
}

/** 'ListTeamChanges' return type */
export interface IListTeamChangesResult {
  domain: string;
  field: string;
  id: string;
  newValue: Json | null;
  observedAt: Date;
  oldValue: Json | null;
  sources: stringArray;
}

/** 'ListTeamChanges' query type */
export interface IListTeamChangesQuery {
  params: IListTeamChangesParams;
  result: IListTeamChangesResult;
}

const listTeamChangesIR: any = {"usedParamSet":{"teamId":true,"cursorAt":true,"cursorId":true,"limit":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":218,"b":225},{"a":287,"b":294}]},{"name":"cursorAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":307,"b":315},{"a":364,"b":372}]},{"name":"cursorId","required":false,"transform":{"type":"scalar"},"locs":[{"a":386,"b":394}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":449,"b":455}]}],"statement":"SELECT c.id, c.domain, c.field, c.old_value AS \"oldValue\", c.new_value AS \"newValue\", c.observed_at AS \"observedAt\", c.sources\nFROM company_changes c\nWHERE c.domain IN (\n    SELECT domain FROM monitors WHERE team_id = :teamId!\n    UNION SELECT domain FROM team_companies WHERE team_id = :teamId!\n  )\n  AND (:cursorAt::timestamp IS NULL OR (c.observed_at, c.id) < (:cursorAt::timestamp, :cursorId::text))\nORDER BY c.observed_at DESC, c.id DESC\nLIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT c.id, c.domain, c.field, c.old_value AS "oldValue", c.new_value AS "newValue", c.observed_at AS "observedAt", c.sources
 * FROM company_changes c
 * WHERE c.domain IN (
 *     SELECT domain FROM monitors WHERE team_id = :teamId!
 *     UNION SELECT domain FROM team_companies WHERE team_id = :teamId!
 *   )
 *   AND (:cursorAt::timestamp IS NULL OR (c.observed_at, c.id) < (:cursorAt::timestamp, :cursorId::text))
 * ORDER BY c.observed_at DESC, c.id DESC
 * LIMIT :limit!
 * ```
 */
export const listTeamChanges = new PreparedQuery<IListTeamChangesParams,IListTeamChangesResult>(listTeamChangesIR);


