// Benchmark (not a test): `npm run bench:webhooks`. Signed webhook deliveries through ONE
// worker-webhooks process (its own process, as `npm start` runs it) to a local receiver, beside a
// baseline in the same run: the same signed messages POSTed straight to the receiver by one
// bare process (scripts/bench-webhooks/bare-poster.ts: standardwebhooks + Node's http, keep-alive,
// no queue, no database). Two measures:
//  - throughput: N deliveries owed at once (N completed jobs), queued in one go; deliveries per
//    second until the receiver has had them all; the bare process sends the same N bodies with the
//    same concurrency;
//  - latency: jobs completed one by one at a steady rate by the job store's completeJob (the
//    delivery recorded in the same statement) and queued as finalize queues them; time from each
//    job's completion to its arrival at the receiver (p50/p95); the bare process sends at the same
//    rate, from the moment it starts each POST.
// Settings: BENCH_DELIVERIES (2000), BENCH_RATE (50 jobs/s), BENCH_LATENCY_JOBS (500),
// WEBHOOK_CONCURRENCY (20); BENCH_CPU_PROF=1 (or --cpu-prof) runs the worker under node --cpu-prof
// and prints where its time went. Everything runs on its own database and queue prefix, removed at the end.
import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPrismaClient, type Db, dropDatabase, ensureDatabase, migrate, newId, newJobId } from '@enrich/db';
import { completeJob, noJobEvents } from '@enrich/jobs';
import { createLogger } from '@enrich/logger';
import { deliveryQueue } from '@enrich/pipeline';
import { bullPrefix, createRedisConnection, QueueName, removePrefixKeys, waitUntilConnected, webhookJobs } from '@enrich/queue';
import { type ChildApp, spawnApp, stopApps, WebhookReceiver } from '@enrich/testkit';
import { createEndpoint } from '@enrich/webhooks';
import { Queue } from 'bullmq';
import { fullCompanyRow } from './bench-api/company-row';
import { profileIn, summarizeProfile } from './support/cpu-profile';
import { cpuWindow, pidsMatching } from './support/machine';

const N = Number(process.env.BENCH_DELIVERIES ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const LATENCY_JOBS = Number(process.env.BENCH_LATENCY_JOBS ?? 500);
const CONCURRENCY = Number(process.env.WEBHOOK_CONCURRENCY ?? 20);
const base = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/enrichment');
base.pathname = '/enrich_bench_webhooks';
const DATABASE_URL = base.toString();
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `bench-webhooks-${process.pid}`;
const HOOKS = 'hooks.bench-webhooks.test';
const LOG_FILE = path.join(os.tmpdir(), 'company-enrichment-bench-webhooks.log');
const RETRY = { attempts: 3, backoffMs: 1000 };
const CPU_PROF = process.env.BENCH_CPU_PROF === '1' || process.argv.includes('--cpu-prof');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
};

/** `count` jobs still processing, each with a full stored company: completing one owes a delivery. */
async function seedJobs(db: Db, teamId: string, label: string, count: number): Promise<string[]> {
  const domains = Array.from({ length: count }, (_, i) => `${label}-${i}.bench-webhooks.com`);
  await db.company.createMany({ data: domains.map((domain) => fullCompanyRow(domain)) as never });
  const ids = domains.map(() => newJobId());
  await db.enrichmentJob.createMany({ data: ids.map((id, i) => ({ id, teamId, domain: domains[i]!, status: 'processing' as const })) });
  return ids;
}

/**
 * Ends a job completed exactly as finalize does (the delivery owed in the same statement), with
 * no event stream to tell; its time and deliveries.
 */
async function complete(db: Db, jobId: string): Promise<{ at: number; deliveries: string[] }> {
  const now = new Date();
  const ended = await completeJob(db, noJobEvents, jobId);
  return { at: now.getTime(), deliveries: ended.deliveries };
}

/** First 2xx arrival per webhook-id at `pathname`. */
function arrivals(receiver: WebhookReceiver, pathname: string): Map<string, number> {
  const first = new Map<string, number>();
  for (const hit of receiver.received) {
    const id = hit.headers['webhook-id'] as string;
    if (hit.path === pathname && hit.status === 200 && !first.has(id)) first.set(id, hit.at);
  }
  return first;
}

async function waitForArrivals(receiver: WebhookReceiver, pathname: string, count: number): Promise<Map<string, number>> {
  await receiver.waitFor(() => arrivals(receiver, pathname).size >= count, 600_000);
  return arrivals(receiver, pathname);
}

interface Measure {
  perSecond: number;
  /** CPU ms per delivery of the sender, the receiver (this process) and, for the worker, PostgreSQL's backends. */
  cpuMs: number;
  p50: number;
  p95: number;
  otherCpu: number;
}

