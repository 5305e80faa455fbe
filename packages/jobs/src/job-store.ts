import { type Db, type SqlTransaction, typedSql, utc, withSqlTransaction } from '@enrich/db';
import type { ErrorCode } from '@enrich/errors';
import { type BatchItemEnded, type ItemCounts, JOB_EVENT_SEQ, type JobEvents } from './event-announcements';
import {
  addAiTokens as addAiTokensRow,
  batchItemCounts,
  countRequeue as countRequeueRow,
  endJob as endJobRow,
  markJobStarted as markJobStartedRow,
  settleBatch as settleBatchRow,
} from './job-store.queries';

/**
 * The job store: the one module that changes `enrichment_jobs` rows once admitted, and
 * settles the batches they belong to. Admission (admission.ts) inserts the rows, and removes
 * them when the queue refuses them; the pipeline's steps and the reconciler change their state, and each change of state is
 * announced on `events` once it has committed (event-announcements.ts). The transaction that ends a job
 * or settles a batch also records the webhook deliveries it owes (the outbox of webhook-events.ts);
 * each returns their ids, for the caller to queue once it has committed. The statements are in
 * job-store.sql.
 */

// Every change of a job's state goes through these, each conditional on the job still
// processing, so a repeated or late step can never move a finished job.

export async function markJobStarted(db: Db, events: JobEvents, jobId: string): Promise<boolean> {
  const started = await markJobStartedRow.run({ jobId, now: utc(new Date()) }, typedSql(db, 'job-started'));
  // Every attempt announces it; a stream sends the start once (by its number).
  if (started.length > 0) await events.jobChanged(jobId, JOB_EVENT_SEQ.started);
  return started.length > 0;
}

/** What ending a job or settling a batch did: whether it did, and the webhook deliveries it owes (to queue now). */
export interface Ended {
  ended: boolean;
  deliveries: string[];
  /** A job that ended here belonged to a batch (one of its items ended). */
  batchItem?: boolean;
}

/**
 * Ends the job completed, in one transaction with `alongside` (finalize's company row): the
 * record a poll then reads is there as soon as the job says completed. Then announces it and
 * settles its batch. Not ended when the job was no longer processing (`alongside`'s writes
 * are rolled back with it then).
 */
export async function completeJob(
  db: Db,
  events: JobEvents,
  jobId: string,
  now: Date,
  alongside: (tx: SqlTransaction) => Promise<void>,
): Promise<Ended> {
  const end = await withSqlTransaction(db, async (tx) => {
    await alongside(tx);
    const ended = await endJob(tx, jobId, { status: 'completed', at: now, error: null });
    // No longer processing: the company row written alongside is not this run's to keep.
    if (!ended) throw NOT_ENDED;
    return ended;
  }).catch((error: unknown) => {
    if (error === NOT_ENDED) return null;
    throw error;
  });
  return afterEnd(db, events, jobId, end);
}

/** Rolls completeJob's transaction back when the job had already ended. */
const NOT_ENDED = new Error('the job was no longer processing');

/** Ends the job failed, then settles its batch if it was the last; `deliveries` owed by both. */
export async function markJobFailed(db: Db, events: JobEvents, jobId: string, code: ErrorCode, message: string): Promise<Ended> {
  const error = { code, message: message.slice(0, 1000) };
  const end = await withSqlTransaction(db, (tx) => endJob(tx, jobId, { status: 'failed', at: new Date(), error }));
  return afterEnd(db, events, jobId, end);
}

type JobEnd = Omit<BatchItemEnded, 'batchId' | 'seq' | 'counts'> & {
  batch: { id: string; seq: number; counts: ItemCounts } | null;
  deliveries: string[];
};

/**
 * The end of a job, numbered in its batch, with the webhook deliveries it owes: the batch
 * row's counter is raised in the statement that ends the job, and its lock held until the
 * transaction commits, so the numbers follow the order the ends commit. The counts are read
 * after taking the lock (a statement of its own, with its own snapshot): every item numbered
 * before this one has committed, none after.
 */
async function endJob(
  tx: SqlTransaction,
  jobId: string,
  end: { status: 'completed' | 'failed'; at: Date; error: { code: string; message: string } | null },
): Promise<JobEnd | null> {
  const [ended] = await endJobRow.run(
    { jobId, status: end.status, at: utc(end.at), errorCode: end.error?.code ?? null, errorMessage: end.error?.message ?? null },
    tx('job-end'),
  );
  if (!ended) return null;
  const { batchId, endSeq, deliveries } = ended;
  const item = { jobId, domain: ended.domain, status: end.status, error: end.error };
  if (batchId === null || endSeq === null) return { item, batch: null, deliveries };
  const [counts] = await batchItemCounts.run({ batchId }, tx('batch-item-counts'));
  if (!counts) throw new Error('batch_item_counts returned no row');
  const { completed, failed, pending } = counts;
  return { item, batch: { id: batchId, seq: endSeq, counts: { completed, failed, pending } }, deliveries };
}

// After the commit: tell the streams, then settle the batch (the last item to end completes it,
// owing batch.completed). The caller queues the deliveries. An item that counted others still
// processing does not try: its counts were read under the batch row's lock, so each of those
// others ends after it, and the last of them counts none (the batch step settles a batch whose
// last settle was lost with its worker).
async function afterEnd(db: Db, events: JobEvents, jobId: string, end: JobEnd | null): Promise<Ended> {
  if (!end) return { ended: false, deliveries: [] };
  const { batch, item } = end;
  await Promise.all([
    events.jobChanged(jobId, JOB_EVENT_SEQ.ended),
    batch && events.batchItemEnded({ batchId: batch.id, seq: batch.seq, item, counts: batch.counts }),
  ]);
  const settled = batch && batch.counts.pending === 0 ? (await settle(db, batch.id)).deliveries : [];
  return { ended: true, deliveries: [...end.deliveries, ...settled], batchItem: batch !== null };
}

/** Adds what the AI source spent on this job; counted even once the job has ended. */
export async function addAiTokens(db: Db, jobId: string, usage: { inputTokens: number; outputTokens: number }): Promise<void> {
  if (usage.inputTokens === 0 && usage.outputTokens === 0) return;
  await addAiTokensRow.run({ jobId, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens }, typedSql(db, 'job-ai-tokens'));
}

/** The reconciler put the job's flow back on the queue after Redis lost it. */
export async function countRequeue(db: Db, jobId: string): Promise<void> {
  await countRequeueRow.run({ jobId }, typedSql(db, 'job-requeue-count'));
}

/**
 * Marks the batch completed once none of its jobs is processing. Called after each of its jobs
 * ends (afterEnd), outside that job's transaction: whichever job commits last sees all the
 * others ended, so the batch is settled exactly when its last item is, and batch.completed is
 * owed once. Returns the deliveries owed.
 */
async function settle(db: Db, batchId: string): Promise<Ended> {
  const [settled] = await settleBatchRow.run({ batchId }, typedSql(db, 'batch-settle'));
  return { ended: settled !== undefined, deliveries: settled?.deliveries ?? [] };
}

// The batch job's own step: runs once BullMQ saw every item end. Settling is normally done
// already by the last item; this covers an item whose settle call was lost with its worker.
export async function settleBatchById(db: Db, batchId: string): Promise<{ settled: boolean; deliveries: string[] }> {
  const { ended, deliveries } = await settle(db, batchId);
  return { settled: ended, deliveries };
}
