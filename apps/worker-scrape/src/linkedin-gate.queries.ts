/** Types generated for queries found in "apps/worker-scrape/src/linkedin-gate.sql" */
import { PreparedQuery } from '@enrich/db';

/** 'AcquireSlot' parameters type */
export interface IAcquireSlotParams {
  limit: number;
  prefix: string;
  windowMs: number;
}

/** 'AcquireSlot' return type */
export interface IAcquireSlotResult {
  state: number;
  waitMs: number;
}

/** 'AcquireSlot' query type */
export interface IAcquireSlotQuery {
  params: IAcquireSlotParams;
  result: IAcquireSlotResult;
}

const acquireSlotIR: any = {"usedParamSet":{"prefix":true,"windowMs":true,"limit":true},"params":[{"name":"prefix","required":true,"transform":{"type":"scalar"},"locs":[{"a":74,"b":81}]},{"name":"windowMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":84,"b":93}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":96,"b":102}]}],"statement":"SELECT state AS \"state!\", wait_ms AS \"waitMs!\" FROM linkedin_gate_acquire(:prefix!, :windowMs!, :limit!)                                                                                                                                                                                                                                       "};

/**
 * Query generated from SQL:
 * ```
 * SELECT state AS "state!", wait_ms AS "waitMs!" FROM linkedin_gate_acquire(:prefix!, :windowMs!, :limit!)                                                                                                                                                                                                                                       
 * ```
 */
export const acquireSlot = new PreparedQuery<IAcquireSlotParams,IAcquireSlotResult>(acquireSlotIR);


/** 'Penalize' parameters type */
export interface IPenalizeParams {
  memoryMs: number;
  ms: number;
  prefix: string;
}

/** 'Penalize' return type */
export type IPenalizeResult = void;

/** 'Penalize' query type */
export interface IPenalizeQuery {
  params: IPenalizeParams;
  result: IPenalizeResult;
}

const penalizeIR: any = {"usedParamSet":{"prefix":true,"ms":true,"memoryMs":true},"params":[{"name":"prefix","required":true,"transform":{"type":"scalar"},"locs":[{"a":134,"b":141}]},{"name":"ms","required":true,"transform":{"type":"scalar"},"locs":[{"a":150,"b":153},{"a":204,"b":207}]},{"name":"memoryMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":220,"b":229},{"a":618,"b":627}]}],"statement":"WITH c AS (SELECT clock_timestamp() AS t)\nINSERT INTO linkedin_gates AS g (prefix, cooldown_until, penalties, penalties_until)\nSELECT :prefix!, c.t + :ms!::integer * interval '1 millisecond', 1,\n  c.t + (:ms!::integer + :memoryMs!::integer) * interval '1 millisecond'\nFROM c\nON CONFLICT (prefix) DO UPDATE SET\n  cooldown_until = greatest(g.cooldown_until, EXCLUDED.cooldown_until),\n  penalties = CASE WHEN g.penalties_until > (SELECT t FROM c) THEN g.penalties ELSE 0 END\n    + CASE WHEN g.cooldown_until > (SELECT t FROM c) THEN 0 ELSE 1 END,\n  penalties_until = greatest(g.cooldown_until, EXCLUDED.cooldown_until) + :memoryMs!::integer * interval '1 millisecond'                                                                                               "};

/**
 * Query generated from SQL:
 * ```
 * WITH c AS (SELECT clock_timestamp() AS t)
 * INSERT INTO linkedin_gates AS g (prefix, cooldown_until, penalties, penalties_until)
 * SELECT :prefix!, c.t + :ms!::integer * interval '1 millisecond', 1,
 *   c.t + (:ms!::integer + :memoryMs!::integer) * interval '1 millisecond'
 * FROM c
 * ON CONFLICT (prefix) DO UPDATE SET
 *   cooldown_until = greatest(g.cooldown_until, EXCLUDED.cooldown_until),
 *   penalties = CASE WHEN g.penalties_until > (SELECT t FROM c) THEN g.penalties ELSE 0 END
 *     + CASE WHEN g.cooldown_until > (SELECT t FROM c) THEN 0 ELSE 1 END,
 *   penalties_until = greatest(g.cooldown_until, EXCLUDED.cooldown_until) + :memoryMs!::integer * interval '1 millisecond'                                                                                               
 * ```
 */
export const penalize = new PreparedQuery<IPenalizeParams,IPenalizeResult>(penalizeIR);


/** 'RecentPenalties' parameters type */
export interface IRecentPenaltiesParams {
  prefix: string;
}

/** 'RecentPenalties' return type */
export interface IRecentPenaltiesResult {
  count: number;
}

/** 'RecentPenalties' query type */
export interface IRecentPenaltiesQuery {
  params: IRecentPenaltiesParams;
  result: IRecentPenaltiesResult;
}

const recentPenaltiesIR: any = {"usedParamSet":{"prefix":true},"params":[{"name":"prefix","required":true,"transform":{"type":"scalar"},"locs":[{"a":233,"b":240}]}],"statement":"SELECT greatest(\n    CASE WHEN g.penalties_until > c.t THEN g.penalties ELSE 0 END - CASE WHEN g.cooldown_until > c.t THEN 1 ELSE 0 END,\n    0\n  ) AS \"count!\"\nFROM linkedin_gates g, (SELECT clock_timestamp() AS t) c\nWHERE g.prefix = :prefix!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT greatest(
 *     CASE WHEN g.penalties_until > c.t THEN g.penalties ELSE 0 END - CASE WHEN g.cooldown_until > c.t THEN 1 ELSE 0 END,
 *     0
 *   ) AS "count!"
 * FROM linkedin_gates g, (SELECT clock_timestamp() AS t) c
 * WHERE g.prefix = :prefix!
 * ```
 */
export const recentPenalties = new PreparedQuery<IRecentPenaltiesParams,IRecentPenaltiesResult>(recentPenaltiesIR);


