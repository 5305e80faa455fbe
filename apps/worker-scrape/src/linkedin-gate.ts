import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sqlConnection } from '@enrich/db';
import { bullPrefix, type RedisClient, type SharedState } from '@enrich/queue';
import type { LinkedInGate } from '@enrich/scraper';
import type pg from 'pg';
import { acquireSlot, penalize, recentPenalties } from './linkedin-gate.queries';

export interface LinkedInGateOptions {
  /** Requests to LinkedIn in any rolling window, fleet-wide (LINKEDIN_REQUESTS_PER_MINUTE). */
  requestsPerMinute: number;
  /** Longest acquire waits for a slot (LINKEDIN_MAX_WAIT_MS); a later slot is refused at once. */
  maxWaitMs: number;
  /** The rolling window; a minute unless a test shortens it. */
  windowMs?: number;
  /** How long refusals are remembered after their cooldown ends, for the exponential backoff. Default 15 min. */
  penaltyMemoryMs?: number;
}

/** A gate on one store: the deployment's QUEUE_PREFIX names its keys (Redis) or rows (PostgreSQL). */
export interface PrefixedLinkedInGateOptions extends LinkedInGateOptions {
  prefix: string;
}

const MINUTE_MS = 60_000;
const DEFAULT_PENALTY_MEMORY_MS = 15 * MINUTE_MS;
const MAX_PENALTY_MS = 24 * 60 * MINUTE_MS;
// Waiters wake a little apart so that they do not all race for the one slot that frees.
const MAX_JITTER_MS = 25;

/** One try for a slot: 1 granted; 0 full, a slot freeing in `ms`; -1 cooling down for `ms`. */
interface SlotReply {
  state: -1 | 0 | 1;
  ms: number;
}

/** What a store does for the gate; the waiting, the clamping and the option checks are the gate's own. */
interface GateStore {
  tryAcquire(): Promise<SlotReply>;
  /** A cooldown of `ms` (already clamped), counted as a refusal unless one is in force. */
  penalize(ms: number): Promise<void>;
  recentPenalties(): Promise<number>;
}

/** The options, checked and with their defaults, as a store reads them. */
interface GateSettings {
  prefix: string;
  requestsPerMinute: number;
  maxWaitMs: number;
  windowMs: number;
  penaltyMemoryMs: number;
}

function positiveInteger(factory: string, name: string, value: number | undefined, min: number): void {
  if (value !== undefined && (!Number.isInteger(value) || value < min)) {
    throw new RangeError(`${factory}: ${name} must be an integer ≥ ${min}, got ${value}`);
  }
}

function gateSettings(factory: string, options: PrefixedLinkedInGateOptions): GateSettings {
  if (options.prefix.trim() === '') throw new RangeError(`${factory}: prefix must not be empty`);
  positiveInteger(factory, 'requestsPerMinute', options.requestsPerMinute, 1);
  positiveInteger(factory, 'maxWaitMs', options.maxWaitMs, 0);
  positiveInteger(factory, 'windowMs', options.windowMs, 1);
  positiveInteger(factory, 'penaltyMemoryMs', options.penaltyMemoryMs, 0);
  return {
    prefix: options.prefix,
    requestsPerMinute: options.requestsPerMinute,
    maxWaitMs: options.maxWaitMs,
    windowMs: options.windowMs ?? MINUTE_MS,
    penaltyMemoryMs: options.penaltyMemoryMs ?? DEFAULT_PENALTY_MEMORY_MS,
  };
}

/**
 * The LinkedIn gate shared by every worker through a store: at most `requestsPerMinute`
 * requests fleet-wide in any rolling window, and a cooldown that any worker can start
 * (penalize) and that makes every worker's acquire return false until it ends. The store keeps
 * a sliding log rather than a fixed window (a fixed window lets twice the limit through around
 * its boundary, and LinkedIn counts whatever arrives in its own window), on its own clock, so
 * that workers with skewed clocks still share one window.
 */
