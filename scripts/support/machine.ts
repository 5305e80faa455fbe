import { readdirSync, readFileSync } from 'node:fs';

// CPU accounting from /proc (Linux; USER_HZ = 100): what the benchmark's own processes used
// during a measurement, and what the rest of the machine used beside them. A busy neighbour
// (another benchmark, a build) takes CPU from both sides of the comparison and skews it; the
// report names the lines where that happened.

const TICK_MS = 10;

/** CPU ms (user + system, all threads) a process has used so far; 0 once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU ms the whole machine has spent busy, all cores together. */
export function machineBusyMs(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) * TICK_MS;
}

/** Pids whose command line matches `pattern` (e.g. the PostgreSQL backends of one database). */
export function pidsMatching(pattern: RegExp): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (pattern.test(cmdline)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Starts counting; `end()` tells the CPU ms `pids()`'s processes (read at both ends) used since. */
export function processesCpu(pids: () => number[]): { end(): number } {
  const start = new Map(pids().map((pid) => [pid, processCpuMs(pid)]));
  return {
    end() {
      let ms = 0;
      // A process gone by the end counts nothing (its last figure is unknown).
      for (const pid of new Set([...start.keys(), ...pids()])) ms += Math.max(0, processCpuMs(pid) - (start.get(pid) ?? 0));
      return ms;
    },
  };
}

export interface CpuWindow {
  /** CPU ms of the processes counted as the benchmark's own. */
  ownMs: number;
  /** CPU ms the rest of the machine used. */
  otherMs: number;
  wallMs: number;
}

/**
 * Starts a window; `end()` tells how much CPU `own()`'s processes (read at both ends) and the
 * rest of the machine used since. This process's own CPU (the load generator) counts as own.
 */
export function cpuWindow(own: () => number[]): { end(): CpuWindow } {
  const startPids = own();
  const startOwn = new Map(startPids.map((pid) => [pid, processCpuMs(pid)]));
  const startSelf = process.cpuUsage();
  const startMachine = machineBusyMs();
  const startWall = performance.now();
  return {
    end() {
      const machine = machineBusyMs() - startMachine;
      const self = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(startSelf));
      let ownMs = self;
      for (const pid of new Set([...startPids, ...own()])) ownMs += processCpuMs(pid) - (startOwn.get(pid) ?? 0);
      return { ownMs, otherMs: Math.max(0, machine - ownMs), wallMs: performance.now() - startWall };
    },
  };
}
