// Benchmark (not a test): a rolling restart of every process under load, as an operator would
// run one. Two API processes behind a small round-robin proxy (scripts/bench-rolling/
// round-robin-proxy.ts: health-checked on /readyz, a refused connection tried on the other
// backend), two of each worker (scrape, AI against a fake Messages API, webhooks), and a client
// that keeps submitting single domains, polling each until it ends and following a 500-domain
// batch's event stream, while every process is sent SIGTERM and started again, one at a time.
// Prints what the issue asks: requests failed (target 0), jobs lost (0), jobs run twice (0:
// a domain whose homepage was fetched more than once), and latency p99 during the restarts.
//
//   npm run bench:rolling
// Knobs: BENCH_BATCH (500 domains), BENCH_SUBMIT_EVERY_MS (200: one single submission each),
// BENCH_TIMEOUT_MS (300000: for the whole batch and every single job to end), and any service
// setting in the environment (SHUTDOWN_TIMEOUT_MS=0 shows what an abrupt stop costs).
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fleetCompanies } from './bench-pipeline/fleet-sites';
import { ClientLoad, percentile } from './support/client-load';
import { runMain } from './support/run-main';
import { startServiceFleet } from './support/service-fleet';

const BATCH = Number(process.env.BENCH_BATCH ?? 500);
const SUBMIT_EVERY_MS = Number(process.env.BENCH_SUBMIT_EVERY_MS ?? 200);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 300_000);
const SINGLES = 400; // sites made for single submissions; more than the run submits

async function main(): Promise<number> {
  const batchCompanies = fleetCompanies(BATCH, 0, 'rolling-batch');
  const singleCompanies = fleetCompanies(SINGLES, 0, 'rolling-single');
  console.log(
    `rolling restart benchmark: 2 API processes behind a round-robin proxy, 2 of each worker; a ${BATCH}-domain batch and a single ` +
      `submission every ${SUBMIT_EVERY_MS} ms; every process restarted in turn; ${os.cpus().length} CPUs`,
  );
  const fleet = await startServiceFleet({
    name: 'rolling',
    companies: [...batchCompanies, ...singleCompanies],
    replicas: 2,
    aiAnswers: 3 * (BATCH + SINGLES),
  });
  try {
    const load = new ClientLoad(fleet.baseUrl, fleet.key);

    // The load: a single submission every SUBMIT_EVERY_MS, open jobs polled every 250 ms.
    let submitting = true;
    let nextSingle = 0;
    const submitter = (async () => {
      while (submitting && nextSingle < SINGLES) {
        void load.submitSingle(singleCompanies[nextSingle++]!.domain);
        await sleep(SUBMIT_EVERY_MS);
      }
    })();
    let polling = true;
    const poller = (async () => {
      while (polling || load.openJobs > 0) {
        await load.pollOpen();
        await sleep(250);
      }
    })();

    const batchId = await load.submitBatch(batchCompanies.map((c) => c.domain));
    if (!batchId) throw new Error(`the batch was refused: ${load.failures.at(-1)}`);
    let batchDone = false;
    const stream = load.followBatch(batchId, () => batchDone);

    // The rolling restart: each process in turn gets SIGTERM, must exit by itself, and a new
    // one takes its place; the next waits until the new one is ready.
    await sleep(2000);
    const restartStarted = Date.now();
    const restarts: string[] = [];
    for (const slot of fleet.slots) {
      const old = slot.app!;
      const stopping = Date.now();
      old.child.kill('SIGTERM');
      const exit = await Promise.race([old.exited, sleep(90_000).then(() => null)]);
      if (!exit) {
        load.failures.push(`${slot.name} did not exit within 90 s of SIGTERM`);
        process.kill(-old.pid, 'SIGKILL');
        await old.exited;
      }
      const stoppedMs = Date.now() - stopping;
      await fleet.launch(slot);
      restarts.push(`${slot.name} ${(stoppedMs / 1000).toFixed(1)} s to stop (exit ${exit?.code ?? 'killed'})`);
      await sleep(1000);
    }
    const restartEnded = Date.now();
    submitting = false;
    await submitter;

    // Everything submitted must end: the batch and every single job.
    const deadline = Date.now() + TIMEOUT_MS;
    while ((await load.batchStatus(batchId)) !== 'completed' && Date.now() < deadline) await sleep(500);
    batchDone = true;
    polling = false;
    await Promise.race([poller, sleep(Math.max(0, deadline - Date.now()))]);
    const reconnects = await Promise.race([stream, sleep(5000).then(() => -1)]);

    // Jobs lost: accepted (202) and never ended. Jobs run twice: a homepage fetched more than once.
    const jobs = await fleet.db.enrichmentJob.findMany({ select: { id: true, status: true } });
    const notEnded = jobs.filter((job) => job.status === 'processing');
    const failedJobs = jobs.filter((job) => job.status === 'failed');
    const homepageFetches = new Map<string, number>();
    for (const hit of fleet.sites.hits) {
      if (hit.path !== '/') continue;
      const domain = hit.host.replace(/^www\./, '');
      homepageFetches.set(domain, (homepageFetches.get(domain) ?? 0) + 1);
    }
    const runTwice = [...homepageFetches.entries()].filter(([, n]) => n > 1);
    const during = load.samples.filter((s) => s.at >= restartStarted && s.at <= restartEnded);

    console.log('');
    for (const line of restarts) console.log(`  restarted ${line}`);
    console.log('');
    const row = (label: string, value: string | number, target = '', pass = true) =>
      console.log(
        `${label.padEnd(46)} ${String(value).padStart(10)}   ${target.padEnd(6)} ${target ? (pass ? 'PASS' : 'ABOVE TARGET') : ''}`,
      );
    row('requests', load.samples.length);
    row('requests failed (4xx/5xx or no answer)', load.failures.length, '0', load.failures.length === 0);
    row('jobs accepted (single + batch)', jobs.length);
    row('jobs lost (accepted, never ended)', notEnded.length, '0', notEnded.length === 0);
    row('jobs failed', failedJobs.length, '0', failedJobs.length === 0);
    row('jobs run twice (homepage fetched again)', runTwice.length, '0', runTwice.length === 0);
    row(
      'latency p50 ms during the restarts',
      percentile(
        during.map((s) => s.ms),
        50,
      ).toFixed(1),
    );
    row(
      'latency p99 ms during the restarts',
      percentile(
        during.map((s) => s.ms),
        99,
      ).toFixed(1),
    );
    row(
      'latency p99 ms over the whole run',
      percentile(
        load.samples.map((s) => s.ms),
        99,
      ).toFixed(1),
    );
    row('requests the proxy sent to the other API', fleet.proxy.retried);
    row('event stream reconnects (batch)', reconnects);
    console.log(`\nrestarts took ${((restartEnded - restartStarted) / 1000).toFixed(1)} s; the apps' output: ${fleet.logFile}`);
    if (load.failures.length > 0) console.log(`failures (first 10):\n  ${load.failures.slice(0, 10).join('\n  ')}`);
    if (runTwice.length > 0)
      console.log(
        `run twice (first 10): ${runTwice
          .slice(0, 10)
          .map(([d, n]) => `${d} ×${n}`)
          .join(', ')}`,
      );
    const pass = load.failures.length === 0 && notEnded.length === 0 && failedJobs.length === 0 && runTwice.length === 0;
    return pass ? 0 : 1;
  } finally {
    await fleet.stop();
  }
}

runMain(main);
