import { Client } from 'pg';
import { ensureTemplate, TEST_DATABASE_SERVER as SERVER } from './test-database';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Databases left behind by an interrupted earlier run (their creating process is gone) are
// dropped before a new run starts; those of runs still going are left alone. Then the migrated
// template every test database is copied from is made, once for the run.
export default async function globalSetup(): Promise<void> {
  const client = new Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  try {
    const stale = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'enrich\\_test\\_%'");
    for (const { datname } of stale.rows) {
      const pid = Number(/^enrich_test_(\d+)_/.exec(datname)?.[1]);
      if (pid && isRunning(pid)) continue;
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
  await ensureTemplate(SERVER, { dropOthers: true });
}
