import type { StorableJson } from '@enrich/db';
import type { ItemCounts } from './event-announcements';

export interface BatchTimes {
  createdAt: Date;
  /** When the batch was settled. */
  completedAt: Date | null;
  /** When its last item ended (read only when none is processing and it is not settled). */
  lastEnd: Date | null;
}

/**
 * A batch's state from its items' counts, as the poll, the list of batches and the
 * batch.completed event give it: completed once no item is processing, and when. Settled by
 * the last item to end; until that write lands, the last end time among its items says the same.
 */
export function batchProgress(batch: BatchTimes, counts: ItemCounts) {
  return {
    ...itemProgress(counts),
    completedAt: counts.pending === 0 ? (batch.completedAt ?? batch.lastEnd ?? batch.createdAt) : null,
  };
}

/** A batch's state and progress from its items' counts (the poll, the list and the event stream). */
export function itemProgress({ completed, failed, pending }: ItemCounts) {
  const total = completed + failed + pending;
  return {
    status: pending === 0 ? ('completed' as const) : ('processing' as const),
    total,
    completed,
    failed,
    pending,
    // Whole percent of items that have ended; 100 only when every one has.
    progress: total === 0 ? 100 : Math.floor(((completed + failed) * 100) / total),
  };
}

/** An entry a submission could not accept, as the batch row keeps it (invalid_entries, JSON). */
export interface InvalidEntry {
  index: number;
  /** As sent, made storable (storableJson: arrays and objects as JSON text); the batch row keeps it and the answer shows the same. */
  entry: StorableJson;
  reason: string;
  message: string;
}

/** A batch row's invalid_entries (JSON the submission wrote) as entries; anything else in it is left out. */
export function invalidEntriesOf(json: unknown): InvalidEntry[] {
  if (!Array.isArray(json)) return [];
  return json.filter(
    (entry): entry is InvalidEntry =>
      typeof entry === 'object' &&
      entry !== null &&
      !Array.isArray(entry) &&
      typeof entry.index === 'number' &&
      typeof entry.reason === 'string' &&
      typeof entry.message === 'string',
  );
}

/** A batch's row with its items counted, as the poll and batch.completed read it. */
export interface CountedBatch extends BatchTimes, ItemCounts {
  id: string;
  entriesReceived: number;
  duplicateEntries: number;
  invalid: InvalidEntry[];
}

/**
 * A batch's poll answer without its page of items: its state from its counts, times and what
 * its submission reported. GET /enrich/bulk/{id} adds the page; batch.completed carries it as is.
 */
export function batchStatus(batch: CountedBatch) {
  const { completedAt, ...state } = batchProgress(batch, batch);
  return {
    batchId: batch.id,
    ...state,
    createdAt: batch.createdAt.toISOString(),
    completedAt: completedAt?.toISOString() ?? null,
    entriesReceived: batch.entriesReceived,
    duplicateEntries: batch.duplicateEntries,
    invalid: batch.invalid,
  };
}
