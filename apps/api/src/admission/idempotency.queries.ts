/** Types generated for queries found in "apps/api/src/admission/idempotency.sql" */
import { PreparedQuery } from '@enrich/db';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** 'ClaimIdempotencyKey' parameters type */
export interface IClaimIdempotencyKeyParams {
  claimSeconds: number;
  fingerprint: string;
  keptSeconds: number;
  key: string;
  teamId: string;
}

/** 'ClaimIdempotencyKey' return type */
export interface IClaimIdempotencyKeyResult {
  claimed: boolean;
}

/** 'ClaimIdempotencyKey' query type */
export interface IClaimIdempotencyKeyQuery {
  params: IClaimIdempotencyKeyParams;
  result: IClaimIdempotencyKeyResult;
}

const claimIdempotencyKeyIR: any = {"usedParamSet":{"teamId":true,"key":true,"fingerprint":true,"claimSeconds":true,"keptSeconds":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":91,"b":98}]},{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":101,"b":105}]},{"name":"fingerprint","required":true,"transform":{"type":"scalar"},"locs":[{"a":108,"b":120}]},{"name":"claimSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":153,"b":166}]},{"name":"keptSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":441,"b":453}]}],"statement":"INSERT INTO idempotency_keys (team_id, key, fingerprint, locked_until, created_at)\nVALUES (:teamId!, :key!, :fingerprint!, now() + make_interval(secs => :claimSeconds!::int), now())\nON CONFLICT (team_id, key) DO UPDATE\n  SET fingerprint = EXCLUDED.fingerprint, status_code = NULL, answer = NULL,\n      locked_until = EXCLUDED.locked_until, created_at = EXCLUDED.created_at\n  WHERE idempotency_keys.created_at < now() - make_interval(secs => :keptSeconds!::int)\n     OR (idempotency_keys.status_code IS NULL AND idempotency_keys.locked_until < now()\n         AND idempotency_keys.fingerprint = EXCLUDED.fingerprint)\nRETURNING true AS \"claimed!\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO idempotency_keys (team_id, key, fingerprint, locked_until, created_at)
 * VALUES (:teamId!, :key!, :fingerprint!, now() + make_interval(secs => :claimSeconds!::int), now())
 * ON CONFLICT (team_id, key) DO UPDATE
 *   SET fingerprint = EXCLUDED.fingerprint, status_code = NULL, answer = NULL,
 *       locked_until = EXCLUDED.locked_until, created_at = EXCLUDED.created_at
 *   WHERE idempotency_keys.created_at < now() - make_interval(secs => :keptSeconds!::int)
 *      OR (idempotency_keys.status_code IS NULL AND idempotency_keys.locked_until < now()
 *          AND idempotency_keys.fingerprint = EXCLUDED.fingerprint)
 * RETURNING true AS "claimed!"
 * ```
 */
export const claimIdempotencyKey = new PreparedQuery<IClaimIdempotencyKeyParams,IClaimIdempotencyKeyResult>(claimIdempotencyKeyIR);


/** 'ReadIdempotencyKey' parameters type */
export interface IReadIdempotencyKeyParams {
  key: string;
  teamId: string;
}

/** 'ReadIdempotencyKey' return type */
export interface IReadIdempotencyKeyResult {
  answer: Json | null;
  fingerprint: string;
  status_code: number | null;
}

/** 'ReadIdempotencyKey' query type */
export interface IReadIdempotencyKeyQuery {
  params: IReadIdempotencyKeyParams;
  result: IReadIdempotencyKeyResult;
}

const readIdempotencyKeyIR: any = {"usedParamSet":{"teamId":true,"key":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":78,"b":85}]},{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":97,"b":101}]}],"statement":"SELECT fingerprint, status_code, answer FROM idempotency_keys WHERE team_id = :teamId! AND key = :key!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT fingerprint, status_code, answer FROM idempotency_keys WHERE team_id = :teamId! AND key = :key!
 * ```
 */
export const readIdempotencyKey = new PreparedQuery<IReadIdempotencyKeyParams,IReadIdempotencyKeyResult>(readIdempotencyKeyIR);


