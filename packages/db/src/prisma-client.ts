import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client';
import { utcDate } from './utc';

export type Db = PrismaClient;
/** The client's own connection pool, for the few hot statements run without the ORM. */
export type SqlPool = pg.Pool;

// `timestamp` columns hold UTC wall-clock time (as Prisma writes them): read them as UTC
// whatever the process's time zone. Prisma's own queries use its parsers, not these.
const TIMESTAMP_OID = 1114;
const utcTimestamps = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === TIMESTAMP_OID && format !== 'binary'
      ? (value: string) => utcDate(value)
      : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

const pools = new WeakMap<Db, SqlPool>();

export function createPrismaClient(databaseUrl: string, options: { maxConnections?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 10,
    // Fail fast when Postgres is gone so requests answer 503 instead of hanging.
    connectionTimeoutMillis: 3000,
    types: utcTimestamps,
  });
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  return db;
}

/**
 * The pool under a client: Prisma's raw queries cost about three times the CPU of the driver's
 * own (measured: 3,000 against 9,500 `SELECT 1` a second on one core), which the API's hot
 * paths (admission, polling) cannot afford. Timestamps are bound as `utc(date)` and read as UTC.
 *
 * A named statement's generic plan is kept for the connection's life, and one made while a
 * table was small (a new database, before autovacuum's first ANALYZE) stays as the table grows:
 * a join of the inputs' unnest() with a table became a hash of the whole table on every run.
 * So the hot statements read each input's rows by a probe of its own (a correlated subquery,
 * or LATERAL with LIMIT 1, which the planner cannot turn into such a join), an index probe at
 * any size; tests/integration/query-plans.test.ts holds them to it.
 */
export function sqlPool(db: Db): SqlPool {
  const pool = pools.get(db);
  if (!pool) throw new Error('this client was not made by createPrismaClient');
  return pool;
}
