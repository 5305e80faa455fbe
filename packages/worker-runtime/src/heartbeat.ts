import { rename, writeFile } from 'node:fs/promises';
import { type Db, pingDatabase } from '@enrich/db';
import type { QueueStore } from '@enrich/queue';

export const HEARTBEAT_INTERVAL_MS = 10_000;

/**
 * A worker has no HTTP port, so container health checks look at a file instead: it is
 * rewritten while the worker can reach its queue store and PostgreSQL, and goes stale when it cannot
 * or when the process hangs.
 */
export function startHeartbeat(file: string, deps: { queues: Pick<QueueStore, 'ping'>; db: Db; isRunning: () => boolean }): () => void {
  const beat = async () => {
    try {
      if (!deps.isRunning()) return;
      await Promise.all([deps.queues.ping(), pingDatabase(deps.db)]);
      // Written beside and renamed over: a reader never sees the file empty mid-write.
      const next = `${file}.${process.pid}.tmp`;
      await writeFile(next, new Date().toISOString());
      await rename(next, file);
    } catch {
      // A missed beat is the signal; the next one may succeed.
    }
  };
  void beat();
  const timer = setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);
  return () => clearInterval(timer);
}
