/** Types generated for queries found in "packages/pipeline/src/token-bucket.sql" */
import { PreparedQuery } from '@enrich/db';

export type DateOrString = Date | string;

/** 'TakeTokens' parameters type */
export interface ITakeTokensParams {
  at: DateOrString;
  back: number;
  burst: number;
  name: string;
  perMs: number;
  prefix: string;
  want: number;
}

/** 'TakeTokens' return type */
export interface ITakeTokensResult {
  granted: number;
}

/** 'TakeTokens' query type */
export interface ITakeTokensQuery {
  params: ITakeTokensParams;
  result: ITakeTokensResult;
}

const takeTokensIR: any = {"usedParamSet":{"prefix":true,"name":true,"perMs":true,"burst":true,"at":true,"want":true,"back":true},"params":[{"name":"prefix","required":true,"transform":{"type":"scalar"},"locs":[{"a":25,"b":32}]},{"name":"name","required":true,"transform":{"type":"scalar"},"locs":[{"a":35,"b":40}]},{"name":"perMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":43,"b":49}]},{"name":"burst","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":66}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":77,"b":80}]},{"name":"want","required":true,"transform":{"type":"scalar"},"locs":[{"a":96,"b":101}]},{"name":"back","required":true,"transform":{"type":"scalar"},"locs":[{"a":109,"b":114}]}],"statement":"SELECT token_bucket_take(:prefix!, :name!, :perMs!::float8, :burst!::float8, :at!::timestamptz, :want!::int, :back!::int) AS \"granted!\""};

/**
 * Query generated from SQL:
 * ```
 * SELECT token_bucket_take(:prefix!, :name!, :perMs!::float8, :burst!::float8, :at!::timestamptz, :want!::int, :back!::int) AS "granted!"
 * ```
 */
export const takeTokens = new PreparedQuery<ITakeTokensParams,ITakeTokensResult>(takeTokensIR);


