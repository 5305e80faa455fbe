import { type Db, typedSql } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { type BatchItemEnded, batchEventChannel, type ItemCounts, itemProgress, jobFailure } from '@enrich/jobs';
import { batchEvents } from '../bulk/batch-reads.queries';
import type { BatchEventData } from '../schemas/events';
import type { EventSource, StreamState } from './event-stream';
import type { SseEvent } from './sse-response';

type Item = BatchItemEnded['item'];

/**
 * The batch's events: `progress` (the counts as they stand: a new stream's first event) and
 * `item`, one per item that ended, numbered in the order the ends committed
 * (enrichment_jobs.end_seq), each with the counts as they stood once it ended. The event
 * whose counts leave nothing pending is the last.
 */
const progressEvent = (batchId: string, seq: number, counts: ItemCounts, item?: Item): SseEvent<BatchEventData> => ({
  id: seq,
  event: item ? 'item' : 'progress',
  data: { batchId, ...itemProgress(counts), ...(item ? { item: { ...item, error: item.error ?? undefined } } : {}) },
});

// The statement and its row type: BatchEvents in bulk/batch-reads.sql.

/** From Postgres: the events after `after` (null: the `progress` event of now). */
export async function readBatchEvents(db: Db, teamId: string, batchId: string, after: number | null): Promise<StreamState> {
  const rows = await batchEvents.run({ batchId, teamId, after }, typedSql(db, 'batch-events'));
  const row = rows[0];
  if (!row) throw new AppError(ErrorCode.BATCH_NOT_FOUND, `no batch ${batchId}`);
  const total = row.completed + row.failed + row.pending;
  const done = row.pending === 0;
  if (after === null) return { events: [progressEvent(batchId, row.itemsEnded, row)], ended: done };
  const events = rows.flatMap(({ seq, jobId, domain, status, errorCode, errorMessage, completedThen, failedThen }) => {
    // The batch's row alone (nothing ended after `after`), or an item: ended, so not processing.
    if (seq === null || jobId === null || domain === null || completedThen === null || failedThen === null) return [];
    if (status !== 'completed' && status !== 'failed') return [];
    const counts = { completed: completedThen, failed: failedThen, pending: total - completedThen - failedThen };
    const error = status === 'failed' ? jobFailure({ errorCode, errorMessage }) : null;
    return [progressEvent(batchId, seq, counts, { jobId, domain, status, error })];
  });
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
