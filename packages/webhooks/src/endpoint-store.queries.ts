/** Types generated for queries found in "packages/webhooks/src/endpoint-store.sql" */
import { PreparedQuery } from '@enrich/db';

export type DateOrString = Date | string;

export type stringArray = (string)[];

/** 'LockTeam' parameters type */
export interface ILockTeamParams {
  teamId: string;
}

/** 'LockTeam' return type */
export interface ILockTeamResult {
  locked: number;
}

/** 'LockTeam' query type */
export interface ILockTeamQuery {
  params: ILockTeamParams;
  result: ILockTeamResult;
}

const lockTeamIR: any = {"usedParamSet":{"teamId":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":44,"b":51}]}],"statement":"SELECT 1 AS \"locked!\" FROM teams WHERE id = :teamId! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT 1 AS "locked!" FROM teams WHERE id = :teamId! FOR UPDATE
 * ```
 */
export const lockTeam = new PreparedQuery<ILockTeamParams,ILockTeamResult>(lockTeamIR);


/** 'CountTeamEndpoints' parameters type */
export interface ICountTeamEndpointsParams {
  teamId: string;
}

/** 'CountTeamEndpoints' return type */
export interface ICountTeamEndpointsResult {
  count: number;
}

/** 'CountTeamEndpoints' query type */
export interface ICountTeamEndpointsQuery {
  params: ICountTeamEndpointsParams;
  result: ICountTeamEndpointsResult;
}

const countTeamEndpointsIR: any = {"usedParamSet":{"teamId":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":72,"b":79}]}],"statement":"SELECT count(*)::int AS \"count!\" FROM webhook_endpoints WHERE team_id = :teamId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::int AS "count!" FROM webhook_endpoints WHERE team_id = :teamId!
 * ```
 */
export const countTeamEndpoints = new PreparedQuery<ICountTeamEndpointsParams,ICountTeamEndpointsResult>(countTeamEndpointsIR);


/** 'InsertEndpoint' parameters type */
export interface IInsertEndpointParams {
  description: string;
  disabledAt?: DateOrString | null | void;
  disabledReason?: string | null | void;
  enabled: boolean;
  events: stringArray;
  fields?: string | null | void;
  id: string;
  now: DateOrString;
  secret: string;
  teamId: string;
  url: string;
}

/** 'InsertEndpoint' return type */
export interface IInsertEndpointResult {
  createdAt: Date;
  description: string;
  disabledAt: Date | null;
  disabledReason: string | null;
  enabled: boolean;
  events: stringArray;
  failingSince: Date | null;
  failureStreak: number;
  fields: string | null;
  id: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  secret: string;
  teamId: string;
  updatedAt: Date;
  url: string;
}

/** 'InsertEndpoint' query type */
export interface IInsertEndpointQuery {
  params: IInsertEndpointParams;
  result: IInsertEndpointResult;
}

const insertEndpointIR: any = {"usedParamSet":{"id":true,"teamId":true,"url":true,"events":true,"description":true,"fields":true,"enabled":true,"disabledReason":true,"disabledAt":true,"secret":true,"now":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":159,"b":162}]},{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":165,"b":172}]},{"name":"url","required":true,"transform":{"type":"scalar"},"locs":[{"a":175,"b":179}]},{"name":"events","required":true,"transform":{"type":"scalar"},"locs":[{"a":182,"b":189}]},{"name":"description","required":true,"transform":{"type":"scalar"},"locs":[{"a":200,"b":212}]},{"name":"fields","required":false,"transform":{"type":"scalar"},"locs":[{"a":215,"b":221}]},{"name":"enabled","required":true,"transform":{"type":"scalar"},"locs":[{"a":224,"b":232}]},{"name":"disabledReason","required":false,"transform":{"type":"scalar"},"locs":[{"a":235,"b":249}]},{"name":"disabledAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":252,"b":262}]},{"name":"secret","required":true,"transform":{"type":"scalar"},"locs":[{"a":276,"b":283}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":288,"b":292},{"a":306,"b":310}]}],"statement":"INSERT INTO webhook_endpoints (id, team_id, url, events, description, fields, enabled, disabled_reason, disabled_at, secret,\n  created_at, updated_at)\nVALUES (:id!, :teamId!, :url!, :events!::text[], :description!, :fields, :enabled!, :disabledReason, :disabledAt::timestamp, :secret!,\n  :now!::timestamp, :now!::timestamp)\nRETURNING id, team_id AS \"teamId\", url, events, description, fields, enabled, disabled_reason AS \"disabledReason\",\n  disabled_at AS \"disabledAt\", secret, previous_secret AS \"previousSecret\", previous_secret_expires_at AS \"previousSecretExpiresAt\",\n  failure_streak AS \"failureStreak\", failing_since AS \"failingSince\", created_at AS \"createdAt\", updated_at AS \"updatedAt\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO webhook_endpoints (id, team_id, url, events, description, fields, enabled, disabled_reason, disabled_at, secret,
 *   created_at, updated_at)
 * VALUES (:id!, :teamId!, :url!, :events!::text[], :description!, :fields, :enabled!, :disabledReason, :disabledAt::timestamp, :secret!,
 *   :now!::timestamp, :now!::timestamp)
 * RETURNING id, team_id AS "teamId", url, events, description, fields, enabled, disabled_reason AS "disabledReason",
 *   disabled_at AS "disabledAt", secret, previous_secret AS "previousSecret", previous_secret_expires_at AS "previousSecretExpiresAt",
 *   failure_streak AS "failureStreak", failing_since AS "failingSince", created_at AS "createdAt", updated_at AS "updatedAt"
 * ```
 */
export const insertEndpoint = new PreparedQuery<IInsertEndpointParams,IInsertEndpointResult>(insertEndpointIR);


