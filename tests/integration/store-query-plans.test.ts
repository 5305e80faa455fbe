import { PreparedQuery, sqlPool } from '@enrich/db';
import { admissionStatements as admission, jobStoreStatements as jobStore } from '@enrich/jobs';
import {
  deliveryAttemptStatements as deliveryAttempt,
  deliveryStoreStatements as deliveryStore,
  endpointStoreStatements as endpointStore,
} from '@enrich/webhooks';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The stores' named statements (the job store's state changes, the webhook stores' writes) as
// query-plans.test.ts holds the API's: each connection keeps a named statement's generic plan
// for its life, so the plan made on a new database, whose tables the planner has no statistics
// of, must probe indexes, never scan a table that grows. AdmitJobs is held there, through the API.
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('store-plans');
});
afterAll(async () => {
  await database?.drop();
});

// The statements run named (typedSql(db, name) or tx(name)); admission's DeleteJobs runs unnamed.
const named = {
  ...jobStore,
  ...deliveryAttempt,
  ...deliveryStore,
  ...endpointStore,
  deleteBatch: admission.deleteBatch,
  releaseCharge: admission.releaseCharge,
};
// The text a generated statement sends (@enrich/db's PreparedQuery makes it once).
const statementText = (statement: unknown): string | null => (statement instanceof PreparedQuery ? statement.text : null);
const GROWING = ['enrichment_jobs', 'batches', 'webhook_deliveries', 'webhook_attempts', 'usage_months', 'companies'];

it('plans every named store statement as index probes on a new database', async () => {
  const client = await sqlPool(database.db).connect();
  const scans: string[] = [];
  try {
    await client.query('SET plan_cache_mode = force_generic_plan');
    for (const [name, statement] of Object.entries(named)) {
      const query = statementText(statement);
      if (query === null) continue;
      const count = Math.max(0, ...[...query.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
      await client.query(`PREPARE plan_${name} AS ${query}`);
      const args = count > 0 ? `(${Array.from({ length: count }, () => 'NULL').join(', ')})` : '';
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE plan_${name}${args}`);
      await client.query(`DEALLOCATE plan_${name}`);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      for (const [, table] of plan.matchAll(/Seq Scan on (\w+)/g)) {
        if (GROWING.includes(table!)) scans.push(`${name}: ${table}\n${plan}`);
      }
    }
  } finally {
    await client.query('RESET plan_cache_mode');
    client.release();
  }
  expect(Object.keys(named).length).toBeGreaterThan(10);
  expect(scans).toEqual([]);
});
