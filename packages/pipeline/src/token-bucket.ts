import { sqlConnection } from '@enrich/db';
import { bullPrefix, type RedisClient, type SharedState } from '@enrich/queue';
import type pg from 'pg';
import { takeTokens } from './token-bucket.queries';

/**
 * A token bucket every worker of the fleet shares: `perSecond` tokens a second, at most
 * `burst` banked, so the fleet together takes no more than that however many replicas ask.
 * A caller takes up to what it wants (a sweep claims fewer rows than it hoped for when another
 * replica holds them) and gives back what it did not use. The time is the caller's: tests run
 * it on a fake clock, and a clock that is behind refills nothing, so skew can pull tokens ahead
 * once by its size but never raise the rate.
 */
export interface TokenBucket {
  /** Takes up to `want` whole tokens at `now`; returns how many it took (0 when none is left). */
  take(want: number, now: Date): Promise<number>;
  /** Gives back `count` tokens taken and not used (never beyond the burst). */
  giveBack(count: number, now: Date): Promise<void>;
}

export interface TokenBucketOptions {
  /** The bucket's name in the deployment (such as monitor-checks). */
  name: string;
  perSecond: number;
  /** The most tokens banked; a new bucket starts full. */
  burst: number;
}

/** The store's one operation: refill to `now`, add `back`, take up to `want`; returns what it took. */
type TakeTokens = (now: Date, want: number, back: number) => Promise<number>;

function checked(options: TokenBucketOptions): TokenBucketOptions {
  if (!(options.perSecond > 0)) throw new RangeError(`token bucket ${options.name}: perSecond must be > 0, got ${options.perSecond}`);
  if (!(options.burst >= 1)) throw new RangeError(`token bucket ${options.name}: burst must be ≥ 1, got ${options.burst}`);
  return options;
}

const wholeCount = (count: number) => Math.max(0, Math.floor(count));

function tokenBucket(takeTokens: TakeTokens): TokenBucket {
  return {
    take: (want, now) => (wholeCount(want) === 0 ? Promise.resolve(0) : takeTokens(now, wholeCount(want), 0)),
    async giveBack(count, now) {
      if (wholeCount(count) > 0) await takeTokens(now, 0, wholeCount(count));
    },
  };
}

/** The bucket where the deployment keeps its shared state (Redis, or the service's PostgreSQL). */
export function createTokenBucket(state: SharedState, options: TokenBucketOptions): TokenBucket {
  return state.kind === 'redis'
    ? redisTokenBucket(state.redis, state.prefix, options)
    : postgresTokenBucket(state.pool, state.prefix, options);
}

// KEYS: the bucket (a hash: tokens, at). ARGV: tokens a ms, burst, now (ms), want, back.
// Mirrors token_bucket_take. A bucket left alone long enough to refill fully expires: a missing
// one starts full, which is the same.
const TAKE = `
local perMs, burst, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens, at = tonumber(held[1]) or burst, tonumber(held[2]) or now
if now > at then
  tokens = math.min(burst, tokens + (now - at) * perMs)
  at = now
end
tokens = math.min(burst, tokens + tonumber(ARGV[5]))
local granted = math.max(0, math.min(tonumber(ARGV[4]), math.floor(tokens)))
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens - granted), 'at', tostring(at))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / perMs) + 60000)
return granted`;

type WithTakeTokens = RedisClient & {
  tokenBucketTake(key: string, perMs: number, burst: number, now: number, want: number, back: number): Promise<number>;
};

/** The bucket in Redis: the hash `{prefix}:bucket:name`, changed by one script (defineCommand: EVALSHA, EVAL when Redis lost it). */
export function redisTokenBucket(redis: RedisClient, prefix: string, options: TokenBucketOptions): TokenBucket {
  const { name, perSecond, burst } = checked(options);
  if (!('tokenBucketTake' in redis)) redis.defineCommand('tokenBucketTake', { numberOfKeys: 1, lua: TAKE });
  const key = `${bullPrefix(prefix)}:bucket:${name}`;
  return tokenBucket(async (now, want, back) =>
    Number(await (redis as WithTakeTokens).tokenBucketTake(key, perSecond / 1000, burst, now.getTime(), want, back)),
  );
}

/** The bucket in the service's PostgreSQL: a row of `token_buckets` per (prefix, name). */
export function postgresTokenBucket(pool: pg.Pool, prefix: string, options: TokenBucketOptions): TokenBucket {
  const { name, perSecond, burst } = checked(options);
  return tokenBucket(async (now, want, back) => {
    const [row] = await takeTokens.run(
      { prefix, name, perMs: perSecond / 1000, burst, at: now, want, back },
      sqlConnection(pool, 'token-bucket-take'),
    );
    return row?.granted ?? 0;
  });
}
