import type { ProfileSummary } from '../support/cpu-profile';
import type { BatchItem } from '../support/enrich-client';
import type { Bound } from './ideal';
import { type ChildrenReport, mb, type ProcessReport } from './process-sampler';
import { type DomainTimeline, peakOverlap, percentile, segments } from './timeline';

// The benchmark's printout: the measurement beside its ideal, where the time went, and what
// each process used.

export const RATIO_TARGET = 1.3;
export const RSS_TARGET_MB = 400;
/** CPU targets per unit of work: what a worker may spend on each rendered page, domain and call. */
export const CPU_TARGETS = {
  /** Chromium CPU-s per rendered page, its launches included. */
  chromiumPerRenderS: 0.5,
  /** worker-scrape CPU ms per domain (every domain of the line, the JavaScript shells' share included). */
  scrapePerDomainMs: 30,
  /**
   * worker-ai CPU ms per model call beside the call itself: its CPU per call, less the CPU of
   * the bare SDK call measured alone in the same run (model-call-baseline.ts).
   */
  aiBesideCallMs: 5,
};

export interface BenchResult {
  domains: number;
  scrapeConcurrency: string;
  wallMs: number;
  acceptedMs: number;
  idealMs: number;
  bounds: Bound[];
  incomplete: BatchItem[];
  requestsServed: number;
  linkedinRequests: number;
  /** "static: / /about …" → how many domains were served exactly those paths. */
  requestShapes: Map<string, number>;
  /** Sequential round trips of the website scrape (as stored by each domain's crawl) → how many domains. */
  scrapeTrips: Map<number, number>;
  /** Domains without a stored round-trip count, left out of the ideal. */
  unmeasured: number;
  modelRequests: number;
  modelMaxInFlight: number;
  timelines: DomainTimeline[];
  memory: { processes: ProcessReport[]; children: ChildrenReport; groups: { name: string; processes: number; cpuS: number }[] };
  samples: number;
  samplerCostMs: number;
  idleRssKb: Map<number, number>;
  benchCpuS: number;
  machineBusyS: number;
  cores: number;
  loadAfter: string;
  logFile: string;
}

