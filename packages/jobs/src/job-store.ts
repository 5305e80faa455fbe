import { type Db, Prisma, type StorableJson, sqlPool, utc } from '@enrich/db';
import type { ErrorCode } from '@enrich/errors';
import { type BatchItemEnded, type ItemCounts, itemCountsSql, JOB_EVENT_SEQ, type JobEvents } from './job-events';
import { oweDeliveriesSql } from './webhook-events';

/**
 * The job store: the one module that writes `enrichment_jobs` rows, and settles the batches
 * they belong to. Admission inserts (and, when the queue refuses them, removes) the rows; the
 * pipeline's steps and the reconciler change their state, and each change of state is
 * announced on `events` once it has committed (job-events.ts). The transaction that ends a job
 * or settles a batch also records the webhook deliveries it owes (webhook-events.ts); each
 * returns their ids, for the caller to queue once it has committed.
 */
export type JobStoreClient = Db | Prisma.TransactionClient;

export interface AdmittedJob {
  id: string;
  domain: string;
  /** A fresh stored record answers it: written completed, never queued. */
  fresh: boolean;
  /** Counted against the month: the team's first submission of the domain within the window. */
  charged: boolean;
}

/** A submission's one-off webhookUrl and the secret its answer gives. */
export interface OneOffWebhook {
  url: string;
  secret: string;
}

/** One entry of a bulk request, in the order sent (batch_entries). */
export interface BatchEntryInput {
  /** The entry's input row: the CSV row's cells, or [entry] of a JSON list. */
  input: StorableJson[];
  /** Index in `jobs` of the job answering it (its own, or the earlier entry's); null: invalid. */
  job: number | null;
  /** It repeats a domain of an earlier entry and shares that entry's job. */
  duplicate: boolean;
}

export interface AdmissionInput {
  teamId: string;
  /** The batch row to write with the jobs, or null for a single submission. */
  batch: {
    id: string;
    entriesReceived: number;
    invalidEntries: unknown;
    duplicateEntries: number;
    /** The uploaded CSV's header row; ["domain"] for a JSON list. */
    inputColumns: readonly string[];
    /** Every entry of the request, in order. */
    entries: readonly BatchEntryInput[];
    /** Where batch.completed goes beside the team's endpoints. */
    webhook?: OneOffWebhook | null;
  } | null;
  createdAt: Date;
  /** In submission order; a batch's jobs get their position in it. A domain listed twice runs once. */
  jobs: readonly { id: string; domain: string; webhook?: OneOffWebhook | null }[];
  /** The team's monthly quota; null: unlimited. */
  monthlyQuota: number | null;
  /** First day of the month counted against (UTC). */
  month: Date;
  /** Records enriched after this (with a source) are reused; null: reuse nothing (refresh). */
  freshAfter: Date | null;
  /**
   * The team's jobs of a domain created since this (and not failed) make a new submission of
   * it a duplicate, free of charge (`submitted_since`); null: every domain is charged.
   */
  duplicateSince: Date | null;
}

export type AdmissionResult =
  | {
      admitted: true;
      jobs: AdmittedJob[];
      /** The month's count after this admission; null when nothing was charged. */
      used: number | null;
      /** Webhook deliveries owed by the jobs written completed (and a batch complete at once): queue them. */
      deliveries: string[];
    }
  | { admitted: false /** What the admission would have charged, more than the quota had left. */; charge: number };

/**
 * Admits jobs in ONE statement, so nothing is held between round trips, and so that whatever
 * arrives together, on any replica and for any team, each domain has one run in flight and each
 * team pays once for it:
 *
 * - It first locks the row of each of its domains in `admission_domains` (sorted: one locking
 *   order), so admissions sharing a domain run one after another, each until its commit.
 * - Then it asks, for each job, the two questions whose answer another admission may just have
 *   changed, through functions that read the database as it is once the locks are held
 *   (migration 20261126000000_admission_domains): `running_leaders` (the job whose run it
 *   follows) and `submitted_since` (its team submitted the domain within the window: a free
 *   duplicate). Read by the statement itself, both came from before the wait: two admissions
 *   arriving together both found no leader and both led (issue 24: half such pairs ran twice).
 *
 * A job is charged unless its team submitted the domain since `duplicateSince` or earlier in
 * this admission. The month's count is raised only when the quota covers the whole charge (the
 * check and the increment are one upsert), and only then are the batch row and its entries,
 * every job row and the team's list entries for reused records written. A job whose domain has
 * a fresh stored record is written completed; any other follows its domain's running leader
 * (`follows_job_id`, packages/pipeline/src/leader-results.ts), or the first job of its domain
 * in this admission, or leads. The rows go in with unnest: several times faster than the ORM's
 * multi-row insert for a thousand rows (scripts/bench-bulk-accept.ts).
 */
