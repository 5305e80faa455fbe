import { writeFile } from 'node:fs/promises';
import type { Db } from '@enrich/db';
import type { Redis } from 'ioredis';

export const HEARTBEAT_INTERVAL_MS = 10_000;

/**
 * A worker has no HTTP port, so container health checks look at a file instead: it is
 * rewritten while the worker can reach Redis and PostgreSQL, and goes stale when it cannot
 * or when the process hangs.
 */
export function startHeartbeat(file: string, deps: { redis: Redis; db: Db; isRunning: () => boolean }): () => void {
  const beat = async () => {
    try {
      if (!deps.isRunning()) return;
      await Promise.all([deps.redis.ping(), deps.db.$queryRaw`SELECT 1`]);
      await writeFile(file, new Date().toISOString());
    } catch {
      // A missed beat is the signal; the next one may succeed.
    }
  };
  void beat();
  const timer = setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);
  return () => clearInterval(timer);
}