async function runBare(
  receiver: WebhookReceiver,
  secret: string,
  messages: { id: string; body: string }[],
  pathname: string,
  ratePerSecond?: number,
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-webhooks-'));
  const input = path.join(dir, 'input.json');
  const url = `http://127.0.0.1:${receiver.port}${pathname}`;
  writeFileSync(input, JSON.stringify({ url, secret, concurrency: CONCURRENCY, ratePerSecond, messages }));
  const poster = spawnApp('bare-poster', 'scripts/bench-webhooks/bare-poster.ts', { ...process.env, BARE_INPUT: input });
  const window = cpuWindow(() => [poster.pid]);
  const line = await poster.waitForLine(/^\{"wallMs"/, 600_000);
  const cpu = window.end();
  await poster.exited;
  const { startedAt } = JSON.parse(line) as { wallMs: number; startedAt: Record<string, number> };
  const arrived = await waitForArrivals(receiver, pathname, messages.length);
  return { startedAt, arrived, cpuMs: cpu.ownMs / messages.length, otherCpu: cpu.otherMs / (cpu.wallMs * os.cpus().length) };
}

async function main(): Promise<void> {
  await dropDatabase(DATABASE_URL);
  await ensureDatabase(DATABASE_URL);
  await migrate(DATABASE_URL);
  const db = createPrismaClient(DATABASE_URL, { maxConnections: 10 });
  const redis = createRedisConnection(REDIS_URL, 'worker');
  await waitUntilConnected(redis, 5000);
  const queue = new Queue(QueueName.webhook, { connection: redis, prefix: bullPrefix(PREFIX) });
  const receiver = new WebhookReceiver();
  await receiver.start();
  const log = createWriteStream(LOG_FILE);
  const apps: ChildApp[] = [];
  try {
    const team = await db.team.create({ data: { id: newId('team'), name: 'bench-webhooks', plan: 'enterprise' } });
    const { secret } = await createEndpoint(db, team.id, { url: `http://${HOOKS}/in`, events: ['job.completed'] });
    const env = {
      ...process.env,
      DATABASE_URL,
      REDIS_URL,
      // This script reads and clears the queues in Redis itself.
      QUEUE_STORE: 'redis',
      QUEUE_PREFIX: PREFIX,
      LOG_LEVEL: 'warn',
      WEBHOOK_HOST_MAP: receiver.hostMapEntry(HOOKS),
      WEBHOOK_CONCURRENCY: String(CONCURRENCY),
    };
    const profileDir = CPU_PROF ? mkdtempSync(path.join(os.tmpdir(), 'bench-webhooks-prof-')) : undefined;
    const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const worker = spawnApp('worker-webhooks', 'apps/worker-webhooks/src/main.ts', { ...env, LOG_LEVEL: 'info' }, log, nodeArgs);
    apps.push(worker);
    await worker.waitForLine(/"msg":"worker-webhooks ready"/, 60_000);
    const ownPids = () => [worker.pid, ...pidsMatching(/postgres: .*enrich_bench_webhooks/)];

    // Throughput: N deliveries owed at once.
    const jobs = await seedJobs(db, team.id, 'burst', N);
    const owed: string[] = [];
    for (let i = 0; i < jobs.length; i += 10) {
      for (const ended of await Promise.all(jobs.slice(i, i + 10).map((id) => complete(db, id)))) owed.push(...ended.deliveries);
    }
    if (owed.length !== N) throw new Error(`expected ${N} deliveries owed, got ${owed.length}`);
    let window = cpuWindow(ownPids);
    const queuedAt = Date.now();
    await queue.addBulk(webhookJobs(owed, RETRY));
    const burst = await waitForArrivals(receiver, '/in', N);
    let cpu = window.end();
    const burstMs = Math.max(...burst.values()) - queuedAt;
    const workerBurst = { perSecond: (N * 1000) / burstMs, cpuMs: cpu.ownMs / N, otherCpu: cpu.otherMs / (cpu.wallMs * os.cpus().length) };

    // Latency: jobs completed one by one at RATE per second.
    const steady = await seedJobs(db, team.id, 'steady', LATENCY_JOBS);
    const deliveries = deliveryQueue(queue, RETRY, createLogger('silent'));
    const completedAt = new Map<string, number>();
    window = cpuWindow(ownPids);
    const started = performance.now();
    const pending: Promise<void>[] = [];
    for (const [i, jobId] of steady.entries()) {
      const due = started + (i * 1000) / RATE;
      if (due > performance.now()) await sleep(due - performance.now());
      pending.push(
        complete(db, jobId).then(async ({ at, deliveries: ids }) => {
          for (const id of ids) completedAt.set(id, at);
          await deliveries.queue(ids);
        }),
      );
    }
    await Promise.all(pending);
    const steadyArrivals = await waitForArrivals(receiver, '/in', N + LATENCY_JOBS);
    cpu = window.end();
    const latencies = [...completedAt].map(([id, at]) => steadyArrivals.get(id)! - at);
    const workerSteady = {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      otherCpu: cpu.otherMs / (cpu.wallMs * os.cpus().length),
    };
    await sleep(500); // the last attempts are recorded just after their answer
    const attempts = await db.webhookAttempt.count();
    const delivered = await db.webhookDelivery.count({ where: { status: 'delivered' } });
    await stopApps(apps);
    const profile = profileDir && profileIn(profileDir);
    if (profile) printProfile(summarizeProfile(profile, queuedAt - worker.spawnedAt), profile);

    // The baseline: the same bodies, signed and POSTed by one bare process.
    const sent = await db.webhookDelivery.findMany({ where: { id: { in: owed } }, select: { id: true, payload: true } });
    const messages = sent.map((d) => ({ id: `bare_${d.id}`, body: d.payload! }));
    const bareBurst = await runBare(receiver, secret, messages, '/bare-burst');
    const bareBurstMs = Math.max(...bareBurst.arrived.values()) - Math.min(...Object.values(bareBurst.startedAt));
    const bareSteady = await runBare(receiver, secret, messages.slice(0, LATENCY_JOBS), '/bare-steady', RATE);
    const bareLatencies = Object.entries(bareSteady.startedAt).map(([id, at]) => bareSteady.arrived.get(id)! - at);

    const worker1: Measure = { ...workerBurst, ...workerSteady, otherCpu: Math.max(workerBurst.otherCpu, workerSteady.otherCpu) };
    const bare: Measure = {
      perSecond: (N * 1000) / bareBurstMs,
      cpuMs: bareBurst.cpuMs,
      p50: percentile(bareLatencies, 50),
      p95: percentile(bareLatencies, 95),
      otherCpu: Math.max(bareBurst.otherCpu, bareSteady.otherCpu),
    };
    report(worker1, bare, { attempts, delivered, bytes: Buffer.byteLength(messages[0]!.body) });
  } finally {
    await stopApps(apps);
    await queue.close();
    await removePrefixKeys(redis, PREFIX);
    redis.disconnect();
    await receiver.stop();
    await db.$disconnect();
    await dropDatabase(DATABASE_URL);
    log.end();
  }
}

function printProfile(summary: ReturnType<typeof summarizeProfile>, file: string): void {
  console.log(
    `\nworker-webhooks CPU profile from the burst on (${file}): ${summary.totalMs.toFixed(0)} ms busy, ${summary.idleMs.toFixed(0)} ms idle`,
  );
  for (const [name, ms] of summary.byModule) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
  console.log('  top functions:');
  for (const [name, ms] of summary.byFunction) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
}

function report(worker: Measure, bare: Measure, seen: { attempts: number; delivered: number; bytes: number }): void {
  const n = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
  const rows: [string, string, string, string][] = [
    ['deliveries per second (burst)', n(worker.perSecond), n(bare.perSecond), n(worker.perSecond / bare.perSecond, 2)],
    ['CPU ms per delivery (burst)', n(worker.cpuMs, 2), n(bare.cpuMs, 2), n(worker.cpuMs / bare.cpuMs, 2)],
    ['completion → delivery p50 (ms)', n(worker.p50, 1), n(bare.p50, 1), n(worker.p50 / bare.p50, 2)],
    ['completion → delivery p95 (ms)', n(worker.p95, 1), n(bare.p95, 1), n(worker.p95 / bare.p95, 2)],
    ['other processes’ CPU share', `${n(worker.otherCpu * 100)}%`, `${n(bare.otherCpu * 100)}%`, ''],
  ];
  const widths = [0, 1, 2, 3].map((i) =>
    Math.max(...[['Measure', 'worker-webhooks', 'bare signed POSTs', 'ratio'], ...rows].map((r) => r[i]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  console.log(
    `\nWebhook deliveries: one worker-webhooks process (WEBHOOK_CONCURRENCY=${CONCURRENCY}) against a local receiver; ` +
      `${N} deliveries at once, then ${LATENCY_JOBS} jobs completed at ${RATE}/s; bodies of ${seen.bytes} bytes; ` +
      `${os.cpus().length} CPUs shared by the sender, receiver, PostgreSQL and Redis.\n`,
  );
  console.log(line(['Measure', 'worker-webhooks', 'bare signed POSTs', 'ratio']));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
  console.log(
    `\n${seen.delivered} of ${N + LATENCY_JOBS} deliveries delivered in ${seen.attempts} attempts. ` +
      `Latency is from the job's completion (the statement that ends it and owes the delivery) to its arrival at the receiver (body read); ` +
      `for the baseline, from the start of each POST. CPU counts the sender, the receiver (this process) and, for the ` +
      `worker, its PostgreSQL backends (Redis is among the other processes). Worker log: ${LOG_FILE}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
