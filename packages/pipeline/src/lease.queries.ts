/** Types generated for queries found in "packages/pipeline/src/lease.sql" */
import { PreparedQuery } from '@enrich/db';

/** 'TakeLease' parameters type */
export interface ITakeLeaseParams {
  name: string;
  prefix: string;
  ttlMs: number;
}

/** 'TakeLease' return type */
export interface ITakeLeaseResult {
  taken: boolean;
}

/** 'TakeLease' query type */
export interface ITakeLeaseQuery {
  params: ITakeLeaseParams;
  result: ITakeLeaseResult;
}

const takeLeaseIR: any = {"usedParamSet":{"prefix":true,"name":true,"ttlMs":true},"params":[{"name":"prefix","required":true,"transform":{"type":"scalar"},"locs":[{"a":59,"b":66}]},{"name":"name","required":true,"transform":{"type":"scalar"},"locs":[{"a":69,"b":74}]},{"name":"ttlMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":97,"b":103}]}],"statement":"INSERT INTO leases AS l (prefix, name, expires_at)\nVALUES (:prefix!, :name!, clock_timestamp() + :ttlMs!::integer * interval '1 millisecond')\nON CONFLICT (prefix, name) DO UPDATE SET expires_at = EXCLUDED.expires_at\nWHERE l.expires_at <= clock_timestamp()\nRETURNING true AS \"taken!\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO leases AS l (prefix, name, expires_at)
 * VALUES (:prefix!, :name!, clock_timestamp() + :ttlMs!::integer * interval '1 millisecond')
 * ON CONFLICT (prefix, name) DO UPDATE SET expires_at = EXCLUDED.expires_at
 * WHERE l.expires_at <= clock_timestamp()
 * RETURNING true AS "taken!"
 * ```
 */
export const takeLease = new PreparedQuery<ITakeLeaseParams,ITakeLeaseResult>(takeLeaseIR);


