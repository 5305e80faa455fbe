import { type Db, sqlPool, utcDate } from '@enrich/db';
import {
  batchStateSql,
  batchStatus,
  type CountedBatch,
  itemCountsSql,
  jobView,
  type PolledJob,
  STORED_COMPANY_SQL,
  type WebhookEvent,
} from '@enrich/jobs';
import { parseFieldSelection, type StoredCompany } from '@enrich/record';

/** What a delivery's body is made from. */
export interface PayloadSubject {
  eventType: string;
  jobId: string | null;
  batchId: string | null;
  /** The event's time. */
  createdAt: Date;
  /** The endpoint's field selection; null: the whole record. */
  fields: string | null;
}

/**
 * A job and its company as one JSON value (a subquery of `jobId`, an SQL expression): the
 * delivery's load reads it with the delivery when its body is still to be made.
 */
export const jobJsonSql = (jobId: string) => `(
  SELECT json_build_object('id', j.id, 'batchId', j.batch_id, 'status', j.status, 'domain', j.domain,
    'createdAt', j.created_at, 'completedAt', j.completed_at, 'errorCode', j.error_code, 'errorMessage', j.error_message,
    'company', ${STORED_COMPANY_SQL})
  FROM enrichment_jobs j LEFT JOIN companies c ON j.status = 'completed' AND c.domain = j.domain
  WHERE j.id = ${jobId})`;

/** jobJsonSql's value: timestamps as JSON gives them (UTC wall time, no zone). */
export interface JobJson {
  id: string;
  batchId: string | null;
  status: PolledJob['status'];
  domain: string;
  createdAt: string;
  completedAt: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  company: StoredCompany | null;
}

const JOB_SQL = `SELECT ${jobJsonSql('$1::uuid')} AS job`;

const BATCH_SQL = `
  SELECT b.id, b.entries_received AS "entriesReceived", b.duplicate_entries AS "duplicateEntries", b.invalid_entries AS invalid,
    ${batchStateSql('b', 'counts')}
  FROM batches b, (${itemCountsSql('$1')}) counts
  WHERE b.id = $1`;

/** A job event's data: the job's poll answer (its record with the endpoint's fields), with its id and batch. */
async function jobData(db: Db, jobId: string, fields: string | null, loaded: JobJson | null | undefined) {
  const job =
    loaded ?? (await sqlPool(db).query<{ job: JobJson | null }>({ name: 'webhook-job', text: JOB_SQL, values: [jobId] })).rows[0]?.job;
  if (!job) return null;
  const polled = {
    ...job,
    createdAt: utcDate(job.createdAt),
    completedAt: utcDate(job.completedAt),
  };
  const selection = fields === null ? undefined : parseFieldSelection(fields);
  const data = jobView(polled, job.company, 0, selection?.ok ? selection.selection : undefined);
  return { jobId: job.id, ...(job.batchId ? { batchId: job.batchId } : {}), ...data };
}

/** batch.completed's data: the batch poll answer without its page of items. */
async function batchData(db: Db, batchId: string) {
  const { rows } = await sqlPool(db).query<CountedBatch>({ name: 'webhook-batch', text: BATCH_SQL, values: [batchId] });
  const batch = rows[0];
  if (!batch) return null;
  return {
    ...batchStatus(batch),
    statusEndpoint: `/api/enrich/bulk/${batch.id}`,
    resultsEndpoint: `/api/enrich/bulk/${batch.id}/results.csv`,
  };
}

/**
 * A delivery's body, as the Standard Webhooks specification shapes it: `{type, timestamp,
 * data}`, where data is what a poll answers (a job's poll body with `jobId`, or a batch's
 * progress without items). Made at the first attempt and stored with it: every later attempt
 * and resend sends the same bytes. `job`: the job as read with the delivery (else read here).
 * Null when its job or batch is gone.
 */
export async function buildPayload(db: Db, subject: PayloadSubject, job?: JobJson | null): Promise<string | null> {
  const event = subject.eventType as WebhookEvent;
  const data =
    event === 'batch.completed'
      ? subject.batchId && (await batchData(db, subject.batchId))
      : subject.jobId && (await jobData(db, subject.jobId, subject.fields, job));
  if (!data) return null;
  return JSON.stringify({ type: event, timestamp: subject.createdAt.toISOString(), data });
}
