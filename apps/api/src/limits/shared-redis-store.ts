import { createHash } from 'node:crypto';
import type { RedisClient } from '@enrich/queue';
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import { batchedPerTurn, type Lookup } from '../coalesced-lookup';
import { CounterReads } from './counter-reads';

// A counter's increment by `count` hits at once: a window starts at its first hit, and the
// counter expires with it (the semantics of rate-limit-redis's script, by `count`).
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
 * express-rate-limit's counters in Redis, shared by every API replica, on ioredis directly
 * (a standalone client or a Redis Cluster: every command names its one key, so it goes to the
 * master that holds it).
 * - Increments of one counter that arrive together (a team's concurrent submissions) are one
 *   script call adding them all (a batchedPerTurn); each request then gets its own place in the
 *   count, exactly as if they had arrived one by one, so limits hold to the request.
 * - Reads share the read in flight and reuse one just ended (CounterReads, given by the app
 *   context). A count or a count given back here drops the counter's read, before and after.
 * - Scripts are sent by their SHA and, on whichever node answers NOSCRIPT (a Redis that lost
 *   its scripts, a cluster master that never saw them), once in full: nothing is loaded ahead,
 *   so a Redis that was down at start-up costs nothing once it is back.
 */
export class SharedRedisStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private readonly increments: Lookup<string, IncrementResponse>;

  constructor(
    private readonly redis: RedisClient,
    readonly prefix: string,
    private readonly reads: CounterReads = new CounterReads(),
  ) {
    if (!('rateLimitIncrementBy' in redis)) redis.defineCommand('rateLimitIncrementBy', { numberOfKeys: 1, lua: INCREMENT_BY });
    // An answer that is an Error rejects that increment alone (DataLoader's rule).
    this.increments = batchedPerTurn<string, IncrementResponse>(async (keys) => {
      const byKey = new Map<string, number[]>();
      keys.forEach((key, i) => {
        const at = byKey.get(key);
        if (at) at.push(i);
        else byKey.set(key, [i]);
      });
      const answers: (IncrementResponse | Error)[] = new Array(keys.length);
      await Promise.all(
        [...byKey].map(async ([key, at]) => {
          try {
            const [total, ttl] = await (redis as WithIncrementBy).rateLimitIncrementBy(this.prefixKey(key), this.windowMs, at.length);
            const resetTime = new Date(Date.now() + Number(ttl));
            const first = Number(total) - at.length + 1;
            at.forEach((position, i) => {
              answers[position] = { totalHits: first + i, resetTime };
            });
          } catch (error) {
            for (const position of at) answers[position] = error instanceof Error ? error : new Error(String(error));
          }
        }),
      );
      return answers;
    });
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  prefixKey(key: string): string {
    return `${this.prefix}${key}`;
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const redisKey = this.prefixKey(key);
    return this.reads.read(redisKey, () => this.readNow(redisKey));
  }

  increment(key: string): Promise<IncrementResponse> {
    return this.changing(key, () => this.increments.load(key));
  }

  decrement(key: string): Promise<void> {
    return this.changing(key, async () => {
      await this.redis.decr(this.prefixKey(key));
    });
  }

  resetKey(key: string): Promise<void> {
    return this.changing(key, async () => {
      await this.redis.del(this.prefixKey(key));
    });
  }

  /** A change of a counter drops its reused read, before and after: one begun meanwhile may not hold it. */
  private async changing<T>(key: string, change: () => Promise<T>): Promise<T> {
    const redisKey = this.prefixKey(key);
    this.reads.drop(redisKey);
    try {
      return await change();
    } finally {
      this.reads.drop(redisKey);
    }
  }

  private async readNow(redisKey: string): Promise<ClientRateLimitInfo> {
    let reply: unknown;
    try {
      reply = await this.redis.call('EVALSHA', GET_SHA, '1', redisKey);
    } catch (error) {
      if (!isNoScript(error)) throw error;
      reply = await this.redis.call('EVAL', GET, '1', redisKey);
    }
    const [hits, ttl] = reply as [string | null, number];
    // Without a counter (none yet, or just expired), Redis answers nil hits and a negative time.
    if (hits === null) return { totalHits: 0, resetTime: undefined };
    return { totalHits: Number(hits), resetTime: new Date(Date.now() + Number(ttl)) };
  }
}
