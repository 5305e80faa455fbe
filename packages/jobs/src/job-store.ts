import { type Db, typedSql, utc } from '@enrich/db';
import type { ErrorCode } from '@enrich/errors';
import { type BatchItemEnded, type ItemCounts, JOB_EVENT_SEQ, type JobEvents } from './event-announcements';
import {
  addAiTokens as addAiTokensRow,
  countRequeue as countRequeueRow,
  endJob as endJobRow,
  type IEndJobResult,
  markJobStarted as markJobStartedRow,
  settleBatch as settleBatchRow,
} from './job-store.queries';

/**
 * The job store: the one module that changes `enrichment_jobs` rows once admitted, and
 * settles the batches they belong to. Admission (admission.ts) inserts the rows, and removes
 * them when the queue refuses them; the pipeline's steps and the reconciler change their state, and each change of state is
 * announced on `events` once it has committed (event-announcements.ts). The statement that ends a job
 * or settles a batch also records the webhook deliveries it owes (the outbox of webhook-events.ts);
 * each returns their ids, for the caller to queue once it has committed. The statements are in
 * job-store.sql.
 */

// Every change of a job's state goes through these, each conditional on the job still
// processing, so a repeated or late step can never move a finished job.

export async function markJobStarted(db: Db, events: JobEvents, jobId: string): Promise<boolean> {
  const [row] = await markJobStartedRow.run({ jobId, now: utc(new Date()) }, typedSql(db, 'job-started'));
  return announceJobStarted(events, jobId, row?.started ?? false);
}

/**
 * Announces a start that a step's own statement marked (mark_job_started, as markJobStarted
 * does); returns whether it was marked.
 */
export async function announceJobStarted(events: JobEvents, jobId: string, started: boolean): Promise<boolean> {
  // Every attempt announces it; a stream sends the start once (by its number).
  if (started) await events.jobChanged(jobId, JOB_EVENT_SEQ.started);
  return started;
}

/** What ending a job or settling a batch did: whether it did, and the webhook deliveries it owes (to queue now). */
export interface Ended {
  ended: boolean;
  deliveries: string[];
  /** A job that ended here belonged to a batch (one of its items ended). */
  batchItem?: boolean;
}

/**
 * A job's end as the database's end_job returns it (job-store.sql's EndJob): no row when the
 * job was no longer processing. A statement that ends a job alongside other writes calls
 * end_job itself and returns this row (finalize's, with the company record).
 */
export type JobEndRow = IEndJobResult;

/**
 * Ends the job completed, by `endAlongside` when given: one statement that calls end_job and
 * writes what goes with the end only when the job did end (finalize's company row), so the
 * record a poll then reads is there as soon as the job says completed. Then announces it and
 * settles its batch.
 */
export async function completeJob(
  db: Db,
  events: JobEvents,
  jobId: string,
  endAlongside: () => Promise<JobEndRow[]> = () => endJobAs(db, jobId, 'completed', null),
): Promise<Ended> {
  const [row] = await endAlongside();
  return afterEnd(db, events, jobId, jobEnd(jobId, 'completed', null, row));
}

/** Ends the job failed, then settles its batch if it was the last; `deliveries` owed by both. */
export async function markJobFailed(db: Db, events: JobEvents, jobId: string, code: ErrorCode, message: string): Promise<Ended> {
  const error = { code, message: message.slice(0, 1000) };
  const [row] = await endJobAs(db, jobId, 'failed', error);
  return afterEnd(db, events, jobId, jobEnd(jobId, 'failed', error, row));
}

function endJobAs(
  db: Db,
  jobId: string,
  status: 'completed' | 'failed',
  error: { code: string; message: string } | null,
): Promise<JobEndRow[]> {
  const at = utc(new Date());
  return endJobRow.run(
    { jobId, status, at, errorCode: error?.code ?? null, errorMessage: error?.message ?? null },
    typedSql(db, 'job-end'),
  );
}

type JobEnd = Omit<BatchItemEnded, 'batchId' | 'seq' | 'counts'> & {
  batch: { id: string; seq: number; counts: ItemCounts } | null;
  deliveries: string[];
};

/**
 * The end end_job wrote, numbered in its batch with the batch's items counted right after it
 * (every item numbered before this one has committed, none after: see end_job), and the
 * webhook deliveries it owes. Null when the job was no longer processing.
 */
function jobEnd(
  jobId: string,
  status: 'completed' | 'failed',
  error: { code: string; message: string } | null,
  row: JobEndRow | undefined,
): JobEnd | null {
  if (!row) return null;
  const { batchId, endSeq, deliveries, completed, failed, pending } = row;
  const item = { jobId, domain: row.domain, status, error };
  if (batchId === null || endSeq === null) return { item, batch: null, deliveries };
  if (completed === null || failed === null || pending === null) throw new Error('end_job counted no items of the batch');
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
  await events.jobEnded(jobId, batch && { batchId: batch.id, seq: batch.seq, item, counts: batch.counts });
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
