import type { ProfileSummary } from '../support/cpu-profile';
import { type LoadResult, percentile } from './load';

// The tables bench:api prints: per scenario the API beside its bare baseline, the issue's
// targets checked per line, the scaling from 1 to N API processes, and a CPU profile's top.

export type Kind = 'submit' | 'poll';

/** One side of a line: what autocannon measured, the CPU its server process(es) used, and any check that failed. */
export interface Side {
  load: LoadResult;
  cpuMs: number;
  /** CPU ms PostgreSQL's backends (of the benchmark's database) and redis-server used meanwhile. */
  servicesCpuMs: number;
  /** Share (0-1) of the machine's CPU that processes other than the benchmark's used meanwhile. */
  otherCpuShare: number;
  problems: string[];
}

export interface Line {
  name: string;
  kind: Kind;
  processes: number;
  connections: number;
  api: Side;
  bare: Side;
}

/** The issue's targets: submit ≥ 0.4× its baseline, polls ≥ 0.6×, API p99 under 50 ms at 32 connections. */
export const TARGETS = { submit: 0.4, poll: 0.6, p99Ms: 50 } as const;

/** Past this share of the machine's CPU used by other processes during a run, its line is flagged. */
export const BUSY_MACHINE = 0.1;

const pct = (share: number) => `${Math.round(100 * share)}%`;
const busy = (line: Line) => line.api.otherCpuShare > BUSY_MACHINE || line.bare.otherCpuShare > BUSY_MACHINE;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** Everything that makes a side's numbers wrong: non-2xx answers, connection errors, failed checks. */
export function faultsOf(side: Side): string[] {
  const faults: string[] = [];
  const { load } = side;
  if (load.failures.size > 0) {
    const byStatus = [...load.failures.entries()].map(([status, count]) => `${status} ×${count}`).join(', ');
    faults.push(`${[...load.failures.values()].reduce((a, b) => a + b, 0)} non-2xx answers (${byStatus})`);
  }
  if (load.errors > 0) faults.push(`${load.errors} connection errors (${load.timeouts} timeouts)`);
  if (load.ok === 0) faults.push('no 2xx answer at all');
  return [...faults, ...side.problems];
}

const badCount = (side: Side) => [...side.load.failures.values()].reduce((a, b) => a + b, 0) + side.load.errors;

function targetText(line: Line): string {
  if (faultsOf(line.api).length > 0 || faultsOf(line.bare).length > 0) return 'INVALID (see below)';
  const ratio = line.api.load.rps / line.bare.load.rps;
  const min = TARGETS[line.kind];
  const p99 = percentile(line.api.load.latencies, 99);
  return `≥${min}× ${ratio >= min ? 'PASS' : 'MISS'}, p99<${TARGETS.p99Ms} ${p99 < TARGETS.p99Ms ? 'PASS' : 'MISS'}`;
}

const COLUMNS: [string, number][] = [
  ['scenario', 34],
  ['req/s', 9],
  ['p50', 8],
  ['p99', 8],
  ['cpu/req', 9],
  ['svc/req', 9],
  ['req/s', 9],
  ['p50', 8],
  ['p99', 8],
  ['cpu/req', 9],
  ['svc/req', 9],
  ['API/bare', 10],
  ['non-2xx+err', 13],
  ['other cpu', 11],
  ['  targets', 0],
];

function row(cells: string[]): string {
  return cells
    .map((cell, i) => {
      const [, width] = COLUMNS[i]!;
      return i === 0 ? cell.padEnd(width) : i === cells.length - 1 && width === 0 ? `  ${cell}` : cell.padStart(width);
    })
    .join('');
}

const sideCells = (side: Side) => {
  const { load } = side;
  return [
    int(load.rps),
    fixed(percentile(load.latencies, 50)),
    fixed(percentile(load.latencies, 99)),
    load.ok > 0 ? fixed(side.cpuMs / load.ok, 3) : '-',
    load.ok > 0 ? fixed(side.servicesCpuMs / load.ok, 2) : '-',
  ];
};

