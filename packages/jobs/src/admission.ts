import { type Db, type StorableJson, typedSql, utc, withSqlTransaction } from '@enrich/db';
import { admitJobs as admitJobsRow, deleteBatch, deleteJobs, releaseCharge } from './admission.queries';

/**
 * Admission as one unit: the statement that admits jobs (locks their domains, charges the
 * month's quota, writes the batch, its entries and the job rows), its undo when the queue
 * refuses them (the rows go, the charge is given back), and the quota's increment and release
 * both. The job store (job-store.ts) changes the admitted rows' state from then on.
 */

/** The month an admission is counted against: its first day, UTC. */
export const monthStart = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

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

/** An admission that went in: its jobs, in the order given, and what to queue. */
export interface Admitted {
  admitted: true;
  jobs: AdmittedJob[];
  /** The month's count after this admission; null when nothing was charged. */
  used: number | null;
  /** Webhook deliveries owed by the jobs written completed (and a batch complete at once): queue them. */
  deliveries: string[];
}

export type AdmissionResult =
  | Admitted
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
 *   duplicate). Read by the statement itself, both would come from before the wait: two
 *   admissions arriving together would both find no leader and both lead, running the domain twice.
 *
 * A job is charged unless its team submitted the domain since `duplicateSince` or earlier in
 * this admission. The month's count is raised only when the quota covers the whole charge (the
 * check and the increment are one upsert), and only then are the batch row and its entries,
 * every job row and the team's list entries for reused records written. A job whose domain has
 * a fresh stored record is written completed; any other follows its domain's running leader
 * (`follows_job_id`, packages/pipeline/src/leader-results.ts), or the first job of its domain
 * in this admission, or leads. The rows go in with unnest: several times faster than the ORM's
 * multi-row insert for a thousand rows (scripts/bench-bulk-accept.ts). The statement is
 * AdmitJobs in admission.sql.
 */
export async function admitJobs(db: Db, input: AdmissionInput): Promise<AdmissionResult> {
  const { teamId, batch, createdAt, jobs, monthlyQuota, freshAfter, duplicateSince } = input;
  const entries = batch?.entries ?? [];
  // The submission path's one statement: run on the driver, not the ORM (see sqlPool).
  // Named, so each connection plans it once: planning this statement costs more than running it.
  const rows = await admitJobsRow.run(
    {
      teamId,
      month: monthText(input.month),
      duplicateSince: duplicateSince && utc(duplicateSince),
      monthlyQuota,
      freshAfter: freshAfter && utc(freshAfter),
      jobIds: jobs.map((job) => job.id),
      domains: jobs.map((job) => job.domain),
      batchId: batch?.id ?? null,
      entriesReceived: batch?.entriesReceived ?? 0,
      invalidEntries: JSON.stringify(batch?.invalidEntries ?? []),
      duplicateEntries: batch?.duplicateEntries ?? 0,
      createdAt: utc(createdAt),
      inputColumns: [...(batch?.inputColumns ?? [])],
      entryInputs: JSON.stringify(entries.map((entry) => entry.input)),
      // Lists holding nulls go as JSON (admission.sql). 1-based: the entry's job as an index of jobIds in SQL.
      entryJobs: JSON.stringify(entries.map((entry) => (entry.job === null ? null : entry.job + 1))),
      entryDuplicates: entries.map((entry) => entry.duplicate),
      webhookUrls: JSON.stringify(jobs.map((job) => job.webhook?.url ?? null)),
      webhookSecrets: JSON.stringify(jobs.map((job) => job.webhook?.secret ?? null)),
      batchWebhookUrl: batch?.webhook?.url ?? null,
      batchWebhookSecret: batch?.webhook?.secret ?? null,
    },
    typedSql(db, 'admit-jobs'),
  );
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

/** The `month` column's text (a date) for the first day of a month (UTC). */
const monthText = (month: Date): string => utc(month).slice(0, 10);

/**
 * Undoes an admission whose jobs could not be queued, in one transaction: its job rows and its
 * batch (with the batch's entries) go as if never written, and the month's count gives back
 * what the admission charged. `input` is what was given to admitJobs, `admitted` its answer.
 */
export async function undoAdmission(
  db: Db,
  input: Pick<AdmissionInput, 'teamId' | 'month' | 'batch' | 'jobs'>,
  admitted: Pick<Admitted, 'jobs'>,
): Promise<void> {
  const jobIds = input.jobs.map((job) => job.id);
  const charged = admitted.jobs.filter((job) => job.charged).length;
  await withSqlTransaction(db, async (tx) => {
    // Unnamed, planned for its ids each time: a kept generic plan of `id = ANY(...)` may be a
    // scan of the whole table (a rare path, whose planning costs nothing worth keeping).
    if (jobIds.length > 0) await deleteJobs.run({ jobIds }, tx());
    if (input.batch && (await deleteBatch.run({ batchId: input.batch.id }, tx('admission-undo-batch'))).length === 0) {
      throw new Error(`undoAdmission: no batch ${input.batch.id}`);
    }
    // The admission statement's `quota` upsert raised the month's count by `charged`.
    if (charged > 0) {
      await releaseCharge.run({ teamId: input.teamId, month: monthText(input.month), count: charged }, tx('admission-undo-charge'));
    }
  });
}
