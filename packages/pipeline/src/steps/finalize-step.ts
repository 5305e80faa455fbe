import { type Db, type SqlConnection, utc, withSqlTransaction } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { completeJob, type JobEndRow, type JobEvents } from '@enrich/jobs';
import type { Metrics } from '@enrich/metrics';
import type { CompanyDraft, SourceName } from '@enrich/record';
import type { Step } from '@enrich/worker-runtime';
import { scoreConfidence, scoreFieldSources } from '../confidence';
import { failJob } from '../job-failure';
import { mergeSources } from '../merge-sources';
import { compareRecords, type FieldChange } from '../monitors/change-detection';
import { type CheckError, endMonitorChecks, keepChanges, lockStoredRecord } from '../monitors/record-changes';
import { type DeliveryQueue, leaveToReconciler } from '../owed-deliveries';
import { loadJobForStep, type SourceDataBySource, STORED_SOURCES } from '../source-results';
import { completeWithCompany } from './finalize-step.queries';

/**
 * Completes the job with the domain's company row from the draft (provenance stored as served,
 * fieldSources scored) and the team's entry in its list of companies, in one statement that
 * writes them only when it ended the job. With `replace` false an existing row is kept as it
 * is: a site that could not be read this time does not wipe what an earlier run found.
 */
function completeWithCompanyRow(
  sql: SqlConnection,
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
    sql,
  );
}

/** The sources this run read successfully: only they can say that a value is gone. */
const readSources = (results: SourceDataBySource): Set<SourceName> =>
  new Set(STORED_SOURCES.filter((source) => results[source]?.status === 'ok'));

/**
 * Completes the job with the company row, compared first with the row stored before (locked,
 * so refreshes of one domain ending together compare one after the other and a change is kept
 * once, whichever team's refresh found it). The changes and the company.changed deliveries they
 * owe commit with the record. A run that read nothing keeps the stored row and compares nothing.
 */
function completeComparing(
  db: Db,
  job: { id: string; teamId: string; domain: string },
  draft: CompanyDraft,
  results: SourceDataBySource,
  now: Date,
  found: { changes: FieldChange[]; deliveries: string[]; confidence: number },
): Promise<JobEndRow[]> {
  return withSqlTransaction(db, async (tx) => {
    const previous = draft.sources.length > 0 ? await lockStoredRecord(tx, job.domain) : null;
    const compared = previous ? compareRecords(previous, draft, readSources(results)) : { changes: [], record: draft };
    found.confidence = scoreConfidence(compared.record);
    const rows = await completeWithCompanyRow(tx('job-complete-with-company'), job, compared.record, found.confidence, now);
    if (rows.length > 0 && compared.changes.length > 0) {
      found.changes = compared.changes;
      found.deliveries = await keepChanges(tx, { domain: job.domain, jobId: job.id, at: now }, compared.changes);
    }
    return rows;
  });
}

/** What a monitor's check shows of a run: the site not read is its error, though the job completed. */
function checkError(results: SourceDataBySource): CheckError {
  const website = results.website;
  if (!website || website.status === 'ok') return null;
  if (website.status === 'failed') return { code: website.code, message: website.message };
  return { code: ErrorCode.SITE_UNREACHABLE, message: website.message };
}

function countChanges(metrics: Metrics | undefined, found: { changes: FieldChange[]; deliveries: string[] }): void {
  if (!metrics) return;
  for (const change of found.changes) metrics.companyChanges.labels(change.field.split('.')[0]!).inc();
  if (found.deliveries.length > 0) metrics.companyChangedOwed.inc(found.deliveries.length);
}

export type FinalizeOutcome = { confidence: number } | { skipped: string } | { failed: ErrorCode };

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
    const { code, message } = results.website;
    await failJob({ db, events, deliveries, metrics }, job.id, { code, message }, payload.requestId);
    return { failed: code };
  }
  const draft = mergeSources(results);
  const now = new Date();

  const found = { changes: [] as FieldChange[], deliveries: [] as string[], confidence: 0 };
  const completed = await completeJob(db, events, job.id, () => completeComparing(db, job, draft, results, now, found));
  // enrich_batch_items_total: only jobs of a batch count (failJob counts the failed ones).
  if (completed.batchItem) metrics?.batchItems.labels('completed').inc();
  // Changes found by a run that ended here only (a run that did not end wrote nothing).
  await deliveries.queue(completed.ended ? [...completed.deliveries, ...found.deliveries] : completed.deliveries, payload.requestId);
  if (!completed.ended) return { skipped: 'job ended meanwhile' };
  countChanges(metrics, found);
  await endMonitorChecks(db, job.id, checkError(results), metrics);
  // Another run of this step ended it meanwhile: its company row won (this one wrote none).
  return { confidence: found.confidence };
}

/** The last step of every job; also ends the job when its own fault outlasts the retries. */
export function finalizeStep(db: Db, events: JobEvents, deliveries: DeliveryQueue, metrics: Metrics): Step<'finalize'> {
  return {
    run: (payload) => finalizeJob(db, events, payload, deliveries, metrics),
    giveUp: async (payload, error) => {
      await failJob({ db, events, deliveries, metrics }, payload.jobId, error, payload.requestId);
    },
  };
}
