import { createHash, randomBytes } from 'node:crypto';
import { bullPrefix, type RedisClient } from '@enrich/queue';
import type { LinkedInGate } from '@enrich/scraper';

export interface RedisLinkedInGateOptions {
  /** The deployment's QUEUE_PREFIX: keys are `{prefix}:linkedin:*`, beside its queues and counters. */
  prefix: string;
  /** Requests to LinkedIn in any rolling window, fleet-wide (LINKEDIN_REQUESTS_PER_MINUTE). */
  requestsPerMinute: number;
  /** Longest acquire waits for a slot (LINKEDIN_MAX_WAIT_MS); a later slot is refused at once. */
  maxWaitMs: number;
  /** The rolling window; a minute unless a test shortens it. */
  windowMs?: number;
  /** How long refusals are remembered after their cooldown ends, for the exponential backoff. Default 15 min. */
  penaltyMemoryMs?: number;
}

const MINUTE_MS = 60_000;
const DEFAULT_PENALTY_MEMORY_MS = 15 * MINUTE_MS;
const MAX_PENALTY_MS = 24 * 60 * MINUTE_MS;
// Waiters wake a little apart so that they do not all race for the one slot that frees.
const MAX_JITTER_MS = 25;

// A sliding log rather than a fixed window: a fixed window lets twice the limit through around
// its boundary, and LinkedIn counts whatever arrives in its own window. The time is Redis's, so
// workers with skewed clocks still share one window.
// KEYS: log (sorted set of grant times), cooldown. ARGV: window ms, limit, unique member.
// Returns {1, 0} granted, {0, ms} full with a slot freeing in ms, {-1, ms} cooling down for ms.
const ACQUIRE = `
local cooling = redis.call('PTTL', KEYS[2])
if cooling > 0 then return {-1, cooling} end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, 0}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {0, math.max(1, tonumber(oldest[2]) + window - now)}
`;

// KEYS: cooldown, penalty count. ARGV: cooldown ms, memory ms.
// The longer cooldown wins. Refusals during a cooldown (requests already in flight) belong to
// the same incident and do not count again.
const PENALIZE = `
local ms = tonumber(ARGV[1])
local left = redis.call('PTTL', KEYS[1])
if left < ms then redis.call('SET', KEYS[1], ms, 'PX', ms) end
if left <= 0 then redis.call('INCR', KEYS[2]) end
redis.call('PEXPIRE', KEYS[2], math.max(left, ms) + tonumber(ARGV[2]))
return 1
`;

// KEYS: cooldown, penalty count. The incident in force is not an earlier one.
const RECENT_PENALTIES = `
local count = tonumber(redis.call('GET', KEYS[2]) or '0') or 0
if redis.call('PTTL', KEYS[1]) > 0 then count = count - 1 end
return math.max(count, 0)
`;

/** A Lua script run by its SHA, sent again when Redis has lost it (a restart, SCRIPT FLUSH). */
class Script {
  private readonly sha: string;

  constructor(private readonly lua: string) {
    this.sha = createHash('sha1').update(lua).digest('hex');
  }

  async run(redis: RedisClient, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.lua, keys.length, ...keys, ...args);
    }
  }
}

const acquireScript = new Script(ACQUIRE);
const penalizeScript = new Script(PENALIZE);
const recentPenaltiesScript = new Script(RECENT_PENALTIES);

/** The ACQUIRE reply, checked: it crosses a process boundary. */
function acquireReply(reply: unknown): { state: -1 | 0 | 1; ms: number } {
  if (Array.isArray(reply) && reply.length === 2) {
    const [state, ms] = reply as unknown[];
    if ((state === -1 || state === 0 || state === 1) && typeof ms === 'number' && Number.isFinite(ms)) return { state, ms };
  }
  throw new Error(`unexpected reply from the LinkedIn gate script: ${JSON.stringify(reply)}`);
}

function positiveInteger(name: string, value: number | undefined, min: number): void {
  if (value !== undefined && (!Number.isInteger(value) || value < min)) {
    throw new RangeError(`createRedisLinkedInGate: ${name} must be an integer ≥ ${min}, got ${value}`);
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The LinkedIn gate shared by every worker through Redis: at most `requestsPerMinute` requests
 * fleet-wide in any rolling minute, and a cooldown that any worker can start (penalize) and that
 * makes every worker's acquire return false until it ends.
 */
export function createRedisLinkedInGate(redis: RedisClient, options: RedisLinkedInGateOptions): LinkedInGate {
  if (options.prefix.trim() === '') throw new RangeError('createRedisLinkedInGate: prefix must not be empty');
  positiveInteger('requestsPerMinute', options.requestsPerMinute, 1);
  positiveInteger('maxWaitMs', options.maxWaitMs, 0);
  positiveInteger('windowMs', options.windowMs, 1);
  positiveInteger('penaltyMemoryMs', options.penaltyMemoryMs, 0);
  const windowMs = options.windowMs ?? MINUTE_MS;
  const memoryMs = options.penaltyMemoryMs ?? DEFAULT_PENALTY_MEMORY_MS;
  // The braces make the keys one Redis Cluster slot, which a multi-key script needs.
  const base = `${bullPrefix(options.prefix)}:linkedin`;
  const keys = { log: `${base}:requests`, cooldown: `${base}:cooldown`, penalties: `${base}:penalties` };

  return {
    async acquire() {
      const deadline = Date.now() + options.maxWaitMs;
      for (;;) {
        const member = `${Date.now()}-${randomBytes(6).toString('hex')}`;
        const reply = acquireReply(
          await acquireScript.run(redis, [keys.log, keys.cooldown], [windowMs, options.requestsPerMinute, member]),
        );
        if (reply.state === 1) return true;
        if (reply.state === -1) return false;
        const wait = reply.ms + Math.floor(Math.random() * MAX_JITTER_MS);
        if (Date.now() + reply.ms > deadline) return false;
        await sleep(Math.min(wait, Math.max(deadline - Date.now(), 1)));
      }
    },

    async penalize(ms) {
      if (!Number.isFinite(ms)) throw new RangeError(`LinkedIn gate: penalty must be a number of ms, got ${ms}`);
      const clamped = Math.min(Math.max(Math.ceil(ms), 1), MAX_PENALTY_MS);
      await penalizeScript.run(redis, [keys.cooldown, keys.penalties], [clamped, memoryMs]);
    },

    async recentPenalties() {
      const reply = await recentPenaltiesScript.run(redis, [keys.cooldown, keys.penalties], []);
      return typeof reply === 'number' && Number.isFinite(reply) ? reply : 0;
    },
  };
}
