/** Types generated for queries found in "packages/webhooks/src/delivery-attempt.sql" */
import { PreparedQuery } from '@enrich/db';

export type DeliveryStatus = 'delivered' | 'failed' | 'pending';

export type DateOrString = Date | string;

/** 'RecordAttempt' parameters type */
export interface IRecordAttemptParams {
  afterFailures: number;
  afterSeconds: number;
  at: DateOrString;
  attempts: number;
  durationMs: number;
  endpointId?: string | null | void;
  gone: boolean;
  id: string;
  lastError?: string | null | void;
  logError?: string | null | void;
  nextAttemptAt: DateOrString;
  number: number;
  ok: boolean;
  payload: string;
  responseExcerpt?: string | null | void;
  retry: boolean;
  statusCode?: number | null | void;
}

/** 'RecordAttempt' return type */
export interface IRecordAttemptResult {
  status: DeliveryStatus;
}

/** 'RecordAttempt' query type */
export interface IRecordAttemptQuery {
  params: IRecordAttemptParams;
  result: IRecordAttemptResult;
}

const recordAttemptIR: any = {"usedParamSet":{"id":true,"number":true,"at":true,"statusCode":true,"durationMs":true,"responseExcerpt":true,"logError":true,"ok":true,"gone":true,"afterFailures":true,"afterSeconds":true,"endpointId":true,"payload":true,"retry":true,"nextAttemptAt":true,"lastError":true,"attempts":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":146,"b":149},{"a":2017,"b":2020}]},{"name":"number","required":true,"transform":{"type":"scalar"},"locs":[{"a":152,"b":159}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":162,"b":165},{"a":463,"b":466},{"a":683,"b":686},{"a":868,"b":871},{"a":888,"b":891},{"a":1165,"b":1168},{"a":1731,"b":1734}]},{"name":"statusCode","required":false,"transform":{"type":"scalar"},"locs":[{"a":179,"b":189}]},{"name":"durationMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":197,"b":208}]},{"name":"responseExcerpt","required":false,"transform":{"type":"scalar"},"locs":[{"a":216,"b":231}]},{"name":"logError","required":false,"transform":{"type":"scalar"},"locs":[{"a":234,"b":242}]},{"name":"ok","required":true,"transform":{"type":"scalar"},"locs":[{"a":326,"b":329},{"a":408,"b":411},{"a":767,"b":770},{"a":1313,"b":1316},{"a":1520,"b":1523},{"a":1712,"b":1715}]},{"name":"gone","required":true,"transform":{"type":"scalar"},"locs":[{"a":743,"b":748},{"a":981,"b":986}]},{"name":"afterFailures","required":true,"transform":{"type":"scalar"},"locs":[{"a":809,"b":823}]},{"name":"afterSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":928,"b":941}]},{"name":"endpointId","required":false,"transform":{"type":"scalar"},"locs":[{"a":1262,"b":1272},{"a":1292,"b":1302}]},{"name":"payload","required":true,"transform":{"type":"scalar"},"locs":[{"a":1482,"b":1490}]},{"name":"retry","required":true,"transform":{"type":"scalar"},"locs":[{"a":1560,"b":1566},{"a":1825,"b":1831}]},{"name":"nextAttemptAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":1772,"b":1786}]},{"name":"lastError","required":false,"transform":{"type":"scalar"},"locs":[{"a":1906,"b":1915},{"a":1991,"b":2000}]},{"name":"attempts","required":true,"transform":{"type":"scalar"},"locs":[{"a":2060,"b":2069}]}],"statement":"WITH attempt AS (\n  INSERT INTO webhook_attempts (delivery_id, number, attempted_at, status_code, duration_ms, response_excerpt, error)\n  VALUES (:id!, :number!, :at!::timestamp, :statusCode::int, :durationMs!::int, :responseExcerpt, :logError)\n), endpoint AS (\n  UPDATE webhook_endpoints e SET\n    failure_streak = CASE WHEN :ok!::boolean THEN 0 ELSE e.failure_streak + 1 END,\n    failing_since = CASE WHEN :ok!::boolean THEN NULL ELSE coalesce(e.failing_since, :at!::timestamp) END,\n    enabled = e.enabled AND NOT d.disable,\n    disabled_reason = CASE WHEN e.enabled AND d.disable THEN d.reason ELSE e.disabled_reason END,\n    disabled_at = CASE WHEN e.enabled AND d.disable THEN :at!::timestamp ELSE e.disabled_at END\n  FROM (SELECT\n      :gone!::boolean OR (NOT :ok!::boolean AND x.failure_streak + 1 >= :afterFailures!::int\n        AND coalesce(x.failing_since, :at!::timestamp) <= :at!::timestamp - make_interval(secs => :afterSeconds!::float8)) AS disable,\n      CASE WHEN :gone!::boolean THEN 'the endpoint answered 410 Gone'\n        ELSE format('%s failed attempts in a row since %s UTC', x.failure_streak + 1,\n          to_char(coalesce(x.failing_since, :at!::timestamp), 'YYYY-MM-DD HH24:MI')) END AS reason\n    FROM webhook_endpoints x WHERE x.id = :endpointId) d\n  WHERE e.id = :endpointId AND (NOT :ok!::boolean OR e.failure_streak > 0)\n  RETURNING e.enabled, e.disabled_reason\n)\nUPDATE webhook_deliveries SET\n  attempts = attempts + 1,\n  payload = coalesce(payload, :payload!),\n  status = (CASE\n    WHEN :ok!::boolean THEN 'delivered'\n    WHEN :retry!::boolean AND coalesce((SELECT enabled FROM endpoint), true) THEN 'pending'\n    ELSE 'failed' END)::\"DeliveryStatus\",\n  delivered_at = CASE WHEN :ok!::boolean THEN :at!::timestamp END,\n  next_attempt_at = :nextAttemptAt!::timestamp,\n  last_error = CASE WHEN :retry!::boolean AND NOT coalesce((SELECT enabled FROM endpoint), true)\n    THEN :lastError || '; endpoint disabled: ' || (SELECT disabled_reason FROM endpoint) ELSE :lastError END\nWHERE id = :id! AND status = 'pending' AND attempts = :attempts!\nRETURNING status                                                                                                          "};

