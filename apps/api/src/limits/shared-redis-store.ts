import type { ClientRateLimitInfo, IncrementResponse } from 'express-rate-limit';
import type { Redis } from 'ioredis';
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

type WithIncrementBy = Redis & {
  rateLimitIncrementBy(key: string, windowMs: number, count: number): Promise<[number, number]>;
};

/**
 * The counters of express-rate-limit in Redis, shared by every API replica.
 * - Increments of one counter that arrive together (a team's concurrent submissions) are one
 *   script call adding them all; each request then gets its own place in the count, exactly as
 *   if they had arrived one by one, so limits hold to the request.
 * - rate-limit-redis keeps the promise of its script load from start-up; when Redis was down
 *   then, every later read failed even after Redis was back. Reads load the script again
 *   whenever the remembered load failed; increments go through ioredis's own script command,
 *   which reloads a script Redis lost by itself.
 */
export class SharedRedisStore extends RedisStore {
  private readonly incrementCoalesced: (key: string) => Promise<IncrementResponse>;

  constructor(redis: Redis, prefix: string) {
    super({ prefix, sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<never> });
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

  override async increment(key: string): Promise<IncrementResponse> {
    return this.incrementCoalesced(key);
  }

  private async ensureGetScript(): Promise<void> {
    await this.getScriptSha?.catch(() => {
      this.getScriptSha = settled(this.loadGetScript());
    });
  }

  override async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    await this.ensureGetScript();
    return super.get(key);
  }
}