function fleetGate(settings: GateSettings, store: GateStore): LinkedInGate {
  return {
    async acquire() {
      const deadline = Date.now() + settings.maxWaitMs;
      for (;;) {
        const reply = await store.tryAcquire();
        if (reply.state === 1) return true;
        if (reply.state === -1) return false;
        const wait = reply.ms + Math.floor(Math.random() * MAX_JITTER_MS);
        if (Date.now() + reply.ms > deadline) return false;
        await sleep(Math.min(wait, Math.max(deadline - Date.now(), 1)));
      }
    },

    async penalize(ms) {
      if (!Number.isFinite(ms)) throw new RangeError(`LinkedIn gate: penalty must be a number of ms, got ${ms}`);
      await store.penalize(Math.min(Math.max(Math.ceil(ms), 1), MAX_PENALTY_MS));
    },

    recentPenalties: () => store.recentPenalties(),
  };
}

/** The gate where the deployment keeps its shared state (Redis, or the service's PostgreSQL). */
export function createLinkedInGate(state: SharedState, options: LinkedInGateOptions): LinkedInGate {
  const prefixed = { ...options, prefix: state.prefix };
  return state.kind === 'redis' ? createRedisLinkedInGate(state.redis, prefixed) : createPostgresLinkedInGate(state.pool, prefixed);
}

// KEYS: log (sorted set of grant times), cooldown. ARGV: window ms, limit, unique member.
// Replies as SlotReply, {state, ms}. The time is Redis's.
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
function acquireReply(reply: unknown): SlotReply {
  if (Array.isArray(reply) && reply.length === 2) {
    const [state, ms] = reply as unknown[];
    if ((state === -1 || state === 0 || state === 1) && typeof ms === 'number' && Number.isFinite(ms)) return { state, ms };
  }
  throw new Error(`unexpected reply from the LinkedIn gate script: ${JSON.stringify(reply)}`);
}

/** The gate in Redis: keys `{prefix}:linkedin:*`, beside the deployment's queues and counters. */
export function createRedisLinkedInGate(redis: RedisClient, options: PrefixedLinkedInGateOptions): LinkedInGate {
  const settings = gateSettings('createRedisLinkedInGate', options);
  // The braces make the keys one Redis Cluster slot, which a multi-key script needs.
  const base = `${bullPrefix(settings.prefix)}:linkedin`;
  const keys = { log: `${base}:requests`, cooldown: `${base}:cooldown`, penalties: `${base}:penalties` };
  return fleetGate(settings, {
    async tryAcquire() {
      const member = `${Date.now()}-${randomBytes(6).toString('hex')}`;
      const args = [settings.windowMs, settings.requestsPerMinute, member];
      return acquireReply(await acquireScript.run(redis, [keys.log, keys.cooldown], args));
    },
    async penalize(ms) {
      await penalizeScript.run(redis, [keys.cooldown, keys.penalties], [ms, settings.penaltyMemoryMs]);
    },
    async recentPenalties() {
      const reply = await recentPenaltiesScript.run(redis, [keys.cooldown, keys.penalties], []);
      return typeof reply === 'number' && Number.isFinite(reply) ? reply : 0;
    },
  });
}

/**
 * The gate in the service's PostgreSQL: the deployment's row of linkedin_gates (its cooldown
 * and remembered refusals) and its grants in linkedin_grants, on the database's clock. A try
 * for a slot is one call of linkedin_gate_acquire (see its migration), which locks the row.
 */
export function createPostgresLinkedInGate(pool: pg.Pool, options: PrefixedLinkedInGateOptions): LinkedInGate {
  const settings = gateSettings('createPostgresLinkedInGate', options);
  const { prefix, windowMs, requestsPerMinute: limit, penaltyMemoryMs: memoryMs } = settings;
  return fleetGate(settings, {
    async tryAcquire() {
      const [row] = await acquireSlot.run({ prefix, windowMs, limit }, sqlConnection(pool, 'linkedin-acquire'));
      return { state: row!.state as SlotReply['state'], ms: row!.waitMs };
    },
    async penalize(ms) {
      await penalize.run({ prefix, ms, memoryMs }, sqlConnection(pool, 'linkedin-penalize'));
    },
    async recentPenalties() {
      const [row] = await recentPenalties.run({ prefix }, sqlConnection(pool, 'linkedin-recent-penalties'));
      return row?.count ?? 0;
    },
  });
}
