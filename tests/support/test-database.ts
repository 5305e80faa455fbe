import { randomBytes } from 'node:crypto';
import { createPrismaClient, type Db, dropDatabase, ensureDatabase, migrate } from '@enrich/db';

const SERVER = process.env.TEST_DATABASE_SERVER ?? 'postgresql://postgres@127.0.0.1:5432';

export interface TestDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

// Each test file gets a database of its own, migrated by the project's own migrator; on the
// shared test server unless given another (`server`: a URL without a database name).
export async function createTestDatabase(label: string, server = SERVER): Promise<TestDatabase> {
  // The pid in the name lets a later run drop what a killed run left, and nothing still in use.
  const name = `enrich_test_${process.pid}_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const url = `${server.replace(/\/$/, '')}/${name}`;
  await ensureDatabase(url);
  await migrate(url);
  const db = createPrismaClient(url, { maxConnections: 5 });
  return {
    url,
    db,
    async drop() {
      await db.$disconnect();
      await dropDatabase(url);
    },
  };
}