/**
 * Query generated from SQL:
 * ```
 * WITH attempt AS (
 *   INSERT INTO webhook_attempts (delivery_id, number, attempted_at, status_code, duration_ms, response_excerpt, error)
 *   VALUES (:id!, :number!, :at!::timestamp, :statusCode::int, :durationMs!::int, :responseExcerpt, :logError)
 * ), endpoint AS (
 *   UPDATE webhook_endpoints e SET
 *     failure_streak = CASE WHEN :ok!::boolean THEN 0 ELSE e.failure_streak + 1 END,
 *     failing_since = CASE WHEN :ok!::boolean THEN NULL ELSE coalesce(e.failing_since, :at!::timestamp) END,
 *     enabled = e.enabled AND NOT d.disable,
 *     disabled_reason = CASE WHEN e.enabled AND d.disable THEN d.reason ELSE e.disabled_reason END,
 *     disabled_at = CASE WHEN e.enabled AND d.disable THEN :at!::timestamp ELSE e.disabled_at END
 *   FROM (SELECT
 *       :gone!::boolean OR (NOT :ok!::boolean AND x.failure_streak + 1 >= :afterFailures!::int
 *         AND coalesce(x.failing_since, :at!::timestamp) <= :at!::timestamp - make_interval(secs => :afterSeconds!::float8)) AS disable,
 *       CASE WHEN :gone!::boolean THEN 'the endpoint answered 410 Gone'
 *         ELSE format('%s failed attempts in a row since %s UTC', x.failure_streak + 1,
 *           to_char(coalesce(x.failing_since, :at!::timestamp), 'YYYY-MM-DD HH24:MI')) END AS reason
 *     FROM webhook_endpoints x WHERE x.id = :endpointId) d
 *   WHERE e.id = :endpointId AND (NOT :ok!::boolean OR e.failure_streak > 0)
 *   RETURNING e.enabled, e.disabled_reason
 * )
 * UPDATE webhook_deliveries SET
 *   attempts = attempts + 1,
 *   payload = coalesce(payload, :payload!),
 *   status = (CASE
 *     WHEN :ok!::boolean THEN 'delivered'
 *     WHEN :retry!::boolean AND coalesce((SELECT enabled FROM endpoint), true) THEN 'pending'
 *     ELSE 'failed' END)::"DeliveryStatus",
 *   delivered_at = CASE WHEN :ok!::boolean THEN :at!::timestamp END,
 *   next_attempt_at = :nextAttemptAt!::timestamp,
 *   last_error = CASE WHEN :retry!::boolean AND NOT coalesce((SELECT enabled FROM endpoint), true)
 *     THEN :lastError || '; endpoint disabled: ' || (SELECT disabled_reason FROM endpoint) ELSE :lastError END
 * WHERE id = :id! AND status = 'pending' AND attempts = :attempts!
 * RETURNING status                                                                                                          
 * ```
 */
