import { Client } from 'pg';

const SERVER = process.env.TEST_DATABASE_SERVER ?? 'postgresql://postgres@127.0.0.1:5432';

// Databases left behind by an interrupted earlier run are dropped before a new one starts.
export default async function globalSetup(): Promise<void> {
  const client = new Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  try {
    const stale = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'enrich\\_test\\_%'",
    );
    for (const { datname } of stale.rows) {
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}
