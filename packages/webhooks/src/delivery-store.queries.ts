/** Types generated for queries found in "packages/webhooks/src/delivery-store.sql" */
import { PreparedQuery } from '@enrich/db';

export type DateOrString = Date | string;

/** 'ResetForResend' parameters type */
export interface IResetForResendParams {
  deliveryId: string;
  endpointId: string;
  now: DateOrString;
  teamId: string;
}

/** 'ResetForResend' return type */
export interface IResetForResendResult {
  id: string;
}

/** 'ResetForResend' query type */
export interface IResetForResendQuery {
  params: IResetForResendParams;
  result: IResetForResendResult;
}

const resetForResendIR: any = {"usedParamSet":{"now":true,"deliveryId":true,"endpointId":true,"teamId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":92,"b":96}]},{"name":"deliveryId","required":true,"transform":{"type":"scalar"},"locs":[{"a":162,"b":173}]},{"name":"endpointId","required":true,"transform":{"type":"scalar"},"locs":[{"a":193,"b":204}]},{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":220,"b":227}]}],"statement":"UPDATE webhook_deliveries SET status = 'pending', round_start = attempts, next_attempt_at = :now!::timestamp,\n  delivered_at = NULL, last_error = NULL\nWHERE id = :deliveryId! AND endpoint_id = :endpointId! AND team_id = :teamId!\nRETURNING id                                                                                                    "};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook_deliveries SET status = 'pending', round_start = attempts, next_attempt_at = :now!::timestamp,
 *   delivered_at = NULL, last_error = NULL
 * WHERE id = :deliveryId! AND endpoint_id = :endpointId! AND team_id = :teamId!
 * RETURNING id                                                                                                    
 * ```
 */
export const resetForResend = new PreparedQuery<IResetForResendParams,IResetForResendResult>(resetForResendIR);


/** 'DueDeliveries' parameters type */
export interface IDueDeliveriesParams {
  dueBefore: DateOrString;
  limit: number;
}

/** 'DueDeliveries' return type */
export interface IDueDeliveriesResult {
  id: string;
  nextAttemptAt: Date;
}

/** 'DueDeliveries' query type */
export interface IDueDeliveriesQuery {
  params: IDueDeliveriesParams;
  result: IDueDeliveriesResult;
}

const dueDeliveriesIR: any = {"usedParamSet":{"dueBefore":true,"limit":true},"params":[{"name":"dueBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":127,"b":137}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":181,"b":187}]}],"statement":"SELECT id AS \"id!\", next_attempt_at AS \"nextAttemptAt!\"\nFROM webhook_deliveries\nWHERE status = 'pending' AND next_attempt_at < :dueBefore!::timestamp\nORDER BY next_attempt_at\nLIMIT :limit!::int"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id AS "id!", next_attempt_at AS "nextAttemptAt!"
 * FROM webhook_deliveries
 * WHERE status = 'pending' AND next_attempt_at < :dueBefore!::timestamp
 * ORDER BY next_attempt_at
 * LIMIT :limit!::int
 * ```
 */
export const dueDeliveries = new PreparedQuery<IDueDeliveriesParams,IDueDeliveriesResult>(dueDeliveriesIR);


