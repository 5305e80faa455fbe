import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ChildApp, FakeAnthropic, SAMPLE_AI_ANSWER, spawnApp, stopApps } from '@enrich/testkit';

// The worker-ai target is its CPU per model call beside the call itself. The call
// itself is measured here, in the same run: the request bodies worker-ai sent, replayed through
// worker-ai's own request function in a process of their own (model-call-process.ts, started
// like the apps), against a fake model of the same answer after the same latency as the
// batch's. The latency counts: a call that wakes a process idle for 300 ms costs it more CPU
// than one 50 ms after the last (4.4-4.5 against 3.6-3.7 ms a call, measured here with both).

const WARMUP_CALLS = 20;
const MEASURED_CALLS = 300;

export interface ModelCallBaseline {
  calls: number;
  /** CPU ms of the bare SDK call, per call. */
  cpuMsPerCall: number;
}

export async function measureModelCallBaseline(
  bodies: readonly unknown[],
  concurrency: number,
  latencyMs: number,
  env: NodeJS.ProcessEnv,
): Promise<ModelCallBaseline> {
  if (bodies.length === 0) throw new Error('no model request to replay');
  // Recorded bodies repeat in turn when the batch made fewer calls than are measured here.
  const replay = Array.from({ length: WARMUP_CALLS + MEASURED_CALLS }, (_, i) => bodies[i % bodies.length]);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-model-call-'));
  const fake = new FakeAnthropic();
  for (let i = 0; i < replay.length; i += 1) fake.reply({ kind: 'tool', input: SAMPLE_AI_ANSWER, latencyMs });
  const apps: ChildApp[] = [];
  try {
    const bodiesFile = path.join(dir, 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(replay));
    await fake.start();
    const child = spawnApp('model-call-baseline', 'scripts/bench-pipeline/model-call-process.ts', {
      ...env,
      ANTHROPIC_BASE_URL: fake.baseURL,
      BASELINE_BODIES_FILE: bodiesFile,
      BASELINE_CONCURRENCY: String(concurrency),
      BASELINE_WARMUP: String(WARMUP_CALLS),
    });
    apps.push(child);
    const line = await Promise.race([
      child.waitForLine(/^\{"calls":/, 120_000),
      // Its output may still be read after it exits: a second's grace before calling it a failure.
      child.exited.then(async ({ code }) => {
        await sleep(1000);
        throw new Error(`the model-call baseline exited (${code}) without its figures:\n${child.tail.join('\n')}`);
      }),
    ]);
    const { calls, cpuMs } = JSON.parse(line) as { calls: number; cpuMs: number };
    return { calls, cpuMsPerCall: cpuMs / calls };
  } finally {
    await stopApps(apps);
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
