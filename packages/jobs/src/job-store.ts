import type { Db, Prisma } from '@enrich/db';

/**
 * The job store: the one module that writes `enrichment_jobs` rows (DESIGN.md, "every write
 * to a job row goes through one module"). Admission writes here today; the worker-side state
 * changes (start, complete, fail, tokens, requeue) are to move in beside these.
 */
export type JobStoreClient = Db | Prisma.TransactionClient;

export interface AdmittedJob {
  id: string;
  domain: string;
  /** A fresh stored record answers it: written completed, never queued. */
  fresh: boolean;
}

export interface AdmittedJobs {
  teamId: string;
  /** The batch the jobs belong to (its row already written), or null for a single submission. */
  batchId: string | null;
  createdAt: Date;
  /** In submission order; a batch's jobs get their position in it. */
  jobs: readonly AdmittedJob[];
}

/**
 * Writes admitted jobs, all in one statement: unnest of the columns is several times faster
 * than the ORM's multi-row insert for a thousand rows (scripts/bench-bulk-accept.ts).
 * A fresh job is written completed. Any other job picks its leader: the oldest job of its
 * domain still processing that runs on its own (by any team), which it then follows
 * (`follows_job_id`, packages/pipeline/src/shared-run.ts); without one it leads. Two jobs
 * admitted at the same instant may both lead; that costs one extra run, never a wrong record.
 */
export async function insertAdmittedJobs(tx: JobStoreClient, admitted: AdmittedJobs): Promise<void> {
  const { teamId, batchId, createdAt, jobs } = admitted;
  if (jobs.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO enrichment_jobs (id, team_id, batch_id, batch_position, domain, created_at, status, started_at, completed_at, follows_job_id)
    SELECT item.id, ${teamId}, ${batchId}::text, CASE WHEN ${batchId}::text IS NOT NULL THEN (item.position - 1)::int END,
      item.domain, ${createdAt}::timestamp,
      CASE WHEN item.fresh THEN 'completed'::"JobStatus" ELSE 'processing'::"JobStatus" END,
      CASE WHEN item.fresh THEN ${createdAt}::timestamp END,
      CASE WHEN item.fresh THEN ${createdAt}::timestamp END,
      CASE WHEN NOT item.fresh THEN (
        SELECT l.id FROM enrichment_jobs l
        WHERE l.domain = item.domain AND l.status = 'processing' AND l.follows_job_id IS NULL
        ORDER BY l.created_at LIMIT 1) END
    FROM unnest(${jobs.map((job) => job.id)}::uuid[], ${jobs.map((job) => job.domain)}::text[], ${jobs.map((job) => job.fresh)}::boolean[])
      WITH ORDINALITY AS item(id, domain, fresh, position)`;
}

/** Undoes an admission whose jobs could not be queued: the rows go as if never written. */
export async function removeAdmittedJobs(tx: JobStoreClient, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await tx.$executeRaw`DELETE FROM enrichment_jobs WHERE id = ANY(${[...jobIds]}::uuid[])`;
}
