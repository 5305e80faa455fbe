import { pidsMatching, processesCpu } from '../support/machine';

/** CPU ms a measure used, by process: this one (Node), the bench's Redis server, its PostgreSQL backends. */
export interface CpuSplit {
  node: number;
  redis: number;
  postgres: number;
}

export const cpuTotal = (cpu: CpuSplit): number => cpu.node + cpu.redis + cpu.postgres;

export const cpuPer = (cpu: CpuSplit, count: number): CpuSplit => ({
  node: cpu.node / count,
  redis: cpu.redis / count,
  postgres: cpu.postgres / count,
});

export const cpuMinus = (a: CpuSplit, b: CpuSplit): CpuSplit => ({
  node: a.node - b.node,
  redis: a.redis - b.redis,
  postgres: a.postgres - b.postgres,
});

/**
 * Starts counting the CPU of this process, of the Redis server `redisPid` (the bench's own, so
 * nothing else's work is in it) and of the PostgreSQL backends of `database` (read from /proc:
 * the server runs on this machine; a backend that exits meanwhile counts nothing).
 */
export function cpuSplit(redisPid: number, database: string): { end(): CpuSplit } {
  const node = process.cpuUsage();
  const redis = processesCpu(() => [redisPid]);
  const backends = new RegExp(`^postgres: .* ${database} `);
  const postgres = processesCpu(() => pidsMatching(backends));
  return {
    end: () => ({
      node: (({ user, system }) => (user + system) / 1000)(process.cpuUsage(node)),
      redis: redis.end(),
      postgres: postgres.end(),
    }),
  };
}

/** What one operation cost, averaged over `count` of them: wall time and CPU (ms). */
export interface OpCost {
  wallMs: number;
  cpu: CpuSplit;
}

/** Runs `work` (`count` operations) inside a CPU measure that `meter` starts. */
export async function timed(count: number, meter: () => { end(): CpuSplit }, work: () => Promise<unknown>): Promise<OpCost> {
  const measure = meter();
  const started = performance.now();
  await work();
  return { wallMs: (performance.now() - started) / count, cpu: cpuPer(measure.end(), count) };
}
