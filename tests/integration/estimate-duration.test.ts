import { durationEstimator } from '@enrich/api';
import { newJobId } from '@enrich/db';
import { sleep } from '@enrich/testkit';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// estimatedDuration says how long a run of the pipeline takes: jobs that did not run it (answered
// from a fresh stored record, or following another job's run) must not pull it down.
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('estimate');
});
afterAll(() => database.drop());

async function settle(estimate: () => number, fallback: number): Promise<number> {
  for (let i = 0; i < 50; i += 1) {
    const value = estimate();
    if (value !== fallback) return value;
    await sleep(100);
  }
  return estimate();
}

it('is the median of recent real runs, leaving out reused records and followers', async () => {
  const db = database.db;
  await db.team.create({ data: { id: 'team-e', name: 'team-e' } });
  const base = Date.now() - 3_600_000;
  const job = (i: number, ms: number, followsJobId: string | null = null) => ({
    id: newJobId(),
    teamId: 'team-e',
    domain: `d${i}.com`,
    status: 'completed' as const,
    createdAt: new Date(base + i * 1000),
    completedAt: new Date(base + i * 1000 + ms),
    followsJobId,
  });
  const runs = [3000, 4000, 4200, 4400, 60_000].map((ms, i) => job(i, ms));
  await db.enrichmentJob.createMany({ data: runs });
  // Newer than the runs: 30 reused records (0 ms) and 10 followers of the first run (100 ms).
  await db.enrichmentJob.createMany({ data: Array.from({ length: 30 }, (_, i) => job(100 + i, 0)) });
  await db.enrichmentJob.createMany({ data: Array.from({ length: 10 }, (_, i) => job(200 + i, 100, runs[0]!.id)) });

  const fallback = 5000;
  expect(await settle(durationEstimator(db, fallback), fallback)).toBe(4200);
});
