import { Client } from 'pg';

// Creates the database named in the URL when it does not exist yet, so `npm start` works on a
// fresh PostgreSQL. Connects to the server's `postgres` maintenance database to do it.
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database');
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      return true;
    } catch (error) {
      // Another process created it between our check and our create: Postgres says so with
      // 42P04, or with 23505 on its catalogue index when both creates ran at the same moment.
      const code = (error as { code?: string }).code;
      if (code === '42P04' || code === '23505') return false;
      throw error;
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
