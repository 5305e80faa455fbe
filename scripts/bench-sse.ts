// Benchmark (not a test): the event streams on one API process, run as `npm run start:api`
// runs it (a child process: apps/api/src/main.ts under tsx, default settings: a 15 s
// heartbeat), with its own database and queue prefix and no workers, so jobs change state only
// when this script changes them through the job store, exactly as a worker would.
//
//   1. 1,000 jobs (one bulk request), then 1,000 open streams, one per job (GET /enrich/{id}/events,
//      real HTTP connections); every stream must deliver its first event.
//   2. The API's memory before and with the streams (after a full GC, through a preloaded probe
//      that answers SIGUSR2: scripts/bench-sse/memory-probe.cjs), per stream = delta / 1,000; and
//      its CPU while the streams sit idle for one heartbeat interval.
//   3. The delay from a state change to its event: each job completed through the job store
//      (completeJob) one after another, from its commit (the job store announces right after it)
//      until the `completed` event arrives on that job's stream (which the API builds from
//      Postgres: it carries the record); and from the completeJob call, which adds the
//      transaction. Beside it, in the same run, the baseline: a bare Redis pub/sub round trip
//      between two connections of this process, and the ratio; and what one poll of a job
//      takes (keep-alive fetch), since a job's event is a wake-up plus the poll's read.
//   4. A burst: the batch stream of a 1,000-item batch while its items are ended 20 at a time.
//
//   npm run bench:sse
// Options (or environment): --streams N (BENCH_SSE_STREAMS, 1000), BENCH_LOG_LEVEL (the API's
// LOG_LEVEL, warn), DATABASE_URL (its server), REDIS_URL.
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { apiEnv } from '@enrich/api';
import { issueApiKey, setTeamLimits } from '@enrich/api-keys';
import { loadConfig } from '@enrich/config';
import { createPrismaClient, type Db, dropDatabase, ensureDatabase, migrate } from '@enrich/db';
import { completeJob, JOB_EVENT_SEQ, type JobEvents, markJobStarted, redisJobEvents } from '@enrich/jobs';
import { bullPrefix, createRedisConnection, removePrefixKeys, waitUntilConnected } from '@enrich/queue';
import { type ChildApp, freePort, SseClient, spawnApp, stopApps } from '@enrich/testkit';
import type { Redis } from 'ioredis';
import { waitForApi } from './support/enrich-client';
import { processCpuMs } from './support/machine';
import { runMain } from './support/run-main';

const { values: args } = parseArgs({ options: { streams: { type: 'string' } } });
const STREAMS = Number(args.streams ?? process.env.BENCH_SSE_STREAMS ?? 1000);
if (!Number.isInteger(STREAMS) || STREAMS < 10 || STREAMS > 1000)
  throw new Error(`--streams must be a whole number from 10 to 1,000 (one bulk request), not ${args.streams}`);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const HEARTBEAT_MS = 15_000; // the API's default (SSE_HEARTBEAT_MS), as npm run start:api has it
const OPEN_CONCURRENCY = 50;
const BURST_CONCURRENCY = 20;

const dbUrl = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/enrichment');
dbUrl.pathname = `/enrich_bench_sse_${process.pid}`;
const DATABASE_URL = dbUrl.toString();
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `bench-sse-${process.pid}`;
const LOG_FILE = path.join(os.tmpdir(), 'company-enrichment-bench-sse.log');
const PROBE = path.join(__dirname, 'bench-sse', 'memory-probe.cjs');

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const ms = (n: number) => `${n.toFixed(2)} ms`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/** The API's memory after a full GC, from the probe it was started with. */
async function apiMemory(app: ChildApp, file: string): Promise<Memory> {
  const before = (() => {
    try {
      return statSync(file).mtimeMs;
    } catch {
      return 0;
    }
  })();
  process.kill(app.pid, 'SIGUSR2');
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if (statSync(file).mtimeMs !== before) return JSON.parse(readFileSync(file, 'utf8')) as Memory;
    } catch {
      // not written yet
    }
    if (Date.now() > deadline) throw new Error('the API did not report its memory (probe not loaded?)');
    await sleep(20);
  }
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

