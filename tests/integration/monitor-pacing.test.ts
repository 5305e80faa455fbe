import { createMonitors } from '@enrich/api';
import { issueApiKey } from '@enrich/api-keys';
import { createLogger } from '@enrich/logger';
import { createMetrics } from '@enrich/metrics';
import { MonitorSweep, monitorCheckPace } from '@enrich/pipeline';
import type { QueueStore } from '@enrich/queue';
import { startTestStack, type TestStack } from '../support/test-stack';

// MONITOR_CHECKS_PER_SECOND is the fleet's: two scrape workers' sweeps (each built from its own
// queue store, as two processes build them) on one deployment's shared state, on a fake clock
// (every pass says its time), claim together no more than the budget, and one alone may use all
// of it. Real PostgreSQL claims, admission and queues; the store is the run's (Redis or PostgreSQL).

const RATE = 10;
const SWEEP_MS = 1000;
const BURST = (RATE * SWEEP_MS) / 1000;
const STEP_MS = 100;

let stack: TestStack;
const sweeps: MonitorSweep[] = [];

beforeAll(async () => {
  stack = await startTestStack({ label: 'monitor-pacing', workers: false });
});
afterAll(async () => {
  await Promise.all(sweeps.map((sweep) => sweep.close()));
  await stack?.stop();
});

function sweepOf(queues: QueueStore): MonitorSweep {
  const sweep = new MonitorSweep({
    db: stack.database.db,
    queues,
    retry: { attempts: 2, backoffMs: 10 },
    logger: createLogger('silent'),
    metrics: createMetrics('worker-scrape'),
    settings: { daySeconds: 86_400, sweepIntervalMs: SWEEP_MS, freshnessWindowHours: 0 },
    pace: monitorCheckPace(queues.state, { checksPerSecond: RATE, sweepIntervalMs: SWEEP_MS }),
  });
  sweeps.push(sweep);
  return sweep;
}

/** Runs the sweeps' passes side by side every STEP_MS of the fake clock from `from` for `ms`; returns what each submitted. */
async function run(workers: MonitorSweep[], from: number, ms: number): Promise<number[]> {
  const submitted = workers.map(() => 0);
  for (let t = from; t < from + ms; t += STEP_MS) {
    const reports = await Promise.all(workers.map((sweep) => sweep.runOnce(new Date(t))));
    reports.forEach((report, i) => {
      submitted[i]! += report.submitted;
    });
  }
  return submitted;
}

it('two workers’ sweeps claim no more than the fleet’s budget together, and one alone uses all of it', async () => {
  const { db } = stack.database;
  const { teamId } = await issueApiKey(db, 'pacing', 'enterprise');
  await db.team.update({ where: { id: teamId }, data: { monthlyQuota: null } });
  const domains = Array.from({ length: 300 }, (_, i) => `m${i}.pacing-co.com`);
  await createMonitors(db, { teamId, plan: 'enterprise' }, { domains, interval: 'daily', fields: [] }, 86_400);
  const t0 = Date.now();
  await db.monitor.updateMany({ data: { nextCheckAt: new Date(t0 - 60_000) } });

  const a = sweepOf(stack.context.queues);
  const b = sweepOf(await stack.workerQueues());

  // Both for 5 s of the clock: the burst, then RATE a second, shared.
  const together = await run([a, b], t0, 5_000);
  // (A budget per worker, as before, would have let twice as many through.)
  const budget = BURST + (RATE * (5_000 - STEP_MS)) / 1000;
  expect(together[0]! + together[1]!).toBeLessThanOrEqual(budget);
  expect(together[0]! + together[1]!).toBeGreaterThanOrEqual(budget - 1);

  // The other worker idle (or gone): the one left takes the whole rate.
  const alone = await run([a], t0 + 5_000, 5_000);
  expect(alone[0]).toBeGreaterThanOrEqual((RATE * 5_000) / 1000 - 1);
  expect(alone[0]).toBeLessThanOrEqual((RATE * 5_000) / 1000 + 1);

  // Every check reported was claimed and queued: its monitor holds its job.
  const checked = await db.monitor.count({ where: { checkJobId: { not: null } } });
  expect(checked).toBe(together[0]! + together[1]! + alone[0]!);
});