export function formatTable(title: string, lines: Line[]): string {
  const out = [
    title,
    `${''.padEnd(34)}${'─── API '.padEnd(43, '─')}${'─── bare Express + Queue.add '.padEnd(43, '─')}`,
    row(COLUMNS.map(([name]) => name.trim())),
  ];
  for (const line of lines) {
    out.push(
      row([
        line.name,
        ...sideCells(line.api),
        ...sideCells(line.bare),
        fixed(line.api.load.rps / line.bare.load.rps, 3),
        `${badCount(line.api)} / ${badCount(line.bare)}`,
        `${pct(line.api.otherCpuShare)}/${pct(line.bare.otherCpuShare)}${busy(line) ? '!' : ''}`,
        targetText(line),
      ]),
    );
  }
  out.push(
    'req/s: 2xx answers per second (nothing else counts); p50/p99: latency in ms of every answer; cpu/req: CPU ms of the server',
    "process(es) per 2xx answer (user + system); svc/req: CPU ms of PostgreSQL (the benchmark database's backends) and",
    'redis-server per 2xx answer; non-2xx+err: answers that were not 2xx plus connection errors, API / bare;',
    "other cpu: share of the machine's CPU used by processes other than the benchmark's during the API / bare run.",
  );
  if (lines.some(busy))
    out.push(
      `!!! lines marked ! ran while other processes used more than ${pct(BUSY_MACHINE)} of the CPU: their figures are low and their ratios skewed.`,
    );
  return out.join('\n');
}

/** Loud: every line whose numbers cannot be trusted, and why. */
export function formatFaults(lines: Line[]): string | undefined {
  const out: string[] = [];
  for (const line of lines) {
    for (const [side, label] of [
      [line.api, 'API'],
      [line.bare, 'bare'],
    ] as const) {
      const faults = faultsOf(side);
      if (faults.length === 0) continue;
      out.push(`!!! ${line.name}, ${label}, ${line.processes} process(es): ${faults.join('; ')}`);
      if (side.load.failureSample) out.push(`    first non-2xx: ${side.load.failureSample}`);
    }
  }
  if (out.length === 0) return undefined;
  return [
    '',
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
    '!!! INVALID MEASUREMENT: these lines did not measure what they claim; their figures are not results.',
    ...out,
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
  ].join('\n');
}

/** req/s with N processes beside 1 process, per scenario, API and bare. */
export function formatScaling(single: Line[], multi: Line[]): string {
  const n = multi[0]?.processes ?? 0;
  const out = [
    `scaling: ${n} processes beside 1 (req/s; the same ${single[0]?.connections ?? ''} connections spread over the processes)`,
    `${'scenario'.padEnd(34)}${'API ×1'.padStart(10)}${`API ×${n}`.padStart(10)}${`×${n}/×1`.padStart(8)}${'bare ×1'.padStart(10)}${`bare ×${n}`.padStart(10)}${`×${n}/×1`.padStart(8)}`,
  ];
  for (const one of single) {
    const many = multi.find((line) => line.name === one.name);
    if (!many) continue;
    out.push(
      `${one.name.padEnd(34)}${int(one.api.load.rps).padStart(10)}${int(many.api.load.rps).padStart(10)}${fixed(many.api.load.rps / one.api.load.rps, 2).padStart(8)}` +
        `${int(one.bare.load.rps).padStart(10)}${int(many.bare.load.rps).padStart(10)}${fixed(many.bare.load.rps / one.bare.load.rps, 2).padStart(8)}`,
    );
  }
  return out.join('\n');
}

export function formatProfileTop(name: string, file: string, summary: ProfileSummary): string {
  const share = (ms: number) => `${((100 * ms) / summary.totalMs).toFixed(1)}%`;
  const out = [
    `${name}: ${file}`,
    `  ${(summary.totalMs / 1000).toFixed(1)} s on CPU (${(summary.idleMs / 1000).toFixed(1)} s idle) from the first warm-up on; top ${summary.byFunction.length} functions by self time:`,
  ];
  for (const [fn, ms] of summary.byFunction) out.push(`  ${`${ms.toFixed(0)} ms`.padStart(9)} ${share(ms).padStart(6)}  ${fn}`);
  out.push('  by module (self time):');
  for (const [module, ms] of summary.byModule) out.push(`  ${`${ms.toFixed(0)} ms`.padStart(9)} ${share(ms).padStart(6)}  ${module}`);
  return out.join('\n');
}
