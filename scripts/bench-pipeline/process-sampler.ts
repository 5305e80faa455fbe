import { readdirSync, readFileSync } from 'node:fs';

// Memory and CPU of the benchmark's processes, read from /proc (Linux) every `intervalMs`.
// RSS counts pages shared between processes once per process, so the Chromium figures add
// PSS (shared pages split among their sharers) from smaps_rollup, the fairer total. Reading
// smaps_rollup makes the kernel walk the process's page tables, so PSS is read every tenth
// sample only, and new child processes are looked for (a scan of all of /proc) every fifth:
// the sampler shares the CPUs with what it measures (its own cost: `costMs`).

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // the process has exited
  }
}

export function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(read(`/proc/${pid}/status`) ?? '');
  return match ? Number(match[1]) : undefined;
}

function pssKb(pid: number): number | undefined {
  const match = /^Pss:\s+(\d+) kB/m.exec(read(`/proc/${pid}/smaps_rollup`) ?? '');
  return match ? Number(match[1]) : undefined;
}

interface Stat {
  comm: string;
  ppid: number;
  /** User + system CPU seconds so far. */
  cpuS: number;
}

function stat(pid: number): Stat | undefined {
  const text = read(`/proc/${pid}/stat`);
  if (!text) return undefined;
  // pid (comm) state ppid …; comm may hold spaces and parentheses.
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  return {
    comm: text.slice(text.indexOf('(') + 1, close),
    ppid: Number(fields[1]),
    cpuS: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
  };
}

/** Every process below `root` (children, grandchildren, …), by walking the ppid links. */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = stat(Number(entry));
    if (!s) continue;
    const list = children.get(s.ppid) ?? [];
    list.push(Number(entry));
    children.set(s.ppid, list);
  }
  const out: number[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    out.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

export interface ProcessReport {
  name: string;
  pid: number;
  /** Largest VmRSS seen in the samples. */
  peakRssKb: number;
  /** VmHWM (the kernel's own RSS high-water mark) at the last sample. */
  hwmKb: number;
  cpuS: number;
}

export interface ChildrenReport {
  /** Processes seen below the parent over the run, with their names. */
  processes: Map<number, string>;
  /** Most processes alive at once. */
  peakCount: number;
  /** Largest sum of VmRSS across them at one sample (shared pages counted in each process). */
  peakRssSumKb: number;
  /** Largest sum of PSS at one sample (every tenth sample). */
  peakPssSumKb: number;
  /** Largest VmHWM of any one of them. */
  maxHwmKb: number;
  /** CPU seconds they used during the run, as last seen (time after a process's last sample is lost). */
  cpuS: number;
}

/** Processes picked by their command line (PostgreSQL backends of one database, redis-server). */
export interface CmdlineGroup {
  name: string;
  pattern: RegExp;
}

function matching(pattern: RegExp): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = read(`/proc/${entry}/cmdline`)?.replace(/\0/g, ' ');
    if (cmdline && pattern.test(cmdline)) pids.push(Number(entry));
  }
  return pids;
}

interface Target {
  name: string;
  pid: number;
  report: ProcessReport;
  cpuAtStart: number;
}

export class ProcessSampler {
  private readonly targets: Target[] = [];
  private timer: NodeJS.Timeout | undefined;
  readonly children: ChildrenReport = { processes: new Map(), peakCount: 0, peakRssSumKb: 0, peakPssSumKb: 0, maxHwmKb: 0, cpuS: 0 };
  private readonly childCpu = new Map<number, number>();
  /** CPU the children alive at start() had already used, which is not the run's. */
  private readonly childCpuBefore = new Map<number, number>();
  private known = new Set<number>();
  samples = 0;
  /** Wall time spent sampling. */
  costMs = 0;

  private readonly groups: { group: CmdlineGroup; before: Map<number, number>; last: Map<number, number> }[];

