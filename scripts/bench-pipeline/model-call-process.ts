import { readFileSync } from 'node:fs';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import { aiEnv } from '@enrich/ai';
import { createAnthropicClient, sendMessage } from '@enrich/ai/anthropic-call';
import { loadConfig } from '@enrich/config';

// The model call itself, alone in a process: worker-ai's own client and request function
// (packages/ai/src/anthropic-call.ts) with the apps' AI settings, replaying the request bodies
// worker-ai sent during the batch, `concurrency` at once. Prints one JSON line with the CPU
// this process spent on the measured calls, after warm-up calls that are not measured (JIT,
// first connections), as worker-ai was warmed up before its batch.
// Run by model-call-baseline.ts, which passes what to do in the environment.

const { BASELINE_BODIES_FILE, ANTHROPIC_BASE_URL, BASELINE_CONCURRENCY, BASELINE_WARMUP } = process.env;
const bodies = JSON.parse(readFileSync(BASELINE_BODIES_FILE!, 'utf8')) as MessageCreateParamsNonStreaming[];
const concurrency = Number(BASELINE_CONCURRENCY);
const warmup = Number(BASELINE_WARMUP);
const config = loadConfig(aiEnv, process.env);
const client = createAnthropicClient(config.ANTHROPIC_API_KEY, config.AI_TIMEOUT_MS, ANTHROPIC_BASE_URL);
const policy = { timeoutMs: config.AI_TIMEOUT_MS, maxRetries: config.AI_MAX_RETRIES, maxRetryDelayMs: config.AI_MAX_RETRY_DELAY_MS };

async function callAll(list: MessageCreateParamsNonStreaming[]): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < list.length) await sendMessage(client, list[next++]!, policy);
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
