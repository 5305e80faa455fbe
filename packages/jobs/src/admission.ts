import { type Db, namedParams, type Prisma, type StorableJson, sqlPool, utc } from '@enrich/db';
import { oweDeliveriesSql } from './webhook-events';

/**
 * Admission as one unit: the statement that admits jobs (locks their domains, charges the
 * month's quota, writes the batch, its entries and the job rows), its undo when the queue
 * refuses them (the rows go, the charge is given back), and the quota's increment and release
 * both. The job store (job-store.ts) changes the admitted rows' state from then on.
 */

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
    values: ADMIT.values({
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
      inputColumns: batch?.inputColumns ?? [],
      entryInputs: JSON.stringify(entries.map((entry) => entry.input)),
      // 1-based: the entry's job as an index of jobIds in SQL.
      entryJobs: entries.map((entry) => (entry.job === null ? null : entry.job + 1)),
      entryDuplicates: entries.map((entry) => entry.duplicate),
      webhookUrls: jobs.map((job) => job.webhook?.url ?? null),
      webhookSecrets: jobs.map((job) => job.webhook?.secret ?? null),
      batchWebhookUrl: batch?.webhook?.url ?? null,
      batchWebhookSecret: batch?.webhook?.secret ?? null,
    }),
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

const ADMIT = namedParams(
  'teamId',
  'month',
  'duplicateSince',
  'monthlyQuota',
  'freshAfter',
  'jobIds',
  'domains',
  'batchId',
  'entriesReceived',
  'invalidEntries',
  'duplicateEntries',
  'createdAt',
  'inputColumns',
  'entryInputs',
  'entryJobs',
  'entryDuplicates',
  'webhookUrls',
  'webhookSecrets',
  'batchWebhookUrl',
  'batchWebhookSecret',
);
const p = ADMIT.ref;

