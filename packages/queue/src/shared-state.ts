import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { RedisClient } from './redis-connection';

/** What holds the queues and the state every replica shares: chosen once at start (QUEUE_STORE). */
export type QueueStoreKind = 'redis' | 'postgres';

/**
 * Where the state that every replica shares lives, beside the queues: the event streams'
 * messages, the rate-limit windows, the LinkedIn fleet throttle and the reconciler's lease.
 * Each of those concerns has one small interface and two implementations; its factory reads
 * `kind` once, at start, and the code above it never asks again.
 * - redis: the deployment's Redis (keys under the braced QUEUE_PREFIX).
 * - postgres: the service's own database (DATABASE_URL); rows carry the QUEUE_PREFIX, and the
 *   event streams use one NOTIFY channel per deployment (`channel`).
 */
export type SharedState =
  | { kind: 'redis'; prefix: string; redis: RedisClient }
  | {
      kind: 'postgres';
      prefix: string;
      /** A pool on DATABASE_URL (the process's Prisma pool: sqlPool(db)). */
      pool: pg.Pool;
      /** For connections of their own (a LISTEN connection must not be a pooled one). */
      databaseUrl: string;
      /** The deployment's NOTIFY channel: queueSchema(prefix) + `_events`. */
      channel: string;
    };

// PostgreSQL identifiers are at most 63 bytes; leave room for suffixes such as `_events`.
const MAX_SCHEMA_LENGTH = 48;

/**
 * The PostgreSQL schema that holds a deployment's queues (BullMQ's PostgreSQL backend keeps
 * every queue of a connection in one schema, its counterpart of the Redis key prefix).
 * `enrich` gives `bullmq_enrich`; a prefix that is not a plain lower-case identifier (tests
 * use `t-label-1a2b3c`) is folded to one, with a hash of the original so that two prefixes
 * never fold to the same schema.
 */
export function queueSchema(prefix: string): string {
  if (/^[a-z0-9_]+$/.test(prefix) && prefix.length <= MAX_SCHEMA_LENGTH - 7) return `bullmq_${prefix}`;
  const hash = createHash('sha1').update(prefix).digest('hex').slice(0, 8);
  const folded = prefix
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .slice(0, MAX_SCHEMA_LENGTH - 16);
  return `bullmq_${folded}_${hash}`;
}

/** The NOTIFY channel of a deployment's event streams (PostgreSQL mode). */
export const eventChannel = (prefix: string): string => `${queueSchema(prefix)}_events`;
