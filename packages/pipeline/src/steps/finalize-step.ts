import { type Db, typedSql, utc } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { completeJob, type Ended, type JobEndRow, type JobEvents, markJobFailed } from '@enrich/jobs';
import type { Metrics } from '@enrich/metrics';
import type { CompanyDraft } from '@enrich/record';
import type { Step } from '@enrich/worker-runtime';
import { scoreConfidence, scoreFieldSources } from '../confidence';
import { mergeSources } from '../merge-sources';
import { type DeliveryQueue, leaveToReconciler } from '../owed-deliveries';
import { loadJobForStep } from '../source-results';
import { completeWithCompany } from './finalize-step.queries';

/**
 * Completes the job with the domain's company row from the draft (provenance stored as served,
 * fieldSources scored) and the team's entry in its list of companies, in one statement that
 * writes them only when it ended the job. With `replace` false an existing row is kept as it
 * is: a site that could not be read this time does not wipe what an earlier run found.
 */
function completeWithCompanyRow(
  db: Db,
  job: { id: string; teamId: string; domain: string },
  draft: CompanyDraft,
  confidence: number,
  now: Date,
): Promise<JobEndRow[]> {
  const { fieldSources: _unscored, insights, b2bMatch, socialProfiles, technologies, sources, ...values } = draft;
  return completeWithCompany.run(
    {
      ...values,
      jobId: job.id,
      teamId: job.teamId,
      domain: job.domain,
      socialProfiles: JSON.stringify(socialProfiles),
      technologies,
      insights: insights ? JSON.stringify(insights) : null,
      b2bMatch: b2bMatch ? JSON.stringify(b2bMatch) : null,
      confidence,
      sources,
      provenance: JSON.stringify(scoreFieldSources(draft)),
      enrichedAt: utc(now),
      replace: sources.length > 0,
    },
    typedSql(db, 'job-complete-with-company'),
  );
}

export type FinalizeOutcome = { confidence: number } | { skipped: string } | { failed: ErrorCode };

/** enrich_batch_items_total: a job of a batch ended here (only jobs with a batch count). */
function countBatchItem(metrics: Metrics | undefined, ended: Ended, state: 'completed' | 'failed'): void {
  if (ended.batchItem) metrics?.batchItems.labels(state).inc();
}

/**
 * Merges what the sources stored for this job, scores it, upserts the company (one row per
 * domain) and completes the job, in one statement. Reads Postgres only: a step that gave up
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
  const job = await loadJobForStep(db, payload.jobId);
  if (!job) throw new AppError(ErrorCode.INVALID_JOB_PAYLOAD, `job ${payload.jobId} does not exist`);
  if (job.status !== 'processing') return { skipped: `job is ${job.status}` };

  const { results } = job;
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

  const completed = await completeJob(db, events, job.id, () => completeWithCompanyRow(db, job, draft, confidence, now));
  countBatchItem(metrics, completed, 'completed');
  await deliveries.queue(completed.deliveries, payload.requestId);
  // Another run of this step ended it meanwhile: its company row won (this one wrote none).
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
