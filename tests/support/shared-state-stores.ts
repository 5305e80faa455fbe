import { randomBytes } from 'node:crypto';
import { sqlPool } from '@enrich/db';
import { createRedisConnection, eventChannel, removePrefixKeys, type SharedState, waitUntilConnected } from '@enrich/queue';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from './test-database';

// For the tests of the concerns with one implementation per store (rate-limit windows, the
// LinkedIn gate, leases): both stores, each test file's own, so that one test body runs on each.

export type StoreKind = SharedState['kind'];
export const STORE_KINDS: StoreKind[] = ['redis', 'postgres'];

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Which process's connections: the first, or a second (another replica or worker of the deployment). */
export type Replica = 0 | 1;

export interface SharedStateStores {
  /** A deployment prefix of this file's own. close() removes the Redis keys of every prefix used and drops the database. */
  prefix: string;
  redis: Redis;
  database: TestDatabase;
  pool: pg.Pool;
  /** The shared state of a deployment on `kind`, under `prefix` (this file's by default), on the connections of `replica`. */
  state(kind: StoreKind, prefix?: string, replica?: Replica): SharedState;
  close(): Promise<void>;
}

export async function openSharedStateStores(label: string): Promise<SharedStateStores> {
  const filePrefix = `t-${label}-${randomBytes(3).toString('hex')}`;
  const database = await createTestDatabase(label);
  const redis = [createRedisConnection(REDIS_URL, 'producer'), createRedisConnection(REDIS_URL, 'producer')] as const;
  await Promise.all(redis.map((connection) => waitUntilConnected(connection, 5_000)));
  const second = new pg.Pool({ connectionString: database.url, max: 5 });
  // As every pool of the service's own: an idle connection the server ends (57P01, seen once in
  // CI) is dropped and the next query reconnects, instead of an unhandled 'error' failing the test.
  second.on('error', () => undefined);
  const pools = [sqlPool(database.db), second] as const;
  const prefixes = new Set([filePrefix]);
  return {
    prefix: filePrefix,
    redis: redis[0],
    database,
    pool: pools[0],
    state(kind, prefix = filePrefix, replica = 0) {
      prefixes.add(prefix);
      return kind === 'redis'
        ? { kind, prefix, redis: redis[replica] }
        : { kind, prefix, pool: pools[replica], databaseUrl: database.url, channel: eventChannel(prefix) };
    },
    async close() {
      for (const prefix of prefixes) await removePrefixKeys(redis[0], prefix);
      for (const connection of redis) connection.disconnect();
      await pools[1].end();
      await database.drop();
    },
  };
}