export async function admitJobs(db: Db, input: AdmissionInput): Promise<AdmissionResult> {
  const { teamId, batch, createdAt, jobs, monthlyQuota, freshAfter, duplicateSince } = input;
  const entries = batch?.entries ?? [];
  // The submission path's one statement: run on the driver, not the ORM (see sqlPool).
  // Named, so each connection plans it once: planning this statement costs more than running it.
  const { rows } = await sqlPool(db).query<{
    ok: boolean;
    used: number | null;
    charge: number;
    fresh: boolean[];
    charged: boolean[];
    deliveries: string[];
  }>({
    name: 'admit-jobs',
    text: ADMIT_SQL,
    values: [
      teamId, // $1
      utc(input.month).slice(0, 10), // $2
      duplicateSince && utc(duplicateSince), // $3
      monthlyQuota, // $4
      freshAfter && utc(freshAfter), // $5
      jobs.map((job) => job.id), // $6
      jobs.map((job) => job.domain), // $7
      batch?.id ?? null, // $8
      batch?.entriesReceived ?? 0, // $9
      JSON.stringify(batch?.invalidEntries ?? []), // $10
      batch?.duplicateEntries ?? 0, // $11
      utc(createdAt), // $12
      batch?.inputColumns ?? [], // $13
      JSON.stringify(entries.map((entry) => entry.input)), // $14
      entries.map((entry) => (entry.job === null ? null : entry.job + 1)), // $15
      entries.map((entry) => entry.duplicate), // $16
      jobs.map((job) => job.webhook?.url ?? null), // $17
      jobs.map((job) => job.webhook?.secret ?? null), // $18
      batch?.webhook?.url ?? null, // $19
      batch?.webhook?.secret ?? null, // $20
    ],
  });
  const row = rows[0];
  if (!row) throw new Error('the admission statement returned no row');
  if (!row.ok) return { admitted: false, charge: row.charge };
  return {
    admitted: true,
    used: row.used,
    jobs: jobs.map(({ id, domain }, i) => ({ id, domain, fresh: row.fresh[i] === true, charged: row.charged[i] === true })),
    deliveries: row.deliveries,
  };
}

