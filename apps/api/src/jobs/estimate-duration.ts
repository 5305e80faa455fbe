import type { Db } from '@enrich/db';

const SAMPLE = 50;
const CACHE_MS = 10_000;

/**
 * estimatedDuration: the mean of the most recent real job durations (milliseconds), cached
 * briefly so that submissions do not each run the query. Falls back to a configured default
 * until jobs have completed.
 */
export function durationEstimator(db: Db, fallbackMs: number) {
  let cached: { value: number; at: number } | undefined;
  return async function estimate(): Promise<number> {
    const now = Date.now();
    if (cached && now - cached.at < CACHE_MS) return cached.value;
    const rows = await db.$queryRaw<{ avg_ms: number | null }[]>`
      SELECT avg(extract(epoch FROM (completed_at - created_at)) * 1000)::float8 AS avg_ms
      FROM (
        SELECT completed_at, created_at FROM enrichment_jobs
        WHERE status = 'completed' AND completed_at IS NOT NULL
        ORDER BY created_at DESC LIMIT ${SAMPLE}
      ) recent`;
    const avg = rows[0]?.avg_ms;
    if (!avg || !Number.isFinite(avg) || avg <= 0) return fallbackMs; // not cached: real figures may come any moment
    cached = { value: Math.round(avg), at: now };
    return cached.value;
  };
}
