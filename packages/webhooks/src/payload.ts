import { type Db, typedSql } from '@enrich/db';
import {
  batchStatus,
  type CompanyColumns,
  invalidEntriesOf,
  jobView,
  type PolledJob,
  storedCompany,
  type WebhookEvent,
} from '@enrich/jobs';
import { parseFieldSelection, recordFromStored, type SourceName, type StoredCompany, selectFields } from '@enrich/record';
import { webhookBatch, webhookChanges, webhookJob } from './webhook-reads.queries';

/** What a delivery's body is made from. */
export interface PayloadSubject {
  /** The team owed it (company.changed: whose monitor's watched fields apply). */
  teamId: string;
  eventType: string;
  jobId: string | null;
  batchId: string | null;
  /** The event's time. */
  createdAt: Date;
  /** The endpoint's field selection; null: the whole record. */
  fields: string | null;
}

/** A job event's job and its company as the typed statements read them (webhook-reads.sql). */
export type JobColumns = CompanyColumns & {
  jobRowId: string | null;
  jobBatchId: string | null;
  jobStatus: PolledJob['status'] | null;
  jobDomain: string | null;
  jobCreatedAt: Date | null;
  jobCompletedAt: Date | null;
  jobErrorCode: string | null;
  jobErrorMessage: string | null;
};

/** A job event's job and company. */
export interface LoadedJob {
  id: string;
  batchId: string | null;
  job: PolledJob;
  company: StoredCompany | null;
}

/** The job of a row's "job…" columns (JobColumns); null when the row has none. */
export function loadedJob(row: JobColumns | undefined): LoadedJob | null {
  if (!row || row.jobRowId === null || row.jobStatus === null || row.jobDomain === null || row.jobCreatedAt === null) return null;
  return {
    id: row.jobRowId,
    batchId: row.jobBatchId,
    job: {
      status: row.jobStatus,
      domain: row.jobDomain,
      createdAt: row.jobCreatedAt,
      completedAt: row.jobCompletedAt,
      errorCode: row.jobErrorCode,
      errorMessage: row.jobErrorMessage,
    },
    company: storedCompany(row),
  };
}

/** A job event's data: the job's poll answer (its record with the endpoint's fields), with its id and batch. */
async function jobData(db: Db, jobId: string, fields: string | null, loaded: LoadedJob | null | undefined) {
  const job = loaded ?? loadedJob((await webhookJob.run({ jobId }, typedSql(db, 'webhook-job')))[0]);
  if (!job) return null;
  const selection = fields === null ? undefined : parseFieldSelection(fields);
  const data = jobView(job.job, job.company, 0, selection?.ok ? selection.selection : undefined);
  // A job event is owed only once its job has ended (the job store writes it then).
  if (data.status === 'processing') throw new Error(`job ${job.id} has not ended: no job event is owed for it`);
  return { jobId: job.id, ...(job.batchId ? { batchId: job.batchId } : {}), ...data };
}

/** batch.completed's data: the batch poll answer without its page of items. */
async function batchData(db: Db, batchId: string) {
  const [batch] = await webhookBatch.run({ batchId }, typedSql(db, 'webhook-batch'));
  if (!batch) return null;
  return {
    ...batchStatus({ ...batch, invalid: invalidEntriesOf(batch.invalid) }),
    statusEndpoint: `/api/enrich/bulk/${batch.id}`,
    resultsEndpoint: `/api/enrich/bulk/${batch.id}/results.csv`,
  };
}

/** A change as company.changed sends it: a value as the record holds it. */
type ChangedValue = string | number | string[] | null;

/**
 * company.changed's data: the domain, the changes the refresh found that the team's monitor
 * watches, and the record now (with the endpoint's fields). Never the job that found them: it
 * may be another team's. Null when the job or its company is gone.
 */
async function changeData(db: Db, subject: PayloadSubject, loaded: LoadedJob | null | undefined) {
  if (!subject.jobId) return null;
  const job = loaded ?? loadedJob((await webhookJob.run({ jobId: subject.jobId }, typedSql(db, 'webhook-job')))[0]);
  if (!job?.company) return null;
  const rows = await webhookChanges.run({ jobId: subject.jobId, teamId: subject.teamId }, typedSql(db, 'webhook-changes'));
  const selection = subject.fields === null ? undefined : parseFieldSelection(subject.fields);
  return {
    domain: job.company.domain,
    changes: rows.map((row) => ({
      field: row.field,
      // JSON columns written by record-changes.ts from FieldChange values only.
      oldValue: row.oldValue as ChangedValue,
      newValue: row.newValue as ChangedValue,
      observedAt: row.observedAt.toISOString(),
      sources: row.sources as SourceName[],
    })),
    record: selectFields(recordFromStored(job.company), selection?.ok ? selection.selection : undefined),
  };
}

/** company.changed's `data` as sent; held to its schema as JobPayloadData is. */
export type ChangePayloadData = NonNullable<Awaited<ReturnType<typeof changeData>>>;

/** A job event's `data` as sent; apps/api/src/schemas/webhooks.ts holds it to the documented schema. */
export type JobPayloadData = NonNullable<Awaited<ReturnType<typeof jobData>>>;
/** batch.completed's `data` as sent; held to its schema as JobPayloadData is. */
export type BatchPayloadData = NonNullable<Awaited<ReturnType<typeof batchData>>>;

/**
 * A delivery's body, as the Standard Webhooks specification shapes it: `{type, timestamp,
 * data}`, where data is what a poll answers (a job's poll body with `jobId`, or a batch's
 * progress without items). Made at the first attempt and stored with it: every later attempt
 * and resend sends the same bytes. `job`: the job as read with the delivery (else read here).
 * Null when its job or batch is gone.
 */
export async function buildPayload(db: Db, subject: PayloadSubject, job?: LoadedJob | null): Promise<string | null> {
  const event = subject.eventType as WebhookEvent;
  const data =
    event === 'batch.completed'
      ? subject.batchId && (await batchData(db, subject.batchId))
      : event === 'company.changed'
        ? await changeData(db, subject, job)
        : subject.jobId && (await jobData(db, subject.jobId, subject.fields, job));
  if (!data) return null;
  return JSON.stringify({ type: event, timestamp: subject.createdAt.toISOString(), data });
}
