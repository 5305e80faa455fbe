import { type Db, typedSql } from '@enrich/db';
import { medianRunMs } from './job-reads.queries';

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
 * refresh (MedianRunMs in job-reads.sql) runs in the background and the next requests get its result. Until jobs have
 * completed (or while the query fails) the configured default stands in, looked at every second.
 */
export function durationEstimator(db: Db, fallbackMs: number): () => number {
  let value = fallbackMs;
  let refreshedAt = Number.NEGATIVE_INFINITY;
  let refreshing = false;
  const refresh = async () => {
    const [row] = await medianRunMs.run({ sample: SAMPLE }, typedSql(db, 'median-run-ms'));
    const median = row?.medianMs;
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
