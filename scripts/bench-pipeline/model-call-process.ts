import { readFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';

// The model call itself, alone in a process: the SDK's Messages request exactly as worker-ai
// sends it (no SDK retries, a deadline over the whole request; packages/ai/src/anthropic-call.ts),
// replaying the request bodies worker-ai sent during the batch, `concurrency` at once. Prints
// one JSON line with the CPU this process spent on the measured calls, after warm-up calls
// that are not measured (JIT, first connections), as worker-ai was warmed up before its batch.
// Run by model-call-baseline.ts, which passes what to do in the environment.

const { BASELINE_BODIES_FILE, ANTHROPIC_BASE_URL, BASELINE_CONCURRENCY, BASELINE_WARMUP } = process.env;
const bodies = JSON.parse(readFileSync(BASELINE_BODIES_FILE!, 'utf8')) as MessageCreateParamsNonStreaming[];
const concurrency = Number(BASELINE_CONCURRENCY);
const warmup = Number(BASELINE_WARMUP);
const TIMEOUT_MS = 60_000;

const client = new Anthropic({ apiKey: 'sk-ant-bench-dummy', baseURL: ANTHROPIC_BASE_URL, maxRetries: 0, timeout: TIMEOUT_MS });

async function callAll(list: MessageCreateParamsNonStreaming[]): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < list.length) {
      const body = list[next++]!;
      await client.messages.create(body, { signal: AbortSignal.timeout(TIMEOUT_MS), timeout: TIMEOUT_MS, maxRetries: 0 });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

async function main(): Promise<void> {
  await callAll(bodies.slice(0, warmup));
  const measured = bodies.slice(warmup);
  const cpu = process.cpuUsage();
  await callAll(measured);
  const { user, system } = process.cpuUsage(cpu);
  console.log(JSON.stringify({ calls: measured.length, cpuMs: (user + system) / 1000 }));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