export const recordAttempt = new PreparedQuery<IRecordAttemptParams,IRecordAttemptResult>(recordAttemptIR);


/** 'FailDelivery' parameters type */
export interface IFailDeliveryParams {
  id: string;
  reason: string;
}

/** 'FailDelivery' return type */
export type IFailDeliveryResult = void;

/** 'FailDelivery' query type */
export interface IFailDeliveryQuery {
  params: IFailDeliveryParams;
  result: IFailDeliveryResult;
}

const failDeliveryIR: any = {"usedParamSet":{"reason":true,"id":true},"params":[{"name":"reason","required":true,"transform":{"type":"scalar"},"locs":[{"a":62,"b":69}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":82,"b":85}]}],"statement":"UPDATE webhook_deliveries SET status = 'failed', last_error = :reason! WHERE id = :id! AND status = 'pending'                                                                                                                                                                                                                                        "};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook_deliveries SET status = 'failed', last_error = :reason! WHERE id = :id! AND status = 'pending'                                                                                                                                                                                                                                        
 * ```
 */
export const failDelivery = new PreparedQuery<IFailDeliveryParams,IFailDeliveryResult>(failDeliveryIR);


/** 'DeferDelivery' parameters type */
export interface IDeferDeliveryParams {
  failBefore: DateOrString;
  id: string;
  nextAttemptAt: DateOrString;
  reason: string;
}

/** 'DeferDelivery' return type */
export type IDeferDeliveryResult = void;

/** 'DeferDelivery' query type */
export interface IDeferDeliveryQuery {
  params: IDeferDeliveryParams;
  result: IDeferDeliveryResult;
}

const deferDeliveryIR: any = {"usedParamSet":{"failBefore":true,"nextAttemptAt":true,"reason":true,"id":true},"params":[{"name":"failBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":65,"b":76}]},{"name":"nextAttemptAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":162,"b":176}]},{"name":"reason","required":true,"transform":{"type":"scalar"},"locs":[{"a":205,"b":212}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":225,"b":228}]}],"statement":"UPDATE webhook_deliveries SET\n  status = (CASE WHEN created_at < :failBefore!::timestamp THEN 'failed' ELSE 'pending' END)::\"DeliveryStatus\",\n  next_attempt_at = :nextAttemptAt!::timestamp,\n  last_error = :reason!\nWHERE id = :id! AND status = 'pending'"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook_deliveries SET
 *   status = (CASE WHEN created_at < :failBefore!::timestamp THEN 'failed' ELSE 'pending' END)::"DeliveryStatus",
 *   next_attempt_at = :nextAttemptAt!::timestamp,
 *   last_error = :reason!
 * WHERE id = :id! AND status = 'pending'
 * ```
 */
export const deferDelivery = new PreparedQuery<IDeferDeliveryParams,IDeferDeliveryResult>(deferDeliveryIR);


