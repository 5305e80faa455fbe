import { newId, newJobId, type Prisma } from '@enrich/db';
import { batchFlow } from '@enrich/queue';
import { type QuotaState, releaseEnrichments, reserveEnrichments } from '../limits/monthly-quota';
import { assertQueueReady, ENQUEUE_TIMEOUT_MS, queueUnavailable, type SubmitDeps, type Submitter } from '../jobs/submit-job';
import { freshDomains, touchTeamCompanies } from '../jobs/shared-runs';
import { withTimeout } from '../with-timeout';
import type { ClassifiedEntries } from './classify-entries';

export interface AcceptedBatch {
  batchId: string;
  createdAt: Date;
  jobs: { index: number; domain: string; jobId: string }[];
  /** Accepted domains this team had not submitted within the freshness window. */
  charged: number;
  /** Jobs queued to run; the others completed at once from fresh stored records. */
  queued: number;
  quota: QuotaState | undefined;
}

/**
 * Accepts a batch atomically: one Postgres transaction (quota, batch row, every job row in
 * one multi-row insert), then one BullMQ flow add for the whole batch. If the queue cannot
 * take the flow, the rows and the quota count are removed again and the request fails: either
 * every accepted domain has its job and is queued, or nothing was created.
 * Domains with a fresh stored record complete in the transaction and are not queued; domains
 * already being enriched get jobs that follow that run (see submit-job.ts).
 */
export async function acceptBatch(
  deps: SubmitDeps,
  submitter: Submitter,
  entries: ClassifiedEntries,
  options: { recent: ReadonlySet<string>; refresh: boolean },
): Promise<AcceptedBatch> {
  const { recent } = options;
  assertQueueReady(deps.redis);
  const batchId = newId('bat');
  const jobs = entries.accepted.map((entry) => ({ index: entry.index, domain: entry.domain, jobId: newJobId() }));
  const charged = jobs.filter((job) => !recent.has(job.domain)).length;
  const createdAt = new Date();

  let toRun = jobs;
  const quota = await deps.db.$transaction(async (tx) => {
    const quota = charged > 0 ? await reserveEnrichments(tx, submitter.teamId, charged, submitter.monthlyQuota, createdAt) : undefined;
    const fresh = options.refresh ? new Set<string>() : await freshDomains(tx, jobs.map((j) => j.domain), deps.freshnessWindowHours, createdAt);
    toRun = jobs.filter((job) => !fresh.has(job.domain));
    await tx.batch.create({
      data: {
        id: batchId,
        teamId: submitter.teamId,
        entriesReceived: entries.received,
        invalidEntries: entries.invalid as unknown as Prisma.InputJsonValue,
        duplicateEntries: entries.duplicates.length,
        createdAt,
        // A batch with nothing to enrich is complete as soon as it exists.
        completedAt: toRun.length === 0 ? createdAt : null,
      },
    });
    // One statement for every row: unnest of two arrays is several times faster than the
    // ORM's multi-row insert for a thousand rows (scripts/bench-bulk-accept.ts).
    // Fresh domains are completed rows; the others follow a run of their domain when one is going.
    await tx.$executeRaw`
      INSERT INTO enrichment_jobs (id, team_id, batch_id, batch_position, domain, created_at, status, started_at, completed_at, follows_job_id)
      SELECT item.id, ${submitter.teamId}, ${batchId}, (item.position - 1)::int, item.domain, ${createdAt}::timestamp,
        CASE WHEN item.fresh THEN 'completed'::"JobStatus" ELSE 'processing'::"JobStatus" END,
        CASE WHEN item.fresh THEN ${createdAt}::timestamp END,
        CASE WHEN item.fresh THEN ${createdAt}::timestamp END,
        CASE WHEN NOT item.fresh THEN (
          SELECT l.id FROM enrichment_jobs l
          WHERE l.domain = item.domain AND l.status = 'processing' AND l.follows_job_id IS NULL
          ORDER BY l.created_at LIMIT 1) END
      FROM unnest(${jobs.map((job) => job.jobId)}::uuid[], ${jobs.map((job) => job.domain)}::text[], ${jobs.map((job) => fresh.has(job.domain))}::boolean[])
        WITH ORDINALITY AS item(id, domain, fresh, position)`;
    await touchTeamCompanies(tx, submitter.teamId, [...fresh], createdAt);
    return quota;
  });

  if (toRun.length > 0) {
    const flow = batchFlow(batchId, toRun.map((job) => ({ jobId: job.jobId, domain: job.domain })), deps.retry);
    try {
      await withTimeout(deps.flows.add(flow), ENQUEUE_TIMEOUT_MS);
    } catch (error) {
      await deps.db
        .$transaction(async (tx) => {
          await tx.enrichmentJob.deleteMany({ where: { batchId } });
          await tx.batch.delete({ where: { id: batchId } });
          await releaseEnrichments(tx, submitter.teamId, charged, createdAt);
        })
        .catch(() => undefined);
      throw queueUnavailable(error);
    }
  }
  return { batchId, createdAt, jobs, charged, quota, queued: toRun.length };
}
