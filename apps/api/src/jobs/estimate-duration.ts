import type { Db } from '@enrich/db';

const SAMPLE = 50;
const REFRESH_MS = 10_000;
// Until real durations exist, look again sooner: the first jobs may complete any moment.
const REFRESH_WHILE_DEFAULT_MS = 1_000;

/**
 * estimatedDuration: the median of the most recent real runs of the pipeline (milliseconds).
 * Only jobs that ran it count: a job answered at once from a fresh stored record (completed as
 * it was created) or one that followed another job's run says nothing of how long a run takes,
 * and a batch full of them would pull the figure towards zero. The median, so one run that
 * waited out a slow site does not move it. Requests
 * read the last figure and never wait for the query: when it is older than REFRESH_MS, one
 * refresh runs in the background and the next requests get its result. Until jobs have
 * completed (or while the query fails) the configured default stands in, looked at every second.
 */
export function durationEstimator(db: Db, fallbackMs: number): () => number {
  let value = fallbackMs;
  let refreshedAt = Number.NEGATIVE_INFINITY;
  let refreshing = false;
  const refresh = async () => {
    const rows = await db.$queryRaw<{ median_ms: number | null }[]>`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (completed_at - created_at)) * 1000)::float8 AS median_ms
      FROM (
        SELECT completed_at, created_at FROM enrichment_jobs
        WHERE status = 'completed' AND completed_at > created_at AND follows_job_id IS NULL
        ORDER BY created_at DESC LIMIT ${SAMPLE}
      ) recent`;
    const median = rows[0]?.median_ms;
    value = median && Number.isFinite(median) && median > 0 ? Math.round(median) : fallbackMs;
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
