import { type Db, Prisma } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { completeJob, type Ended, type JobEvents, markJobFailed } from '@enrich/jobs';
import type { Metrics } from '@enrich/metrics';
import type { CompanyDraft } from '@enrich/record';
import type { Step } from '@enrich/worker-runtime';
import { scoreConfidence, scoreFieldSources } from '../confidence';
import { mergeSources } from '../merge-sources';
import { type DeliveryQueue, leaveToReconciler } from '../owed-deliveries';
import { loadSourceResults } from '../source-results';

// The draft as `companies` columns: provenance is stored as served (fieldSources).
function companyColumns(draft: CompanyDraft, confidence: number, now: Date) {
  const { fieldSources: _unscored, insights, b2bMatch, ...values } = draft;
  return {
    ...values,
    insights: insights ?? Prisma.DbNull,
    b2bMatch: b2bMatch ?? Prisma.DbNull,
    provenance: scoreFieldSources(draft),
    confidence,
    enrichedAt: now,
  };
}

export type FinalizeOutcome = { confidence: number } | { skipped: string } | { failed: ErrorCode };

/** enrich_batch_items_total: a job of a batch ended here (only jobs with a batch count). */
function countBatchItem(metrics: Metrics | undefined, ended: Ended, state: 'completed' | 'failed'): void {
  if (ended.batchItem) metrics?.batchItems.labels(state).inc();
}

/**
 * Merges what the sources stored for this job, scores it, upserts the company (one row per
 * domain) and completes the job, in one transaction. Reads Postgres only: a step that gave up
 * left its failure there, and the job ends with that failure's code. Running it twice
 * changes nothing the second time: a job that is no longer processing is left alone. The
 * webhook deliveries the job's end owes are written with it and queued once it has committed.
 */
export async function finalizeJob(
  db: Db,
  events: JobEvents,
  payload: { jobId: string; requestId?: string },
  deliveries: DeliveryQueue = leaveToReconciler,
  metrics?: Metrics,
): Promise<FinalizeOutcome> {
  const job = await db.enrichmentJob.findUnique({ where: { id: payload.jobId } });
  if (!job) throw new AppError(ErrorCode.INVALID_JOB_PAYLOAD, `job ${payload.jobId} does not exist`);
  if (job.status !== 'processing') return { skipped: `job is ${job.status}` };

  const results = await loadSourceResults(db, job.id);
  if (!results.website) {
    // The scrape step finished without leaving its result: an internal fault, worth a retry.
    throw new AppError(ErrorCode.ENRICHMENT_FAILED, 'website source result is missing', { retryable: true });
  }
  if (results.website.status === 'failed') {
    const failed = await markJobFailed(db, events, job.id, results.website.code, results.website.message);
    countBatchItem(metrics, failed, 'failed');
    await deliveries.queue(failed.deliveries, payload.requestId);
    return { failed: results.website.code };
  }
  const draft = mergeSources(results);
  const confidence = scoreConfidence(draft);
  const now = new Date();

  const completed = await completeJob(db, events, job.id, now, async (tx) => {
    const existing = await tx.company.findUnique({ where: { domain: job.domain }, select: { domain: true } });
    // A site that could not be read this time does not wipe what an earlier run found.
    if (draft.sources.length > 0 || !existing) {
      const columns = companyColumns(draft, confidence, now);
      await tx.company.upsert({ where: { domain: job.domain }, create: { domain: job.domain, ...columns }, update: columns });
    }
    // The team's own list of companies, which search covers.
    await tx.teamCompany.upsert({
      where: { teamId_domain: { teamId: job.teamId, domain: job.domain } },
      create: { teamId: job.teamId, domain: job.domain, enrichedAt: now },
      update: { enrichedAt: now },
    });
  });
  countBatchItem(metrics, completed, 'completed');
  await deliveries.queue(completed.deliveries, payload.requestId);
  // Another run of this step ended it meanwhile: its company row won (this one rolled back).
  return completed.ended ? { confidence } : { skipped: 'job ended meanwhile' };
}

/** The last step of every job; also ends the job when its own fault outlasts the retries. */
export function finalizeStep(db: Db, events: JobEvents, deliveries: DeliveryQueue, metrics: Metrics): Step<'finalize'> {
  return {
    run: (payload) => finalizeJob(db, events, payload, deliveries, metrics),
    giveUp: async (payload, error) => {
      const failed = await markJobFailed(db, events, payload.jobId, error.code, error.message);
      countBatchItem(metrics, failed, 'failed');
      await deliveries.queue(failed.deliveries, payload.requestId);
    },
  };
}