/** Bare Redis pub/sub round trips between two connections of this process (the baseline). */
async function pubSubRoundTrips(count: number): Promise<number[]> {
  const publisher = createRedisConnection(REDIS_URL, 'worker');
  const subscriber = createRedisConnection(REDIS_URL, 'worker');
  const channel = `{${PREFIX}}:baseline`;
  try {
    await subscriber.subscribe(channel);
    let arrived: (() => void) | undefined;
    subscriber.on('message', () => arrived?.());
    const trips: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const got = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const start = performance.now();
      await publisher.publish(channel, String(i));
      await got;
      trips.push(performance.now() - start);
    }
    return trips;
  } finally {
    publisher.disconnect();
    subscriber.disconnect();
  }
}

/** Stored companies for the domains, so that a completed job's event carries a record (finalize writes one). */
async function storeCompanies(db: Db, domains: string[]): Promise<void> {
  await db.company.createMany({
    data: domains.map((domain) => ({
      domain,
      name: `Company ${domain}`,
      description: 'A company the SSE benchmark made up.',
      industry: 'Software',
      confidence: 40,
      sources: ['website'],
      provenance: {},
    })),
  });
}

async function main(): Promise<number> {
  console.log(
    `SSE benchmark: ${STREAMS.toLocaleString('en-US')} streams on 1 API process (npm run start:api, heartbeat ${HEARTBEAT_MS / 1000} s), ` +
      `no workers; node ${process.version}, ${os.cpus().length} CPUs, load average ${loadavg()}`,
  );
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => console.error(`cleanup: ${(error as Error).message}`));
    cleanups.length = 0;
  };
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  const streams: SseClient[] = [];
  try {
    await dropDatabase(DATABASE_URL);
    await ensureDatabase(DATABASE_URL);
    cleanups.push(() => dropDatabase(DATABASE_URL));
    await migrate(DATABASE_URL);
    const db = createPrismaClient(DATABASE_URL, { maxConnections: BURST_CONCURRENCY + 2 });
    cleanups.push(() => db.$disconnect());
    const redis: Redis = createRedisConnection(REDIS_URL, 'worker');
    await waitUntilConnected(redis, 5000);
    cleanups.push(async () => redis.disconnect());
    cleanups.push(() => removePrefixKeys(redis, PREFIX));
    // The job store's announcements, as a worker makes them. The job store announces right
    // after the commit: that moment is noted per job, as the moment of the state change.
    const published = redisJobEvents(redis, bullPrefix(PREFIX), (error) => {
      throw error;
    });
    const committedAt = new Map<string, number>();
    const events: JobEvents = {
      jobChanged(jobId, seq) {
        if (seq === JOB_EVENT_SEQ.ended) committedAt.set(jobId, performance.now());
        return published.jobChanged(jobId, seq);
      },
      batchItemEnded: (event) => published.batchItemEnded(event),
      jobEnded(jobId, batchItem) {
        committedAt.set(jobId, performance.now());
        return published.jobEnded(jobId, batchItem);
      },
    };

    const { key } = await issueApiKey(db, 'bench-sse', 'enterprise');
    await setTeamLimits(db, 'bench-sse', { rateLimitPerMinute: 1_000_000, rateLimitPerDay: null, monthlyQuota: 1_000_000 });

    const port = await freePort();
    const memoryDir = mkdtempSync(path.join(os.tmpdir(), 'bench-sse-'));
    cleanups.push(async () => rmSync(memoryDir, { recursive: true, force: true }));
    const memoryFile = path.join(memoryDir, 'memory.json');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL,
      REDIS_URL,
      // This script reads and clears the queues in Redis itself.
      QUEUE_STORE: 'redis',
      QUEUE_PREFIX: PREFIX,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL,
      BENCH_MEMORY_FILE: memoryFile,
    };
    loadConfig(apiEnv, env); // a bad setting stops here, as `npm run start:api` would
    const log = createWriteStream(LOG_FILE);
    cleanups.push(() => new Promise((resolve) => log.end(resolve)));
    const apps: ChildApp[] = [];
    cleanups.push(() => stopApps(apps));
    const api = spawnApp('api', 'apps/api/src/main.ts', env, log, ['--require', PROBE]);
    apps.push(api);
    const base = `http://127.0.0.1:${port}`;
    await waitForApi(base, 60_000);
    const auth = { authorization: `Bearer ${key}` };
    const post = async (urlPath: string, body: unknown) => {
      const res = await fetch(`${base}${urlPath}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 202) throw new Error(`POST ${urlPath} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      return (await res.json()) as { batchId: string; jobs: { jobId: string; domain: string }[] };
    };

    // 1. The jobs, processing (nothing works on them), then one stream each.
    const domains = Array.from({ length: STREAMS }, (_, i) => `sse${process.pid}-${i}.com`);
    const { jobs } = await post('/enrich/bulk', { domains });
    await storeCompanies(db, domains);
    // Warm the API's paths (a stream opened and closed), then its resting memory.
    const warm = await SseClient.open(`${base}/enrich/${jobs[0]!.jobId}/events`, auth);
    await warm.waitForEvents(1);
    warm.close();
    await sleep(500);
    const before = await apiMemory(api, memoryFile);

    const openStart = performance.now();
    await pool(jobs, OPEN_CONCURRENCY, async (job, i) => {
      const stream = await SseClient.open(`${base}/enrich/${job.jobId}/events`, auth);
      if (stream.status !== 200) throw new Error(`stream ${i}: status ${stream.status}`);
      await stream.waitForEvents(1, 30_000);
      streams[i] = stream;
    });
    const openMs = performance.now() - openStart;
    const firstEvents = streams.filter((s) => s.events[0]?.event === 'processing').length;
    await sleep(500);
    const withStreams = await apiMemory(api, memoryFile);

    // 2. Idle: one heartbeat interval (and a bit) with every stream open.
    const cpuBefore = processCpuMs(api.pid);
    const idleStart = performance.now();
    await sleep(HEARTBEAT_MS + 1000);
    const idleCpuMs = processCpuMs(api.pid) - cpuBefore;
    const idleWallMs = performance.now() - idleStart;
    const heartbeats = streams.filter((s) => s.comments.includes('heartbeat')).length;

    // 3. Each job completed through the job store, one after another: delay to its event.
    const baseline = await pubSubRoundTrips(STREAMS);
    // A second yardstick: what one poll of a job costs a client (the stream's event is a wake-up plus that read).
    const polls: number[] = [];
    for (let i = 0; i < STREAMS; i += 1) {
      const start = performance.now();
      const res = await fetch(`${base}/enrich/${jobs[i]!.jobId}`, { headers: auth });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`poll answered ${res.status}`);
      polls.push(performance.now() - start);
    }
    const delays: number[] = [];
    const fromCall: number[] = [];
    for (const [i, job] of jobs.entries()) {
      const stream = streams[i]!;
      const seen = stream.events.length;
      const start = performance.now();
      if (!(await completeJob(db, events, job.jobId)).ended) throw new Error(`job ${i} was not processing`);
      await stream.waitForEvents(seen + 1, 10_000);
      const event = stream.events[seen]!;
      if (event.event !== 'completed') throw new Error(`stream ${i}: ${event.event} instead of completed`);
      delays.push(event.at - committedAt.get(job.jobId)!);
      fromCall.push(event.at - start);
    }
    await Promise.all(streams.map((s) => s.waitForEnd(10_000)));

    // 4. A burst: a batch of the same size, its items started and ended 20 at a time, on its stream.
    const batch = await post('/enrich/bulk', { domains: domains.map((d) => `b-${d}`) });
    await storeCompanies(
      db,
      batch.jobs.map((j) => j.domain),
    );
    const batchStream = await SseClient.open(`${base}/enrich/bulk/${batch.batchId}/events`, auth);
    await batchStream.waitForEvents(1);
    const burstStart = performance.now();
    await pool(batch.jobs, BURST_CONCURRENCY, async (job) => {
      await markJobStarted(db, events, job.jobId);
      await completeJob(db, events, job.jobId);
    });
    await batchStream.waitForEnd(30_000);
    const burstMs = performance.now() - burstStart;
    const itemEvents = batchStream.events.filter((e) => e.event === 'item');
    const burstDelays = itemEvents.map((e) => e.at - committedAt.get((JSON.parse(e.data) as { item: { jobId: string } }).item.jobId)!);
    const inOrder = itemEvents.every((e, i) => Number(e.id) === i + 1);

    // The report.
    const rows: [string, string, string, string][] = [];
    const row = (name: string, a: string, b = '', c = '') => rows.push([name, a, b, c]);
    row(
      'streams open',
      `${streams.length.toLocaleString('en-US')}`,
      `first event on ${firstEvents.toLocaleString('en-US')}`,
      `opened in ${(openMs / 1000).toFixed(1)} s (${OPEN_CONCURRENCY} at a time)`,
    );
    row('API memory after GC', 'before', `with ${STREAMS.toLocaleString('en-US')} streams`, 'per stream');
    for (const field of ['rss', 'heapUsed', 'external'] as const)
      row(`  ${field}`, mib(before[field]), mib(withStreams[field]), kib((withStreams[field] - before[field]) / STREAMS));
    row(
      'API CPU, streams idle',
      `${idleCpuMs} ms in ${(idleWallMs / 1000).toFixed(1)} s`,
      `${((100 * idleCpuMs) / idleWallMs).toFixed(2)}% of a core`,
      `heartbeat seen on ${heartbeats.toLocaleString('en-US')} streams`,
    );
    row('', 'p50', 'p95', 'p99');
    row('state change → event', ms(percentile(delays, 50)), ms(percentile(delays, 95)), ms(percentile(delays, 99)));
    row('baseline: Redis pub/sub', ms(percentile(baseline, 50)), ms(percentile(baseline, 95)), ms(percentile(baseline, 99)));
    row(
      'ratio to the baseline',
      `${(percentile(delays, 50) / percentile(baseline, 50)).toFixed(1)}×`,
      `${(percentile(delays, 95) / percentile(baseline, 95)).toFixed(1)}×`,
      `${(percentile(delays, 99) / percentile(baseline, 99)).toFixed(1)}×`,
    );
    row('one poll (GET /enrich/{id})', ms(percentile(polls, 50)), ms(percentile(polls, 95)), ms(percentile(polls, 99)));
    row('completeJob call → event', ms(percentile(fromCall, 50)), ms(percentile(fromCall, 95)), ms(percentile(fromCall, 99)));
    row(
      `burst: batch of ${STREAMS.toLocaleString('en-US')}`,
      ms(percentile(burstDelays, 50)),
      ms(percentile(burstDelays, 95)),
      `${itemEvents.length.toLocaleString('en-US')} item events ${inOrder ? 'in order' : 'OUT OF ORDER'}, ${Math.round(STREAMS / (burstMs / 1000))} items/s`,
    );
    const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => r[c]!.length)));
    console.log('');
    for (const r of rows)
      console.log(
        r
          .map((cell, c) => cell.padEnd(widths[c]!))
          .join('  ')
          .trimEnd(),
      );
    console.log(
      `\nA state change is a job completed through the job store (completeJob), one at a time (n=${delays.length.toLocaleString('en-US')}); ` +
        'its delay runs from the commit (when the job store announces it) until the event arrived on the job’s stream, which ' +
        'the API builds from Postgres (it carries the record). "completeJob call → event" adds the statement that ends the job. The ' +
        `burst ends a batch's items ${BURST_CONCURRENCY} at a time (they queue on the batch row's lock), its delays from each commit ` +
        `to its item event on the batch's stream. API log: ${LOG_FILE}`,
    );
    const faults = [
      firstEvents !== STREAMS && `${STREAMS - firstEvents} streams without their first event`,
      heartbeats !== STREAMS && `${STREAMS - heartbeats} streams without a heartbeat`,
      itemEvents.length !== STREAMS && `${itemEvents.length} item events for ${STREAMS} items`,
      !inOrder && 'item events out of order',
    ].filter(Boolean);
    if (faults.length) console.log(`\n!!! INVALID: ${faults.join('; ')}`);
    return faults.length ? 1 : 0;
  } finally {
    for (const s of streams) s?.close();
    await cleanUp();
  }
}

runMain(main);
