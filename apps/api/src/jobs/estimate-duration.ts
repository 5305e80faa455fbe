import type { Db } from '@enrich/db';

const SAMPLE = 50;
const REFRESH_MS = 10_000;
// Until real durations exist, look again sooner: the first jobs may complete any moment.
const REFRESH_WHILE_DEFAULT_MS = 1_000;

/**
 * estimatedDuration: the mean of the most recent real job durations (milliseconds). Requests
 * read the last figure and never wait for the query: when it is older than REFRESH_MS, one
 * refresh runs in the background and the next requests get its result. Until jobs have
 * completed (or while the query fails) the configured default stands in, looked at every second.
 */
export function durationEstimator(db: Db, fallbackMs: number): () => number {
  let value = fallbackMs;
  let refreshedAt = Number.NEGATIVE_INFINITY;
  let refreshing = false;
  const refresh = async () => {
    const rows = await db.$queryRaw<{ avg_ms: number | null }[]>`
      SELECT avg(extract(epoch FROM (completed_at - created_at)) * 1000)::float8 AS avg_ms
      FROM (
        SELECT completed_at, created_at FROM enrichment_jobs
        WHERE status = 'completed' AND completed_at IS NOT NULL
        ORDER BY created_at DESC LIMIT ${SAMPLE}
      ) recent`;
    const avg = rows[0]?.avg_ms;
    value = avg && Number.isFinite(avg) && avg > 0 ? Math.round(avg) : fallbackMs;
  };
  return function estimate(): number {
    const now = Date.now();
    const every = value === fallbackMs ? REFRESH_WHILE_DEFAULT_MS : REFRESH_MS;
    if (!refreshing && now - refreshedAt >= every) {
      refreshing = true;
      refreshedAt = now;
      refresh()
        .catch(() => undefined)
        .finally(() => {
          refreshing = false;
        });
    }
    return value;
  };
}