const ADMIT_SQL = `
  WITH locked AS (
    -- Row locks, not advisory locks: a 1,000-domain batch would hold a thousand entries of the
    -- server's shared lock table (64 per connection by default), where a row lock takes none.
    -- An ON CONFLICT DO UPDATE locks the row it meets even when its WHERE updates nothing; the
    -- first admissions of a new domain wait on each other's insert.
    INSERT INTO admission_domains (domain)
    SELECT DISTINCT domain FROM unnest(${p.domains}::text[]) AS domain ORDER BY domain
    ON CONFLICT (domain) DO UPDATE SET domain = EXCLUDED.domain WHERE false
    RETURNING domain
  ), asked AS (
    -- Asked once the locks are held: counting drives the locking to its end, and the functions
    -- are called for the count's one row. Each answers per domain, in the order of ${p.domains}.
    SELECT running_leaders(${p.domains}::text[]) AS leaders,
      CASE WHEN ${p.duplicateSince}::timestamp IS NOT NULL
        THEN submitted_since(array_fill(${p.teamId}::text, ARRAY[cardinality(${p.domains}::text[])]), ${p.domains}::text[], ${p.duplicateSince}::timestamp) END AS recent
    FROM (SELECT count(*) FROM locked) lock_held
  ), items AS (
    SELECT item.id, item.domain, item.position, item.webhook_url, item.webhook_secret,
      -- A scalar subquery, not EXISTS: EXISTS may be planned as a hash of every fresh company,
      -- and a plan cached while the table was small would go on hashing it as it grows.
      ${p.freshAfter}::timestamp IS NOT NULL AND coalesce((
        SELECT true FROM companies c
        WHERE c.domain = item.domain AND c.enriched_at > ${p.freshAfter}::timestamp AND cardinality(c.sources) > 0), false) AS fresh,
      -- A domain listed twice (single submissions admitted together): the first one leads, and
      -- only it may be charged.
      first_value(item.id) OVER (PARTITION BY item.domain ORDER BY item.position) AS first_id
    FROM unnest(${p.jobIds}::uuid[], ${p.domains}::text[], ${p.webhookUrls}::text[], ${p.webhookSecrets}::text[])
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
    SELECT ${p.teamId}, ${p.month}::date, charge.n FROM charge
    WHERE charge.n > 0 AND (${p.monthlyQuota}::int IS NULL OR charge.n <= ${p.monthlyQuota}::int)
    ON CONFLICT (team_id, month) DO UPDATE SET enrichments = usage_months.enrichments + EXCLUDED.enrichments
      WHERE ${p.monthlyQuota}::int IS NULL OR usage_months.enrichments + EXCLUDED.enrichments <= ${p.monthlyQuota}::int
    RETURNING enrichments
  ), admitted AS (
    SELECT (SELECT n FROM charge) = 0 OR EXISTS (SELECT 1 FROM quota) AS ok
  ), new_batch AS (
    INSERT INTO batches (id, team_id, entries_received, invalid_entries, duplicate_entries, input_columns, created_at, completed_at,
      webhook_url, webhook_secret)
    SELECT ${p.batchId}::text, ${p.teamId}, ${p.entriesReceived}::int, ${p.invalidEntries}::jsonb, ${p.duplicateEntries}::int, ${p.inputColumns}::text[], ${p.createdAt}::timestamp,
      -- A batch with nothing to enrich is complete as soon as it exists.
      CASE WHEN coalesce((SELECT bool_and(fresh) FROM items), true) THEN ${p.createdAt}::timestamp END, ${p.batchWebhookUrl}::text, ${p.batchWebhookSecret}::text
    WHERE ${p.batchId}::text IS NOT NULL AND (SELECT ok FROM admitted)
    RETURNING team_id, NULL::uuid AS job_id, id AS batch_id, webhook_url AS url, webhook_secret AS secret, completed_at
  ), new_jobs AS (
    INSERT INTO enrichment_jobs (id, team_id, batch_id, batch_position, domain, created_at, charged, status, started_at, completed_at,
      follows_job_id, webhook_url, webhook_secret)
    SELECT item.id, ${p.teamId}, ${p.batchId}::text, CASE WHEN ${p.batchId}::text IS NOT NULL THEN (item.position - 1)::int END,
      item.domain, ${p.createdAt}::timestamp, item.charged,
      CASE WHEN item.fresh THEN 'completed'::"JobStatus" ELSE 'processing'::"JobStatus" END,
      CASE WHEN item.fresh THEN ${p.createdAt}::timestamp END,
      CASE WHEN item.fresh THEN ${p.createdAt}::timestamp END,
      item.leader,
      item.webhook_url, item.webhook_secret
    FROM charges item WHERE (SELECT ok FROM admitted)
    RETURNING team_id, id AS job_id, batch_id, webhook_url AS url, webhook_secret AS secret, status
  ), completed_jobs AS (
    SELECT * FROM new_jobs WHERE status = 'completed'
  ), owed_jobs AS (
    -- Jobs answered from a fresh record end here: their job.completed is owed now.
    ${oweDeliveriesSql('job.completed', 'completed_jobs', `${p.createdAt}::timestamp`)}
  ), completed_batch AS (
    SELECT * FROM new_batch WHERE completed_at IS NOT NULL
  ), owed_batch AS (
    ${oweDeliveriesSql('batch.completed', 'completed_batch', `${p.createdAt}::timestamp`)}
  ), new_entries AS (
    INSERT INTO batch_entries (batch_id, position, input, job_id, duplicate)
    SELECT ${p.batchId}::text, (entry.position - 1)::int, entry.input, (${p.jobIds}::uuid[])[entry.job], entry.duplicate
    FROM ROWS FROM (jsonb_array_elements(${p.entryInputs}::jsonb), unnest(${p.entryJobs}::int[]), unnest(${p.entryDuplicates}::bool[]))
      WITH ORDINALITY AS entry(input, job, duplicate, position)
    WHERE ${p.batchId}::text IS NOT NULL AND (SELECT ok FROM admitted)
  ), listed AS (
    -- The team gets a reused record in its search list at once.
    INSERT INTO team_companies (team_id, domain, enriched_at)
    SELECT DISTINCT ${p.teamId}, item.domain, ${p.createdAt}::timestamp FROM items item WHERE item.fresh AND (SELECT ok FROM admitted)
    ON CONFLICT (team_id, domain) DO UPDATE SET enriched_at = EXCLUDED.enriched_at
  )
  SELECT (SELECT ok FROM admitted) AS ok, (SELECT enrichments FROM quota) AS used, (SELECT n FROM charge) AS charge,
    coalesce((SELECT array_agg(fresh ORDER BY position) FROM items), '{}') AS fresh,
    coalesce((SELECT array_agg(charged ORDER BY position) FROM charges), '{}') AS charged,
    coalesce((SELECT array_agg(id) FROM (SELECT id FROM owed_jobs UNION ALL SELECT id FROM owed_batch) owed), '{}') AS deliveries`;

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
  await db.$transaction(async (tx) => {
    if (jobIds.length > 0) await tx.$executeRaw`DELETE FROM enrichment_jobs WHERE id = ANY(${jobIds}::uuid[])`;
    if (input.batch) await tx.batch.delete({ where: { id: input.batch.id } });
    await releaseCharge(tx, input.teamId, input.month, charged);
  });
}

// The quota's release: the admission statement's `quota` upsert raised the month's count by
// `count`; this lowers it again (never below zero).
async function releaseCharge(tx: Prisma.TransactionClient, teamId: string, month: Date, count: number): Promise<void> {
  if (count <= 0) return;
  await tx.$executeRaw`
    UPDATE usage_months SET enrichments = GREATEST(0, enrichments - ${count})
    WHERE team_id = ${teamId} AND month = ${monthText(month)}::date`;
}
