/** Types generated for queries found in "apps/api/src/limits/window-counters.sql" */
import { PreparedQuery } from '@enrich/db';

/** 'IncrementWindow' parameters type */
export interface IIncrementWindowParams {
  count: number;
  key: string;
  windowMs: number;
}

/** 'IncrementWindow' return type */
export interface IIncrementWindowResult {
  msLeft: number;
  total: number;
}

/** 'IncrementWindow' query type */
export interface IIncrementWindowQuery {
  params: IIncrementWindowParams;
  result: IIncrementWindowResult;
}

const incrementWindowIR: any = {"usedParamSet":{"key":true,"count":true,"windowMs":true},"params":[{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":72}]},{"name":"count","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":81}]},{"name":"windowMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":101,"b":110}]}],"statement":"INSERT INTO rate_limit_windows AS w (key, hits, expires_at)\nVALUES (:key!, :count!::integer, now() + :windowMs!::integer * interval '1 millisecond')\nON CONFLICT (key) DO UPDATE SET\n  hits = CASE WHEN w.expires_at > now() THEN w.hits + EXCLUDED.hits ELSE EXCLUDED.hits END,\n  expires_at = CASE WHEN w.expires_at > now() THEN w.expires_at ELSE EXCLUDED.expires_at END\nRETURNING hits AS \"total!\", ceil(extract(epoch FROM expires_at - now()) * 1000)::integer AS \"msLeft!\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO rate_limit_windows AS w (key, hits, expires_at)
 * VALUES (:key!, :count!::integer, now() + :windowMs!::integer * interval '1 millisecond')
 * ON CONFLICT (key) DO UPDATE SET
 *   hits = CASE WHEN w.expires_at > now() THEN w.hits + EXCLUDED.hits ELSE EXCLUDED.hits END,
 *   expires_at = CASE WHEN w.expires_at > now() THEN w.expires_at ELSE EXCLUDED.expires_at END
 * RETURNING hits AS "total!", ceil(extract(epoch FROM expires_at - now()) * 1000)::integer AS "msLeft!"
 * ```
 */
export const incrementWindow = new PreparedQuery<IIncrementWindowParams,IIncrementWindowResult>(incrementWindowIR);


/** 'ReadWindow' parameters type */
export interface IReadWindowParams {
  key: string;
}

/** 'ReadWindow' return type */
export interface IReadWindowResult {
  hits: number;
  msLeft: number;
}

/** 'ReadWindow' query type */
export interface IReadWindowQuery {
  params: IReadWindowParams;
  result: IReadWindowResult;
}

const readWindowIR: any = {"usedParamSet":{"key":true},"params":[{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":134,"b":138}]}],"statement":"SELECT hits AS \"hits!\", ceil(extract(epoch FROM expires_at - now()) * 1000)::integer AS \"msLeft!\"\nFROM rate_limit_windows\nWHERE key = :key! AND expires_at > now()"};

/**
 * Query generated from SQL:
 * ```
 * SELECT hits AS "hits!", ceil(extract(epoch FROM expires_at - now()) * 1000)::integer AS "msLeft!"
 * FROM rate_limit_windows
 * WHERE key = :key! AND expires_at > now()
 * ```
 */
export const readWindow = new PreparedQuery<IReadWindowParams,IReadWindowResult>(readWindowIR);


/** 'DecrementWindow' parameters type */
export interface IDecrementWindowParams {
  key: string;
}

/** 'DecrementWindow' return type */
export type IDecrementWindowResult = void;

/** 'DecrementWindow' query type */
export interface IDecrementWindowQuery {
  params: IDecrementWindowParams;
  result: IDecrementWindowResult;
}

const decrementWindowIR: any = {"usedParamSet":{"key":true},"params":[{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":58,"b":62}]}],"statement":"UPDATE rate_limit_windows SET hits = hits - 1 WHERE key = :key! AND expires_at > now()"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE rate_limit_windows SET hits = hits - 1 WHERE key = :key! AND expires_at > now()
 * ```
 */
export const decrementWindow = new PreparedQuery<IDecrementWindowParams,IDecrementWindowResult>(decrementWindowIR);


/** 'ResetWindow' parameters type */
export interface IResetWindowParams {
  key: string;
}

/** 'ResetWindow' return type */
export type IResetWindowResult = void;

/** 'ResetWindow' query type */
export interface IResetWindowQuery {
  params: IResetWindowParams;
  result: IResetWindowResult;
}

const resetWindowIR: any = {"usedParamSet":{"key":true},"params":[{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":43,"b":47}]}],"statement":"DELETE FROM rate_limit_windows WHERE key = :key!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM rate_limit_windows WHERE key = :key!
 * ```
 */
export const resetWindow = new PreparedQuery<IResetWindowParams,IResetWindowResult>(resetWindowIR);


/** 'SweepWindows' parameters type */
export type ISweepWindowsParams = void;

/** 'SweepWindows' return type */
export type ISweepWindowsResult = void;

/** 'SweepWindows' query type */
export interface ISweepWindowsQuery {
  params: ISweepWindowsParams;
  result: ISweepWindowsResult;
}

const sweepWindowsIR: any = {"usedParamSet":{},"params":[],"statement":"DELETE FROM rate_limit_windows WHERE expires_at <= now()"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM rate_limit_windows WHERE expires_at <= now()
 * ```
 */
export const sweepWindows = new PreparedQuery<ISweepWindowsParams,ISweepWindowsResult>(sweepWindowsIR);


