import { ping } from './ping.queries';
import type { Db } from './prisma-client';
import { typedSql } from './typed-sql';

/** Resolves once PostgreSQL answered a round trip on the client's pool; rejects when it cannot. */
export async function pingDatabase(db: Db): Promise<void> {
  await ping.run(undefined, typedSql(db, 'ping'));
}
