import type { TestPostgres } from './test-postgres';

const run = globalThis as typeof globalThis & { testPostgres?: TestPostgres; testTeardownDone?: boolean };

// After Jest's summary: stops the embedded PostgreSQL when the setup started one, and says in
// one line which suites did not run on this machine, and why (jest.config.ts decides).
export default async function globalTeardown(): Promise<void> {
  if (run.testTeardownDone) return;
  run.testTeardownDone = true;
  if (run.testPostgres?.source === 'embedded') {
    console.log(`The tests ran on an embedded PostgreSQL (${new URL(run.testPostgres.server).host}): nothing answered at 127.0.0.1:5432.`);
    await run.testPostgres.stop();
  }
  if (process.env.TEST_SKIPPED_SUITES) console.log(process.env.TEST_SKIPPED_SUITES);
}
