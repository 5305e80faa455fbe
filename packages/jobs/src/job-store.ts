import { type Db, Prisma } from '@enrich/db';
import type { ErrorCode } from '@enrich/errors';
import { type BatchItemEnded, type ItemCounts, JOB_EVENT_SEQ, type JobEvents } from './event-announcements';
import { oweDeliveriesSql } from './webhook-events';

/**
 * The job store: the one module that changes `enrichment_jobs` rows once admitted, and
 * settles the batches they belong to. Admission (admission.ts) inserts the rows, and removes
 * them when the queue refuses them; the pipeline's steps and the reconciler change their state, and each change of state is
 * announced on `events` once it has committed (event-announcements.ts). The transaction that ends a job
 * or settles a batch also records the webhook deliveries it owes (webhook-events.ts); each
 * returns their ids, for the caller to queue once it has committed.
 */
export type JobStoreClient = Db | Prisma.TransactionClient;

// Every change of a job's state goes through these, each conditional on the job still
// processing, so a repeated or late step can never move a finished job.

export async function markJobStarted(db: Db, events: JobEvents, jobId: string): Promise<boolean> {
  const now = new Date();
  const updated = await db.$executeRaw`
    UPDATE enrichment_jobs SET started_at = COALESCE(started_at, ${now}), attempts = attempts + 1
    WHERE id = ${jobId}::uuid AND status = 'processing'`;
  // Every attempt announces it; a stream sends the start once (by its number).
  if (updated > 0) await events.jobChanged(jobId, JOB_EVENT_SEQ.started);
  return updated > 0;
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
 * settles its batch. Not ended when the job was no longer processing (nothing is written then).
 */
export async function completeJob(
  db: Db,
  events: JobEvents,
  jobId: string,
  now: Date,
  alongside: (tx: Prisma.TransactionClient) => Promise<void>,
): Promise<Ended> {
  const end = await db.$transaction(async (tx) => {
    await alongside(tx);
    return endJob(tx, jobId, { status: 'completed', at: now, error: null });
  });
  return afterEnd(db, events, jobId, end);
}

/** Ends the job failed, then settles its batch if it was the last; `deliveries` owed by both. */
export async function markJobFailed(db: Db, events: JobEvents, jobId: string, code: ErrorCode, message: string): Promise<Ended> {
  const error = { code, message: message.slice(0, 1000) };
  const end = await db.$transaction((tx) => endJob(tx, jobId, { status: 'failed', at: new Date(), error }));
  return afterEnd(db, events, jobId, end);
}

type JobEnd = Omit<BatchItemEnded, 'batchId' | 'seq' | 'counts'> & {
  batch: { id: string; seq: number; counts: ItemCounts } | null;
  deliveries: string[];
};

// One statement: the state change (CTEs ending in one named subjects: the job or batch it
// ended, with columns team_id, job_id, batch_id, url, secret) and the deliveries it owes, so
// that neither is ever written without the other. `subject`: the first subject row, as JSON.
async function endAndOwe<Subject>(
  tx: JobStoreClient,
  change: Prisma.Sql,
  owe: string,
): Promise<{ subject: Subject | null; deliveries: string[] }> {
  const [row] = await tx.$queryRaw<{ subject: Subject | null; deliveries: string[] }[]>`
    WITH ${change}, owed AS (${Prisma.raw(owe)})
    SELECT (SELECT to_jsonb(s) FROM subjects s LIMIT 1) AS subject,
      coalesce((SELECT array_agg(id) FROM owed), '{}')::text[] AS deliveries`;
  return { subject: row?.subject ?? null, deliveries: row?.deliveries ?? [] };
}

const OWE_JOB = { completed: oweDeliveriesSql('job.completed', 'subjects'), failed: oweDeliveriesSql('job.failed', 'subjects') };
const OWE_BATCH_COMPLETED = oweDeliveriesSql('batch.completed', 'subjects');

/**
 * The end of a job, numbered in its batch, with the webhook deliveries it owes: the batch
 * row's counter is raised in the statement that ends the job, and its lock held until the
 * transaction commits, so the numbers follow the order the ends commit. The counts are read
 * after taking the lock (a statement of its own, with its own snapshot): every item numbered
 * before this one has committed, none after.
 */
async function endJob(
  tx: Prisma.TransactionClient,
  jobId: string,
  end: { status: 'completed' | 'failed'; at: Date; error: { code: string; message: string } | null },
): Promise<JobEnd | null> {
  const { subject, deliveries } = await endAndOwe<{ batch_id: string | null; domain: string; end_seq: number | null }>(
    tx,
    Prisma.sql`job AS (
      SELECT id, batch_id FROM enrichment_jobs WHERE id = ${jobId}::uuid AND status = 'processing' FOR UPDATE
    ), numbered AS (
      UPDATE batches b SET items_ended = b.items_ended + 1 FROM job WHERE b.id = job.batch_id RETURNING b.items_ended
    ), subjects AS (
      UPDATE enrichment_jobs j SET status = ${end.status}::"JobStatus", completed_at = ${end.at},
        error_code = ${end.error?.code ?? null}, error_message = ${end.error?.message ?? null},
        end_seq = (SELECT items_ended FROM numbered)
      FROM job WHERE j.id = job.id
      RETURNING j.team_id, j.id AS job_id, j.batch_id, j.webhook_url AS url, j.webhook_secret AS secret, j.domain, j.end_seq
    )`,
    OWE_JOB[end.status],
  );
  if (!subject) return null;
  const item = { jobId, domain: subject.domain, status: end.status, error: end.error };
  if (subject.batch_id === null || subject.end_seq === null) return { item, batch: null, deliveries };
  const [counts] = await tx.$queryRaw<ItemCounts[]>`SELECT * FROM batch_item_counts(${subject.batch_id})`;
  return { item, batch: { id: subject.batch_id, seq: subject.end_seq, counts: counts! }, deliveries };
}

// After the commit: tell the streams, then settle the batch (the last item to end completes it,
// owing batch.completed). The caller queues the deliveries.
async function afterEnd(db: Db, events: JobEvents, jobId: string, end: JobEnd | null): Promise<Ended> {
  if (!end) return { ended: false, deliveries: [] };
  const { batch, item } = end;
  await Promise.all([
    events.jobChanged(jobId, JOB_EVENT_SEQ.ended),
    batch && events.batchItemEnded({ batchId: batch.id, seq: batch.seq, item, counts: batch.counts }),
  ]);
  const settled = batch ? await settleBatch(db, jobId) : [];
  return { ended: true, deliveries: [...end.deliveries, ...settled], batchItem: batch !== null };
}

/** Adds what the AI source spent on this job; counted even once the job has ended. */
export async function addAiTokens(db: Db, jobId: string, usage: { inputTokens: number; outputTokens: number }): Promise<void> {
  if (usage.inputTokens === 0 && usage.outputTokens === 0) return;
  await db.$executeRaw`
    UPDATE enrichment_jobs SET ai_input_tokens = ai_input_tokens + ${usage.inputTokens},
      ai_output_tokens = ai_output_tokens + ${usage.outputTokens}
    WHERE id = ${jobId}::uuid`;
}

/** The reconciler put the job's flow back on the queue after Redis lost it. */
export async function countRequeue(db: Db, jobId: string): Promise<void> {
  await db.enrichmentJob.update({ where: { id: jobId }, data: { requeues: { increment: 1 } } });
}

/**
 * Marks the job's batch completed once none of its jobs is processing. Called after each job
 * ends, outside that job's transaction: whichever job commits last sees all the others ended,
 * so the batch is settled exactly when its last item is, and batch.completed is owed once.
 * Returns the deliveries owed.
 */
async function settleBatch(db: Db, jobId: string): Promise<string[]> {
  return (await settle(db, Prisma.sql`b.id = (SELECT batch_id FROM enrichment_jobs WHERE id = ${jobId}::uuid)`)).deliveries;
}

// The batch job's own step: runs once BullMQ saw every item end. Settling is normally done
// already by the last item; this covers an item whose settle call was lost with its worker.
export async function settleBatchById(db: Db, batchId: string): Promise<{ settled: boolean; deliveries: string[] }> {
  const { ended, deliveries } = await settle(db, Prisma.sql`b.id = ${batchId}`);
  return { settled: ended, deliveries };
}

async function settle(db: Db, which: Prisma.Sql): Promise<Ended> {
  const { subject, deliveries } = await endAndOwe(
    db,
    Prisma.sql`subjects AS (
      UPDATE batches b SET completed_at = timezone('UTC', now())
      WHERE ${which} AND b.completed_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM enrichment_jobs p WHERE p.batch_id = b.id AND p.status = 'processing')
      RETURNING b.team_id, NULL::uuid AS job_id, b.id AS batch_id, b.webhook_url AS url, b.webhook_secret AS secret
    )`,
    OWE_BATCH_COMPLETED,
  );
  return { ended: subject !== null, deliveries };
}
