import { Client } from 'pg';
import { ensureTemplate } from './test-database';
import { chooseTestPostgres, type TestPostgres } from './test-postgres';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Kept on globalThis: every project of the run calls this setup and the teardown in Jest's own
// process, and the embedded server one of them may start is stopped once, at the end.
const run = globalThis as typeof globalThis & { testPostgres?: TestPostgres };

// The PostgreSQL server is chosen (and started, when only the embedded one can be had) by the
// first project's setup. Databases left behind by an interrupted earlier run (their creating
// process is gone) are dropped before a new run starts; those of runs still going are left
// alone. Then the migrated template every test database is copied from is made, once for the run.
export default async function globalSetup(): Promise<void> {
  if (run.testPostgres) return;
  run.testPostgres = await chooseTestPostgres();
  const server = run.testPostgres.server;
  process.env.TEST_DATABASE_SERVER = server;
  const client = new Client({ connectionString: `${server}/postgres` });
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
  await ensureTemplate(server, { dropOthers: true });
}