export const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const msText = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(0)} ms` : '—');

export function formatReport(r: BenchResult): string {
  const out: string[] = [];
  const line = (text = '') => out.push(text);
  const ratio = r.wallMs / r.idealMs;
  line();
  line(
    `wall time: ${secs(r.wallMs)} from POST /api/enrich/bulk to the poll that saw the batch completed (202 after ${msText(r.acceptedMs)}; polled every 100 ms)`,
  );
  line(`ideal:     ${secs(r.idealMs)}, the largest of these lower bounds (network waits only; CPU, database and queue cost 0):`);
  for (const b of r.bounds) line(`  ${b.ms === r.idealMs ? '▶' : ' '} ${b.name.padEnd(34)} ${secs(b.ms).padStart(8)}   = ${b.formula}`);
  line(`  (a stage's bound: shortest time before it + Σ per-domain work in it / its slots + shortest time after it;`);
  line(`   AI slots = min(AI_STEP_CONCURRENCY, AI_CONCURRENCY) = one worker-ai process's model calls in flight)`);
  line(`ratio:     ${ratio.toFixed(2)} (target ≤ ${RATIO_TARGET}) ${verdict(ratio <= RATIO_TARGET)}`);
  line();
  const notDone = r.incomplete.slice(0, 5).map((i) => `${i.domain} ${i.status} [${i.data?.sources.join(',') ?? i.error?.code}]`);
  line(
    `completed: ${r.domains - r.incomplete.length}/${r.domains} with sources website + linkedin + ai${notDone.length ? `; NOT: ${notDone.join('; ')}` : ''}`,
  );
  line(
    `requests served: ${r.requestsServed} (${r.linkedinRequests} LinkedIn pages); model requests: ${r.modelRequests}, at most ${r.modelMaxInFlight} at once`,
  );
  for (const [shape, count] of r.requestShapes) line(`  ${String(count).padStart(3)} × ${shape}`);
  const trips = [...r.scrapeTrips].sort(([a], [b]) => a - b).map(([n, count]) => `${count} × ${n}`);
  line(
    `website scrape round trips in a row, as each domain's crawl stored them (source_results): ${trips.join(', ')}` +
      (r.unmeasured ? `; ${r.unmeasured} domains stored none and are left out of the ideal` : ''),
  );

  const t = r.timelines;
  line();
  line('where the time went (per domain; p50 / p95 / max):');
  for (const seg of segments(t)) {
    line(
      `  ${seg.name.padEnd(52)} ${msText(percentile(seg.values, 50)).padStart(8)} ${msText(percentile(seg.values, 95)).padStart(8)} ${msText(Math.max(...seg.values)).padStart(8)}`,
    );
  }
  line(
    `  at once: ${peakOverlap(t, 'scrapeStarted', 'linkedinSaved')} scrapes (of ${r.scrapeConcurrency}), ` +
      `${peakOverlap(t, 'aiRequested', 'aiSaved')} AI steps between model request and save, ${peakOverlap(t, 'aiSaved', 'completed')} waiting for or in finalize`,
  );
  const first = Math.min(...t.map((x) => x.created));
  const at = (pick: (x: DomainTimeline) => number, f: (...v: number[]) => number) => secs(f(...t.map(pick)) - first);
  line(
    `  from the first job's creation: scrapes end at ${at((x) => x.linkedinSaved, Math.max)}, ` +
      `model calls run ${at((x) => x.aiRequested, Math.min)}–${at((x) => x.aiSaved, Math.max)}, last job completes at ${at((x) => x.completed, Math.max)}`,
  );

  const { processes, children: ch, groups } = r.memory;
  line();
  line(
    `memory and CPU during the batch (sampled every 100 ms: ${r.samples} samples, costing this process ${secs(r.samplerCostMs)}; Chromium's PSS every second):`,
  );
  for (const p of processes) {
    const target = p.name.startsWith('worker')
      ? `  (target < ${RSS_TARGET_MB} MB: ${p.peakRssKb / 1024 < RSS_TARGET_MB ? 'OK' : 'ABOVE'})`
      : '';
    line(
      `  ${p.name.padEnd(14)} pid ${String(p.pid).padEnd(7)} peak RSS ${mb(p.peakRssKb).padStart(7)}  VmHWM ${mb(p.hwmKb).padStart(7)}  ` +
        `(idle after start ${mb(r.idleRssKb.get(p.pid) ?? 0)})  CPU ${p.cpuS.toFixed(1)} s${target}`,
    );
  }
  const names = [...new Set(ch.processes.values())].join(', ') || 'none';
  line(
    `  Chromium (children of worker-scrape: ${ch.processes.size} processes over the run, at most ${ch.peakCount} at once; ${names}): ` +
      `peak Σ RSS ${mb(ch.peakRssSumKb)}, peak Σ PSS ${mb(ch.peakPssSumKb)}, largest single VmHWM ${mb(ch.maxHwmKb)}, CPU ≥ ${ch.cpuS.toFixed(1)} s`,
  );
  for (const g of groups) line(`  ${g.name} (${g.processes} processes): CPU ${g.cpuS.toFixed(1)} s`);
  line(`  this benchmark process (fixture sites, fake model, polling, sampling): CPU ${r.benchCpuS.toFixed(1)} s`);
  const pipelineS = ch.cpuS + processes.reduce((a, p) => a + p.cpuS, 0) + groups.reduce((a, g) => a + g.cpuS, 0);
  line(
    `  CPU floor: the pipeline (apps, Chromium, PostgreSQL, Redis) used ${pipelineS.toFixed(1)} CPU-s, the harness ${r.benchCpuS.toFixed(1)}; ` +
      `on ${r.cores} cores that alone takes ≥ ${((pipelineS + r.benchCpuS) / r.cores).toFixed(1)} s`,
  );
  const available = (r.cores * r.wallMs) / 1000;
  line(
    `  whole machine: ${r.machineBusyS.toFixed(1)} CPU-s busy of ${available.toFixed(1)} available (${((r.machineBusyS * 100) / available).toFixed(0)}%); ` +
      `${Math.max(0, r.machineBusyS - pipelineS - r.benchCpuS).toFixed(1)} s of it by other processes on the machine`,
  );
  line(`load average after: ${r.loadAfter} (before: in the header); service logs: ${r.logFile}`);
  return out.join('\n');
}

export function formatProfile(app: string, summary: ProfileSummary): string {
  const lines = [
    `\n${app} CPU profile from the batch's start (${secs(summary.totalMs)} on CPU, ${secs(summary.idleMs)} idle), self time by module:`,
  ];
  for (const [name, ms] of summary.byModule) lines.push(`  ${msText(ms).padStart(8)}  ${name}`);
  lines.push('  hottest functions (self time):');
  for (const [name, ms] of summary.byFunction) lines.push(`  ${msText(ms).padStart(8)}  ${name}`);
  return lines.join('\n');
}

/** What one line of the benchmark measured, per unit of work, and whether its targets were met. */
export interface LineFigures {
  domains: number;
  scrapeWorkers: number;
  wallMs: number;
  idealMs: number;
  renders: number;
  modelCalls: number;
  chromiumPerRenderS: number;
  scrapePerDomainMs: number;
  aiPerCallMs: number;
  /** CPU ms of the bare SDK call per call, measured alone (model-call-baseline.ts). */
  modelCallMs: number;
  /** aiPerCallMs less modelCallMs: what worker-ai spends per call beside the call itself. */
  aiBesideCallMs: number;
  /** Highest peak RSS of any worker process, MB. */
  peakWorkerRssMb: number;
  targetsMet: boolean;
}

