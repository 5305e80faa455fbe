import { newId, pingDatabase, sqlPool, withSqlTransaction } from '@enrich/db';
import { admissionStatements } from '@enrich/jobs';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// withSqlTransaction: typed statements on one connection, committed together or not at all,
// and the connection back in the pool either way.
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('sql-transaction');
  await database.db.team.create({ data: { id: 'team-tx', name: 'team-tx', plan: 'growth' } });
});
afterAll(async () => {
  await database?.drop();
});

const newBatch = async () =>
  (await database.db.batch.create({ data: { id: newId('bat'), teamId: 'team-tx', entriesReceived: 0, inputColumns: ['domain'] } })).id;

it('commits what the work did, and answers what it returned', async () => {
  const batchId = await newBatch();
  const deleted = await withSqlTransaction(database.db, (tx) => admissionStatements.deleteBatch.run({ batchId }, tx('test-delete-batch')));
  expect(deleted).toEqual([{ id: batchId }]);
  expect(await database.db.batch.findUnique({ where: { id: batchId } })).toBeNull();
});

it('rolls back when the work throws, and the error goes on', async () => {
  const batchId = await newBatch();
  const work = withSqlTransaction(database.db, async (tx) => {
    await admissionStatements.deleteBatch.run({ batchId }, tx('test-delete-batch'));
    throw new Error('changed my mind');
  });
  await expect(work).rejects.toThrow('changed my mind');
  expect(await database.db.batch.findUnique({ where: { id: batchId } })).not.toBeNull();
});

it('gives the connection back to the pool whatever happened', async () => {
  const pool = sqlPool(database.db);
  for (let i = 0; i < 8; i += 1) {
    await withSqlTransaction(database.db, async () => {
      if (i % 2 === 0) throw new Error('again');
    }).catch(() => undefined);
  }
  await pingDatabase(database.db);
  expect(pool.waitingCount).toBe(0);
  expect(pool.idleCount).toBe(pool.totalCount);
});