/** 'KeepIdempotentAnswer' parameters type */
export interface IKeepIdempotentAnswerParams {
  answer: Json;
  fingerprint: string;
  key: string;
  statusCode: number;
  teamId: string;
}

/** 'KeepIdempotentAnswer' return type */
export type IKeepIdempotentAnswerResult = void;

/** 'KeepIdempotentAnswer' query type */
export interface IKeepIdempotentAnswerQuery {
  params: IKeepIdempotentAnswerParams;
  result: IKeepIdempotentAnswerResult;
}

const keepIdempotentAnswerIR: any = {"usedParamSet":{"statusCode":true,"answer":true,"teamId":true,"key":true,"fingerprint":true},"params":[{"name":"statusCode","required":true,"transform":{"type":"scalar"},"locs":[{"a":42,"b":53}]},{"name":"answer","required":true,"transform":{"type":"scalar"},"locs":[{"a":70,"b":77}]},{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":102,"b":109}]},{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":121,"b":125}]},{"name":"fingerprint","required":true,"transform":{"type":"scalar"},"locs":[{"a":145,"b":157}]}],"statement":"UPDATE idempotency_keys SET status_code = :statusCode!::int, answer = :answer!::jsonb\nWHERE team_id = :teamId! AND key = :key! AND fingerprint = :fingerprint!                                                                       "};

/**
 * Query generated from SQL:
 * ```
 * UPDATE idempotency_keys SET status_code = :statusCode!::int, answer = :answer!::jsonb
 * WHERE team_id = :teamId! AND key = :key! AND fingerprint = :fingerprint!                                                                       
 * ```
 */
export const keepIdempotentAnswer = new PreparedQuery<IKeepIdempotentAnswerParams,IKeepIdempotentAnswerResult>(keepIdempotentAnswerIR);


/** 'ReleaseIdempotencyKey' parameters type */
export interface IReleaseIdempotencyKeyParams {
  fingerprint: string;
  key: string;
  teamId: string;
}

/** 'ReleaseIdempotencyKey' return type */
export type IReleaseIdempotencyKeyResult = void;

/** 'ReleaseIdempotencyKey' query type */
export interface IReleaseIdempotencyKeyQuery {
  params: IReleaseIdempotencyKeyParams;
  result: IReleaseIdempotencyKeyResult;
}

const releaseIdempotencyKeyIR: any = {"usedParamSet":{"teamId":true,"key":true,"fingerprint":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":45,"b":52}]},{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":64,"b":68}]},{"name":"fingerprint","required":true,"transform":{"type":"scalar"},"locs":[{"a":88,"b":100}]}],"statement":"DELETE FROM idempotency_keys WHERE team_id = :teamId! AND key = :key! AND fingerprint = :fingerprint! AND status_code IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM idempotency_keys WHERE team_id = :teamId! AND key = :key! AND fingerprint = :fingerprint! AND status_code IS NULL
 * ```
 */
export const releaseIdempotencyKey = new PreparedQuery<IReleaseIdempotencyKeyParams,IReleaseIdempotencyKeyResult>(releaseIdempotencyKeyIR);


/** 'SweepIdempotencyKeys' parameters type */
export interface ISweepIdempotencyKeysParams {
  keptSeconds: number;
}

/** 'SweepIdempotencyKeys' return type */
export type ISweepIdempotencyKeysResult = void;

/** 'SweepIdempotencyKeys' query type */
export interface ISweepIdempotencyKeysQuery {
  params: ISweepIdempotencyKeysParams;
  result: ISweepIdempotencyKeysResult;
}

const sweepIdempotencyKeysIR: any = {"usedParamSet":{"keptSeconds":true},"params":[{"name":"keptSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":78,"b":90}]}],"statement":"DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(secs => :keptSeconds!::int)"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(secs => :keptSeconds!::int)
 * ```
 */
export const sweepIdempotencyKeys = new PreparedQuery<ISweepIdempotencyKeysParams,ISweepIdempotencyKeysResult>(sweepIdempotencyKeysIR);