export function lineFigures(
  input: Pick<LineFigures, 'domains' | 'scrapeWorkers' | 'wallMs' | 'idealMs' | 'renders' | 'modelCalls' | 'modelCallMs'> & {
    memory: BenchResult['memory'];
  },
): LineFigures {
  const { processes, children } = input.memory;
  const cpuOf = (prefix: string) => processes.filter((p) => p.name.startsWith(prefix)).reduce((sum, p) => sum + p.cpuS, 0);
  const workers = processes.filter((p) => p.name.startsWith('worker'));
  const { memory: _memory, ...given } = input;
  const aiPerCallMs = input.modelCalls > 0 ? (cpuOf('worker-ai') * 1000) / input.modelCalls : 0;
  const figures = {
    ...given,
    chromiumPerRenderS: input.renders > 0 ? children.cpuS / input.renders : 0,
    scrapePerDomainMs: (cpuOf('worker-scrape') * 1000) / input.domains,
    aiPerCallMs,
    aiBesideCallMs: aiPerCallMs - input.modelCallMs,
    peakWorkerRssMb: Math.max(...workers.map((p) => p.peakRssKb / 1024)),
  };
  const met =
    figures.wallMs / figures.idealMs <= RATIO_TARGET &&
    figures.chromiumPerRenderS <= CPU_TARGETS.chromiumPerRenderS &&
    figures.scrapePerDomainMs <= CPU_TARGETS.scrapePerDomainMs &&
    figures.aiBesideCallMs <= CPU_TARGETS.aiBesideCallMs &&
    figures.peakWorkerRssMb < RSS_TARGET_MB;
  return { ...figures, targetsMet: met };
}

const verdict = (ok: boolean) => (ok ? 'OK' : 'ABOVE TARGET');

export function formatTargets(f: LineFigures): string {
  const ratio = f.wallMs / f.idealMs;
  return [
    `targets (${f.domains} domains, ${f.scrapeWorkers} scrape worker${f.scrapeWorkers > 1 ? 's' : ''}):`,
    `  wall time / ideal                  ${ratio.toFixed(2).padStart(8)}   (target ≤ ${RATIO_TARGET}) ${verdict(ratio <= RATIO_TARGET)}`,
    `  Chromium CPU-s per rendered page   ${f.chromiumPerRenderS.toFixed(2).padStart(8)}   (target ≤ ${CPU_TARGETS.chromiumPerRenderS}; ${f.renders} renders) ${verdict(f.chromiumPerRenderS <= CPU_TARGETS.chromiumPerRenderS)}`,
    `  worker-scrape CPU ms per domain    ${f.scrapePerDomainMs.toFixed(1).padStart(8)}   (target ≤ ${CPU_TARGETS.scrapePerDomainMs}; shells' share included) ${verdict(f.scrapePerDomainMs <= CPU_TARGETS.scrapePerDomainMs)}`,
    `  worker-ai CPU ms per model call,`,
    `    beside the call itself           ${f.aiBesideCallMs.toFixed(1).padStart(8)}   (target ≤ ${CPU_TARGETS.aiBesideCallMs}; ${f.modelCalls} calls) ${verdict(f.aiBesideCallMs <= CPU_TARGETS.aiBesideCallMs)}`,
    `    (${f.aiPerCallMs.toFixed(1)} ms per call in all, less ${f.modelCallMs.toFixed(1)} ms for the bare SDK call, measured alone in this run)`,
    `  peak RSS of a worker, MB           ${f.peakWorkerRssMb.toFixed(0).padStart(8)}   (target < ${RSS_TARGET_MB}) ${verdict(f.peakWorkerRssMb < RSS_TARGET_MB)}`,
  ].join('\n');
}

/** The second line beside the first: per-unit costs should stay flat as the batch grows (linear growth). */
export function formatGrowth(small: LineFigures, large: LineFigures): string {
  const row = (name: string, a: number, b: number, digits: number) =>
    `  ${name.padEnd(34)} ${a.toFixed(digits).padStart(8)} ${b.toFixed(digits).padStart(8)} ${(b / a).toFixed(2).padStart(7)}`;
  return [
    '',
    `growth from ${small.domains} to ${large.domains} domains (${small.scrapeWorkers} → ${large.scrapeWorkers} scrape workers):`,
    `  ${''.padEnd(34)} ${String(small.domains).padStart(8)} ${String(large.domains).padStart(8)} ${'ratio'.padStart(7)}`,
    row('wall time, s', small.wallMs / 1000, large.wallMs / 1000, 2),
    row('ideal, s', small.idealMs / 1000, large.idealMs / 1000, 2),
    row('wall time / ideal', small.wallMs / small.idealMs, large.wallMs / large.idealMs, 2),
    row('worker-scrape CPU ms per domain', small.scrapePerDomainMs, large.scrapePerDomainMs, 1),
    row('worker-ai CPU ms per model call', small.aiPerCallMs, large.aiPerCallMs, 1),
    row('  of it beside the call itself', small.aiBesideCallMs, large.aiBesideCallMs, 1),
    row('Chromium CPU-s per render', small.chromiumPerRenderS, large.chromiumPerRenderS, 2),
    row('peak worker RSS, MB', small.peakWorkerRssMb, large.peakWorkerRssMb, 0),
    `  (per-unit ratios near 1: the costs grow linearly with the batch; wall time grows with the ideal)`,
  ].join('\n');
}
