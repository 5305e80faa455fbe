import { type Db, sqlPool } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { type BatchItemEnded, batchEventChannel, type ItemCounts, itemCountsSql, itemProgress, jobFailure } from '@enrich/jobs';
import type { EventSource, StreamState } from './event-stream';
import type { SseEvent } from './sse-response';

type Item = BatchItemEnded['item'];

/**
 * The batch's events: `progress` (the counts as they stand: a new stream's first event) and
 * `item`, one per item that ended, numbered in the order the ends committed
 * (enrichment_jobs.end_seq), each with the counts as they stood once it ended. The event
 * whose counts leave nothing pending is the last.
 */
const progressEvent = (batchId: string, seq: number, counts: ItemCounts, item?: Item): SseEvent => ({
  id: seq,
  event: item ? 'item' : 'progress',
  data: { batchId, ...itemProgress(counts), ...(item ? { item: { ...item, error: item.error ?? undefined } } : {}) },
});

interface EventsRow extends ItemCounts {
  itemsEnded: number;
  ended: {
    seq: number;
    jobId: string;
    domain: string;
    status: Item['status'];
    errorCode: string | null;
    errorMessage: string | null;
    completed: number;
    failed: number;
  }[];
}

// The batch (its team's), its items counted by state, and the items that ended after event $3
// with the counts as each left them: every item numbered up to it, and those ended unnumbered
// (at admission, from a fresh record) first. The same counts the job store published.
const EVENTS_SQL = `
  WITH b AS (
    SELECT id, items_ended FROM batches WHERE id = $1 AND team_id = $2
  ), counts AS (${itemCountsSql('(SELECT id FROM b)')}
  ), ended AS (
    SELECT j.end_seq AS seq, j.id AS "jobId", j.domain, j.status::text AS status, j.error_code AS "errorCode",
      j.error_message AS "errorMessage",
      count(*) FILTER (WHERE j.status = 'completed') OVER upto AS completed,
      count(*) FILTER (WHERE j.status = 'failed') OVER upto AS failed
    FROM enrichment_jobs j
    -- Read only when something ended after $3 (a heartbeat's look usually finds nothing).
    WHERE j.batch_id = (SELECT id FROM b) AND j.status <> 'processing' AND (SELECT items_ended FROM b) > $3::int
    WINDOW upto AS (ORDER BY j.end_seq NULLS FIRST ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
  )
  SELECT b.items_ended AS "itemsEnded", counts.*,
    coalesce((SELECT json_agg(e ORDER BY e.seq) FROM ended e WHERE e.seq > $3), '[]') AS ended
  FROM b, counts`;

/** From Postgres: the events after `after` (null: the `progress` event of now). */
export async function readBatchEvents(db: Db, teamId: string, batchId: string, after: number | null): Promise<StreamState> {
  const { rows } = await sqlPool(db).query<EventsRow>({ name: 'batch-events', text: EVENTS_SQL, values: [batchId, teamId, after] });
  const row = rows[0];
  if (!row) throw new AppError(ErrorCode.BATCH_NOT_FOUND, `no batch ${batchId}`);
  const total = row.completed + row.failed + row.pending;
  const done = row.pending === 0;
  if (after === null) return { events: [progressEvent(batchId, row.itemsEnded, row)], ended: done };
  const events = row.ended.map((e) =>
    progressEvent(
      batchId,
      e.seq,
      { completed: e.completed, failed: e.failed, pending: total - e.completed - e.failed },
      {
        jobId: e.jobId,
        domain: e.domain,
        status: e.status,
        error: e.status === 'failed' ? jobFailure(e) : null,
      },
    ),
  );
  return { events, ended: done };
}

/** GET /enrich/bulk/{batchId}/events: a message carries its whole event; Postgres fills any gap. */
export function batchEventSource(db: Db, prefix: string, teamId: string, batchId: string): EventSource {
  return {
    kind: 'batch',
    channel: batchEventChannel(prefix, batchId),
    read: (after) => readBatchEvents(db, teamId, batchId, after),
    heard(message, lastSent) {
      const ended = JSON.parse(message) as BatchItemEnded;
      if (ended.seq <= lastSent) return null;
      if (ended.seq > lastSent + 1) return 'read';
      return { events: [progressEvent(batchId, ended.seq, ended.counts, ended.item)], ended: ended.counts.pending === 0 };
    },
  };
}
