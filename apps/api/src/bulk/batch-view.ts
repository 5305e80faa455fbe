import { type Db, sqlPool } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { batchStatus, type CountedBatch, type ItemCounts, itemCountsSql, STORED_COMPANY_SQL } from '@enrich/jobs';
import { type FieldSelection, recordFromStored, type StoredCompany, selectFields } from '@enrich/record';
import { offsetOf, type PaginationQuery, pagination } from '../schemas/pagination';

const itemsIn = (counts: ItemCounts, status: ItemStatus): number => (status === 'processing' ? counts.pending : counts[status]);

interface BatchRow extends CountedBatch {
  items: {
    id: string;
    domain: string;
    status: 'processing' | 'completed' | 'failed';
    errorCode: string | null;
    errorMessage: string | null;
    company: StoredCompany | null;
  }[];
}

// The batch, its jobs counted by state (an index-only scan of batch_id, status) and one page of
// its items with their companies: one statement, as polls of big batches come often. With a
// status filter or without, each its own statement: an optional filter ("$5 IS NULL OR …")
// makes the planner's generic plan worse for both.
const batchSql = (filtered: boolean) => `
  WITH b AS (
    SELECT id, created_at, completed_at, entries_received, duplicate_entries, invalid_entries
    FROM batches WHERE id = $1 AND team_id = $2
  ), counts AS (${itemCountsSql('(SELECT id FROM b)')}
  ), page AS (
    SELECT j.id, j.domain, j.status, j.error_code AS "errorCode", j.error_message AS "errorMessage",
      ${STORED_COMPANY_SQL} AS company, j.batch_position
    FROM enrichment_jobs j
    LEFT JOIN companies c ON j.status = 'completed' AND c.domain = j.domain
    WHERE j.batch_id = (SELECT id FROM b)${filtered ? ` AND j.status = $5::"JobStatus"` : ''}
    ORDER BY j.batch_position OFFSET $3 LIMIT $4
  )
  SELECT b.id, b.created_at AS "createdAt", b.entries_received AS "entriesReceived",
    b.duplicate_entries AS "duplicateEntries", b.invalid_entries AS invalid, counts.*, b.completed_at AS "completedAt",
    CASE WHEN counts.pending = 0 AND b.completed_at IS NULL
      THEN (SELECT max(completed_at) FROM enrichment_jobs WHERE batch_id = b.id) END AS "lastEnd",
    coalesce((SELECT json_agg(json_build_object('id', p.id, 'domain', p.domain, 'status', p.status,
      'errorCode', p."errorCode", 'errorMessage', p."errorMessage", 'company', p.company) ORDER BY p.batch_position) FROM page p),
      '[]') AS items
  FROM b, counts`;
const BATCH_SQL = batchSql(false);
const BATCH_OF_STATUS_SQL = batchSql(true);

export type ItemStatus = BatchRow['items'][number]['status'];

export interface BatchQuery extends PaginationQuery {
  /** Only the items in this state; the pages count those. */
  status?: ItemStatus;
  fields?: FieldSelection;
}

/**
 * A batch's progress for its team, counted from the jobs' real states in Postgres, with one
 * page of its items in submission order (those in `status` only, when given). Another team's
 * batch is not found.
 */
export async function batchView(db: Db, teamId: string, batchId: string, page: BatchQuery) {
  // Polled often: the driver, not the ORM (see sqlPool).
  const { rows } = await sqlPool(db).query<BatchRow>({
    ...(page.status
      ? { name: 'poll-batch-status', text: BATCH_OF_STATUS_SQL, values: [batchId, teamId, offsetOf(page), page.limit, page.status] }
      : { name: 'poll-batch', text: BATCH_SQL, values: [batchId, teamId, offsetOf(page), page.limit] }),
  });
  const batch = rows[0];
  if (!batch) throw new AppError(ErrorCode.BATCH_NOT_FOUND, `no batch ${batchId}`);
  const items = batch.items.map((job) => ({
    domain: job.domain,
    jobId: job.id,
    status: job.status,
    statusEndpoint: `/api/enrich/${job.id}`,
    ...(job.status === 'completed' && job.company ? { data: selectFields(recordFromStored(job.company), page.fields) } : {}),
    ...(job.status === 'failed'
      ? { error: { code: job.errorCode ?? ErrorCode.ENRICHMENT_FAILED, message: job.errorMessage ?? 'enrichment failed' } }
      : {}),
  }));

  const status = batchStatus(batch);
  return { ...status, items, pagination: pagination(page, page.status ? itemsIn(batch, page.status) : status.total) };
}