const ADMIT_SQL = `
  WITH locked AS (
    -- Row locks, not advisory locks: a 1,000-domain batch would hold a thousand entries of the
    -- server's shared lock table (64 per connection by default), where a row lock takes none.
    -- An ON CONFLICT DO UPDATE locks the row it meets even when its WHERE updates nothing; the
    -- first admissions of a new domain wait on each other's insert.
    INSERT INTO admission_domains (domain)
    SELECT DISTINCT domain FROM unnest($7::text[]) AS domain ORDER BY domain
    ON CONFLICT (domain) DO UPDATE SET domain = EXCLUDED.domain WHERE false
    RETURNING domain
  ), asked AS (
    -- Asked once the locks are held: counting drives the locking to its end, and the functions
    -- are called for the count's one row. Each answers per domain, in the order of $7.
    SELECT running_leaders($7::text[]) AS leaders,
      CASE WHEN $3::timestamp IS NOT NULL
        THEN submitted_since(array_fill($1::text, ARRAY[cardinality($7::text[])]), $7::text[], $3::timestamp) END AS recent
    FROM (SELECT count(*) FROM locked) lock_held
  ), items AS (
    SELECT item.id, item.domain, item.position, item.webhook_url, item.webhook_secret,
      -- A scalar subquery, not EXISTS: EXISTS may be planned as a hash of every fresh company,
      -- and a plan cached while the table was small would go on hashing it as it grows.
      $5::timestamp IS NOT NULL AND coalesce((
        SELECT true FROM companies c
        WHERE c.domain = item.domain AND c.enriched_at > $5::timestamp AND cardinality(c.sources) > 0), false) AS fresh,
      -- A domain listed twice (single submissions admitted together): the first one leads, and
      -- only it may be charged.
      first_value(item.id) OVER (PARTITION BY item.domain ORDER BY item.position) AS first_id
    FROM unnest($6::uuid[], $7::text[], $17::text[], $18::text[])
      WITH ORDINALITY AS item(id, domain, webhook_url, webhook_secret, position)
  ), charges AS (
    SELECT item.*,
      item.id = item.first_id AND NOT coalesce(asked.recent[item.position], false) AS charged,
      CASE WHEN NOT item.fresh THEN coalesce(asked.leaders[item.position], nullif(item.first_id, item.id)) END AS leader
    FROM items item CROSS JOIN asked
  ), charge AS (
    SELECT count(*) FILTER (WHERE charged)::int AS n FROM charges
  ), quota AS (
    INSERT INTO usage_months (team_id, month, enrichments)
    SELECT $1, $2::date, charge.n FROM charge
    WHERE charge.n > 0 AND ($4::int IS NULL OR charge.n <= $4::int)
    ON CONFLICT (team_id, month) DO UPDATE SET enrichments = usage_months.enrichments + EXCLUDED.enrichments
      WHERE $4::int IS NULL OR usage_months.enrichments + EXCLUDED.enrichments <= $4::int
    RETURNING enrichments
  ), admitted AS (
    SELECT (SELECT n FROM charge) = 0 OR EXISTS (SELECT 1 FROM quota) AS ok
  ), new_batch AS (
    INSERT INTO batches (id, team_id, entries_received, invalid_entries, duplicate_entries, input_columns, created_at, completed_at,
      webhook_url, webhook_secret)
    SELECT $8::text, $1, $9::int, $10::jsonb, $11::int, $13::text[], $12::timestamp,
      -- A batch with nothing to enrich is complete as soon as it exists.
      CASE WHEN coalesce((SELECT bool_and(fresh) FROM items), true) THEN $12::timestamp END, $19::text, $20::text
    WHERE $8::text IS NOT NULL AND (SELECT ok FROM admitted)
    RETURNING team_id, NULL::uuid AS job_id, id AS batch_id, webhook_url AS url, webhook_secret AS secret, completed_at
  ), new_jobs AS (
    INSERT INTO enrichment_jobs (id, team_id, batch_id, batch_position, domain, created_at, charged, status, started_at, completed_at,
      follows_job_id, webhook_url, webhook_secret)
    SELECT item.id, $1, $8::text, CASE WHEN $8::text IS NOT NULL THEN (item.position - 1)::int END,
      item.domain, $12::timestamp, item.charged,
      CASE WHEN item.fresh THEN 'completed'::"JobStatus" ELSE 'processing'::"JobStatus" END,
      CASE WHEN item.fresh THEN $12::timestamp END,
      CASE WHEN item.fresh THEN $12::timestamp END,
      item.leader,
      item.webhook_url, item.webhook_secret
    FROM charges item WHERE (SELECT ok FROM admitted)
    RETURNING team_id, id AS job_id, batch_id, webhook_url AS url, webhook_secret AS secret, status
  ), completed_jobs AS (
    SELECT * FROM new_jobs WHERE status = 'completed'
  ), owed_jobs AS (
    -- Jobs answered from a fresh record end here: their job.completed is owed now.
    ${oweDeliveriesSql('job.completed', 'completed_jobs', '$12::timestamp')}
  ), completed_batch AS (
    SELECT * FROM new_batch WHERE completed_at IS NOT NULL
  ), owed_batch AS (
    ${oweDeliveriesSql('batch.completed', 'completed_batch', '$12::timestamp')}
  ), new_entries AS (
    INSERT INTO batch_entries (batch_id, position, input, job_id, duplicate)
    SELECT $8::text, (entry.position - 1)::int, entry.input, ($6::uuid[])[entry.job], entry.duplicate
    FROM ROWS FROM (jsonb_array_elements($14::jsonb), unnest($15::int[]), unnest($16::bool[]))
      WITH ORDINALITY AS entry(input, job, duplicate, position)
    WHERE $8::text IS NOT NULL AND (SELECT ok FROM admitted)
  ), listed AS (
    -- The team gets a reused record in its search list at once.
    INSERT INTO team_companies (team_id, domain, enriched_at)
    SELECT DISTINCT $1, item.domain, $12::timestamp FROM items item WHERE item.fresh AND (SELECT ok FROM admitted)
    ON CONFLICT (team_id, domain) DO UPDATE SET enriched_at = EXCLUDED.enriched_at
  )
  SELECT (SELECT ok FROM admitted) AS ok, (SELECT enrichments FROM quota) AS used, (SELECT n FROM charge) AS charge,
    coalesce((SELECT array_agg(fresh ORDER BY position) FROM items), '{}') AS fresh,
    coalesce((SELECT array_agg(charged ORDER BY position) FROM charges), '{}') AS charged,
    coalesce((SELECT array_agg(id) FROM (SELECT id FROM owed_jobs UNION ALL SELECT id FROM owed_batch) owed), '{}') AS deliveries`;

/** Undoes an admission whose jobs could not be queued: the rows go as if never written. */
export async function removeAdmittedJobs(tx: JobStoreClient, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await tx.$executeRaw`DELETE FROM enrichment_jobs WHERE id = ANY(${[...jobIds]}::uuid[])`;
}

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
  const [counts] = await tx.$queryRawUnsafe<ItemCounts[]>(itemCountsSql('$1'), subject.batch_id);
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