  /**
   * `childrenOf`: the processes whose descendants (Chromium) are reported as one group.
   * `groups`: processes whose CPU time during the run is reported (checked every 2 s).
   */
  constructor(
    targets: { name: string; pid: number }[],
    private readonly childrenOf: number[],
    groups: CmdlineGroup[] = [],
    private readonly intervalMs = 100,
  ) {
    this.groups = groups.map((group) => ({ group, before: new Map(), last: new Map() }));
    for (const { name, pid } of targets) {
      this.targets.push({ name, pid, cpuAtStart: stat(pid)?.cpuS ?? 0, report: { name, pid, peakRssKb: 0, hwmKb: 0, cpuS: 0 } });
    }
  }

  start(): void {
    for (const pid of this.childrenOf.flatMap(descendants)) this.childCpuBefore.set(pid, stat(pid)?.cpuS ?? 0);
    for (const g of this.groups) for (const pid of matching(g.group.pattern)) g.before.set(pid, stat(pid)?.cpuS ?? 0);
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
  }

  stop(): { processes: ProcessReport[]; children: ChildrenReport; groups: { name: string; processes: number; cpuS: number }[] } {
    clearInterval(this.timer);
    this.sample();
    this.sampleGroups();
    this.children.cpuS = [...this.childCpu.values()].reduce((a, b) => a + b, 0);
    const groups = this.groups.map((g) => ({
      name: g.group.name,
      processes: g.last.size,
      cpuS: [...g.last.values()].reduce((a, b) => a + b, 0),
    }));
    return { processes: this.targets.map((t) => t.report), children: this.children, groups };
  }

  private sampleGroups(): void {
    for (const g of this.groups) {
      for (const pid of matching(g.group.pattern)) {
        const cpu = stat(pid)?.cpuS;
        if (cpu !== undefined) g.last.set(pid, cpu - (g.before.get(pid) ?? 0));
      }
    }
  }

  private sample(): void {
    const began = performance.now();
    this.takeSample();
    this.costMs += performance.now() - began;
  }

  private takeSample(): void {
    this.samples += 1;
    const withPss = this.samples % 10 === 1;
    if (this.samples % 5 === 1) this.known = new Set([...this.known, ...this.childrenOf.flatMap(descendants)]);
    if (this.samples % 20 === 0) this.sampleGroups();
    for (const target of this.targets) {
      const rss = statusKb(target.pid, 'VmRSS');
      if (rss === undefined) continue;
      target.report.peakRssKb = Math.max(target.report.peakRssKb, rss);
      target.report.hwmKb = statusKb(target.pid, 'VmHWM') ?? target.report.hwmKb;
      target.report.cpuS = (stat(target.pid)?.cpuS ?? target.cpuAtStart) - target.cpuAtStart;
    }
    let rssSum = 0;
    let pssSum: number | undefined = withPss ? 0 : undefined;
    let count = 0;
    for (const pid of this.known) {
      const s = stat(pid);
      const rss = statusKb(pid, 'VmRSS');
      if (!s || rss === undefined || s.ppid === 1) {
        this.known.delete(pid); // exited (or orphaned: no longer the worker's)
        continue;
      }
      count += 1;
      this.children.processes.set(pid, s.comm);
      this.childCpu.set(pid, s.cpuS - (this.childCpuBefore.get(pid) ?? 0));
      rssSum += rss;
      if (pssSum !== undefined) pssSum += pssKb(pid) ?? rss;
      this.children.maxHwmKb = Math.max(this.children.maxHwmKb, statusKb(pid, 'VmHWM') ?? 0);
    }
    this.children.peakCount = Math.max(this.children.peakCount, count);
    this.children.peakRssSumKb = Math.max(this.children.peakRssSumKb, rssSum);
    if (pssSum !== undefined) this.children.peakPssSumKb = Math.max(this.children.peakPssSumKb, pssSum);
  }
}

export const mb = (kb: number): string => `${(kb / 1024).toFixed(0)} MB`;
