import { sqlConnection } from '@enrich/db';
import { bullPrefix, type RedisClient, type SharedState } from '@enrich/queue';
import type pg from 'pg';
import { takeLease } from './lease.queries';

/**
 * A lease the fleet's workers compete for, such as the reconciler's (one pass per interval
 * across all workers). Not given back: it runs out after its ttl.
 */
export interface Lease {
  /** True when this caller took `name` for `ttlMs`: nobody held it, or its holder's time ran out. */
  take(name: string, ttlMs: number): Promise<boolean>;
}

function checkTtl(ttlMs: number): void {
  if (!Number.isInteger(ttlMs) || ttlMs < 1) throw new RangeError(`lease: ttlMs must be an integer ≥ 1, got ${ttlMs}`);
}

/** Leases where the deployment keeps its shared state (Redis, or the service's PostgreSQL). */
export function createLease(state: SharedState): Lease {
  return state.kind === 'redis' ? redisLease(state.redis, state.prefix) : postgresLease(state.pool, state.prefix);
}

/** Leases in Redis: the key `{prefix}:name` set only when absent, expiring with the lease; it holds the taker's pid. */
export function redisLease(redis: RedisClient, prefix: string): Lease {
  return {
    async take(name, ttlMs) {
      checkTtl(ttlMs);
      return (await redis.set(`${bullPrefix(prefix)}:${name}`, String(process.pid), 'PX', ttlMs, 'NX')) === 'OK';
    },
  };
}

/** Leases in the service's PostgreSQL: a row of `leases` per (prefix, name), on the database's clock. */
export function postgresLease(pool: pg.Pool, prefix: string): Lease {
  return {
    async take(name, ttlMs) {
      checkTtl(ttlMs);
      const rows = await takeLease.run({ prefix, name, ttlMs }, sqlConnection(pool, 'lease-take'));
      return rows.length === 1;
    },
  };
}
