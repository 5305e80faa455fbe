import type { IDatabaseConnection } from '@pgtyped/runtime';
import type pg from 'pg';
import { type Db, sqlPool } from './prisma-client';

/** Where pgtyped's generated queries (`*.queries.ts`, written by `npm run db:types`) run. */
export type SqlConnection = IDatabaseConnection;

/**
 * A node-postgres pool or client as pgtyped's queries run on it: each statement sent under
 * `name`, when given, so that PostgreSQL keeps its plan for the connection's life; without a
 * name, an unnamed statement, planned for its values each time (what a search wants: its
 * filters and terms change the best plan).
 */
export function sqlConnection(client: Pick<pg.Pool, 'query'>, name?: string): SqlConnection {
  return {
    query: async (text, values) => {
      const { rows, rowCount } = await client.query(name ? { name, text, values } : { text, values });
      return { rows, rowCount: rowCount ?? 0 };
    },
  };
}

/** The client's own pool (see sqlPool) as pgtyped's queries run on it (sqlConnection). */
export const typedSql = (db: Db, name?: string): SqlConnection => sqlConnection(sqlPool(db), name);
