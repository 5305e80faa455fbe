import { createHash } from 'node:crypto';
import { sqlConnection } from '@enrich/db';
import type { RedisClient, SharedState } from '@enrich/queue';
import type pg from 'pg';
import { decrementWindow, incrementWindow, readWindow, resetWindow, sweepWindows } from './window-counters.queries';

/** A counter after an increment: its total, and the time its window has left. */
export interface WindowCount {
  total: number;
  msLeft: number;
}

/** A counter as it stands: its hits, and the time its window has left. */
export interface WindowRead {
  hits: number;
  msLeft: number;
}

/**
 * The rate-limit counters every API replica shares (SharedCounterStore's storage). A window
 * starts at its counter's first hit and the counter expires with it; keys are whole (they
 * carry the deployment's prefix).
 */
export interface WindowCounters {
  /** Adds `count` hits at once, starting a window of `windowMs` when none is running. */
  incrementBy(key: string, windowMs: number, count: number): Promise<WindowCount>;
  /** The running window's counter; undefined when none runs (none yet, or just expired). */
  read(key: string): Promise<WindowRead | undefined>;
  /** Gives one hit back to the running window. */
  decrement(key: string): Promise<void>;
  /** Forgets the counter: the next hit starts a window. */
  reset(key: string): Promise<void>;
}

/** The counters where the deployment keeps its shared state (Redis, or the service's PostgreSQL). */
export function windowCounters(state: SharedState): WindowCounters {
  return state.kind === 'redis' ? redisWindowCounters(state.redis) : postgresWindowCounters(state.pool);
}

// A counter's increment by `count` hits at once (the semantics of rate-limit-redis's script, by `count`).
const INCREMENT_BY = `
local windowMs = tonumber(ARGV[1])
local count = tonumber(ARGV[2])
local timeToExpire = redis.call("PTTL", KEYS[1])
if timeToExpire <= 0 then
  redis.call("SET", KEYS[1], count, "PX", windowMs)
  return { count, windowMs }
end
return { redis.call("INCRBY", KEYS[1], count), timeToExpire }`;

// A counter's hits and the time its window has left, in one call.
const GET = `
local totalHits = redis.call("GET", KEYS[1])
local timeToExpire = redis.call("PTTL", KEYS[1])
return { totalHits, timeToExpire }`;
const GET_SHA = createHash('sha1').update(GET).digest('hex');

type WithIncrementBy = RedisClient & {
  rateLimitIncrementBy(key: string, windowMs: number, count: number): Promise<[number, number]>;
};

const isNoScript = (error: unknown) => error instanceof Error && /^NOSCRIPT\b/.test(error.message);

/**
 * The counters in Redis, on ioredis directly (a standalone client or a Redis Cluster: every
 * command names its one key, so it goes to the master that holds it). Scripts are sent by their
 * SHA and, on whichever node answers NOSCRIPT (a Redis that lost its scripts, a cluster master
 * that never saw them), once in full: nothing is loaded ahead, so a Redis that was down at
 * start-up costs nothing once it is back.
 */
export function redisWindowCounters(redis: RedisClient): WindowCounters {
  // defineCommand sends EVALSHA and falls back to EVAL itself.
  if (!('rateLimitIncrementBy' in redis)) redis.defineCommand('rateLimitIncrementBy', { numberOfKeys: 1, lua: INCREMENT_BY });
  return {
    async incrementBy(key, windowMs, count) {
      const [total, msLeft] = await (redis as WithIncrementBy).rateLimitIncrementBy(key, windowMs, count);
      return { total: Number(total), msLeft: Number(msLeft) };
    },
    async read(key) {
      let reply: unknown;
      try {
        reply = await redis.call('EVALSHA', GET_SHA, '1', key);
      } catch (error) {
        if (!isNoScript(error)) throw error;
        reply = await redis.call('EVAL', GET, '1', key);
      }
      const [hits, msLeft] = reply as [string | null, number];
      // Without a counter (none yet, or just expired), Redis answers nil hits and a negative time.
      return hits === null ? undefined : { hits: Number(hits), msLeft: Number(msLeft) };
    },
    async decrement(key) {
      await redis.decr(key);
    },
    async reset(key) {
      await redis.del(key);
    },
  };
}

/** How often a process sweeps expired windows away (PostgreSQL keeps a row until it is deleted). */
export const WINDOW_SWEEP_MS = 60_000;

/**
 * The counters in the service's PostgreSQL (table rate_limit_windows): one UPSERT per
 * increment on the database's clock, so that replicas share windows as they do in Redis.
 * Expired rows are swept by the increments, at most once per `sweepEveryMs` in each process,
 * so the table holds about the windows running; a failed sweep waits for the next.
 */
export function postgresWindowCounters(pool: pg.Pool, sweepEveryMs = WINDOW_SWEEP_MS): WindowCounters {
  let sweptAt = Date.now();
  const sweep = () => {
    if (Date.now() - sweptAt < sweepEveryMs) return;
    sweptAt = Date.now();
    sweepWindows.run(undefined, sqlConnection(pool, 'rate-limit-sweep')).catch(() => undefined);
  };
  return {
    async incrementBy(key, windowMs, count) {
      sweep();
      const [row] = await incrementWindow.run({ key, windowMs, count }, sqlConnection(pool, 'rate-limit-increment'));
      return row!;
    },
    async read(key) {
      const [row] = await readWindow.run({ key }, sqlConnection(pool, 'rate-limit-read'));
      return row;
    },
    async decrement(key) {
      await decrementWindow.run({ key }, sqlConnection(pool, 'rate-limit-decrement'));
    },
    async reset(key) {
      await resetWindow.run({ key }, sqlConnection(pool, 'rate-limit-reset'));
    },
  };
}
