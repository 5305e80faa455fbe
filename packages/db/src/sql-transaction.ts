import { type Db, sqlPool } from './prisma-client';
import { type SqlConnection, sqlConnection } from './typed-sql';

/**
 * A transaction's one connection, as pgtyped's queries run on it: `tx('name')` sends each
 * statement under that name, as typedSql(db, 'name') does (see sqlConnection).
 */
export type SqlTransaction = (name?: string) => SqlConnection;

/**
 * Runs `work` in one transaction on one connection of the client's pool (see sqlPool), for
 * typed statements that must commit together or run under a lock taken by an earlier one:
 * BEGIN (the database's default isolation, READ COMMITTED, as the ORM's `$transaction`),
 * COMMIT when `work` resolves, ROLLBACK when it throws (and the error goes on). The connection
 * always goes back to the pool; one whose ROLLBACK failed is closed instead.
 */
export async function withSqlTransaction<T>(db: Db, work: (tx: SqlTransaction) => Promise<T>): Promise<T> {
  const client = await sqlPool(db).connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      const result = await work((name) => sqlConnection(client, name));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollback: Error) => {
        broken = rollback;
      });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}
