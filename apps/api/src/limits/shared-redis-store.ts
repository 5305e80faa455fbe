import { isCluster, type RedisClient } from '@enrich/queue';
import type { ClientRateLimitInfo, IncrementResponse } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { coalesce, memo } from '../coalesce';

// A remembered promise that may reject before anyone awaits it must not count as unhandled.
function settled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

// rate-limit-redis's increment, by `count` hits at once: a window starts at the first hit.
const INCREMENT_BY = `
local windowMs = tonumber(ARGV[1])
local count = tonumber(ARGV[2])
local timeToExpire = redis.call("PTTL", KEYS[1])
if timeToExpire <= 0 then
  redis.call("SET", KEYS[1], count, "PX", windowMs)
  return { count, windowMs }
end
return { redis.call("INCRBY", KEYS[1], count), timeToExpire }`;

// rate-limit-redis loads its read script with SCRIPT LOAD, which a cluster client sends to any
// one node: it is loaded on every master, so the EVALSHA finds it on whichever holds the counter.
function send(redis: RedisClient, command: string, args: string[]): Promise<unknown> {
  if (!isCluster(redis) || command.toUpperCase() !== 'SCRIPT') return redis.call(command, ...args);
  return Promise.any(redis.nodes('master').map((node) => node.call(command, ...args)));
}

/** How long an ended read of a counter is reused (see SharedRedisStore). */
export const COUNTER_READ_REUSE_MS = 10;

type WithIncrementBy = RedisClient & {
  rateLimitIncrementBy(key: string, windowMs: number, count: number): Promise<[number, number]>;
};

/**
 * The counters of express-rate-limit in Redis, shared by every API replica.
 * - Increments of one counter that arrive together (a team's concurrent submissions) are one
 *   script call adding them all; each request then gets its own place in the count, exactly as
 *   if they had arrived one by one, so limits hold to the request.
 * - Reads of a counter (the windows that polls, lookups and searches report without counting)
 *   share the read in flight and reuse one that ended less than `readReuseMs` ago: a team's
 *   thousands of polls a second cost a Redis call every few milliseconds, not one each (it was
 *   7% of a poll's CPU in bench:api). A count, or a count given back, in this process drops the
 *   read it makes stale at once; another replica's shows within `readReuseMs`.
 * - rate-limit-redis keeps the promise of its script load from start-up; when Redis was down
 *   then, every later read failed even after Redis was back. Reads load the script again
 *   whenever the remembered load failed; increments go through ioredis's own script command,
 *   which reloads a script Redis lost by itself.
 */
export class SharedRedisStore extends RedisStore {
  private readonly incrementCoalesced: (key: string) => Promise<IncrementResponse>;
  /** Reads by key: in flight (`until` Infinity) or ended, reusable until `until`. */
  private readonly reads = new Map<string, { read: Promise<ClientRateLimitInfo | undefined>; until: number }>();

  constructor(
    redis: RedisClient,
    prefix: string,
    private readonly readReuseMs = COUNTER_READ_REUSE_MS,
  ) {
    super({ prefix, sendCommand: (command: string, ...args: string[]) => send(redis, command, args) as Promise<never> });
    if (!('rateLimitIncrementBy' in redis)) redis.defineCommand('rateLimitIncrementBy', { numberOfKeys: 1, lua: INCREMENT_BY });
    this.incrementCoalesced = coalesce<string, IncrementResponse>(async (batch) => {
      const byKey = new Map<string, typeof batch>();
      for (const call of batch) memo(byKey, call.input, () => []).push(call);
      await Promise.all(
        [...byKey].map(async ([key, calls]) => {
          try {
            const [total, ttl] = await (redis as WithIncrementBy).rateLimitIncrementBy(this.prefixKey(key), this.windowMs, calls.length);
            const resetTime = new Date(Date.now() + Number(ttl));
            const first = Number(total) - calls.length + 1;
            calls.forEach((call, i) => {
              call.resolve({ totalHits: first + i, resetTime });
            });
          } catch (error) {
            for (const call of calls) call.reject(error);
          }
        }),
      );
    });
  }

  override increment(key: string): Promise<IncrementResponse> {
    return this.changing(key, () => this.incrementCoalesced(key));
  }

  override decrement(key: string): Promise<void> {
    return this.changing(key, () => super.decrement(key));
  }

  override resetKey(key: string): Promise<void> {
    return this.changing(key, () => super.resetKey(key));
  }

  /** A change of a counter drops its reused read, before and after: one begun meanwhile may not hold it. */
  private async changing<T>(key: string, change: () => Promise<T>): Promise<T> {
    this.reads.delete(key);
    try {
      return await change();
    } finally {
      this.reads.delete(key);
    }
  }

  private async ensureGetScript(): Promise<void> {
    await this.getScriptSha?.catch(() => {
      this.getScriptSha = settled(this.loadGetScript());
    });
  }

  override get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const held = this.reads.get(key);
    if (held && held.until > Date.now()) return held.read;
    const entry = { read: this.readNow(key), until: Number.POSITIVE_INFINITY };
    this.reads.set(key, entry);
    entry.read.then(
      () => {
        entry.until = Date.now() + this.readReuseMs;
      },
      // A failed read is never reused: the next one asks Redis again.
      () => {
        if (this.reads.get(key) === entry) this.reads.delete(key);
      },
    );
    // An ended read stays until its key is read again; past 1,000 keys, those past their reuse
    // time go, so the map holds about the keys read in the last readReuseMs.
    if (this.reads.size > 1_000) this.dropEnded();
    return entry.read;
  }

  private async readNow(key: string): Promise<ClientRateLimitInfo | undefined> {
    await this.ensureGetScript();
    return super.get(key);
  }

  private dropEnded(): void {
    const now = Date.now();
    for (const [key, entry] of this.reads) if (entry.until <= now) this.reads.delete(key);
  }
}
