import { type Db, sqlPool } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { batchStatus, type CountedBatch, type ItemCounts, itemCountsSql, STORED_COMPANY_SQL } from '@enrich/jobs';
import { type FieldSelection, recordFromStored, type StoredCompany, selectFields } from '@enrich/record';
import { keptAnswers, selectionKey } from '../kept-answers';
import { offsetOf, type PaginationQuery, pagination } from '../schemas/pagination';

const itemsIn = (counts: ItemCounts, status: ItemStatus): number => (status === 'processing' ? counts.pending : counts[status]);

type BatchJson = Omit<BatchRow, 'createdAt' | 'completedAt' | 'lastEnd'> & {
  createdAt: string;
  completedAt: string | null;
  lastEnd: string | null;
};

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
// its items with their companies, in one statement, as polls of big batches come often; all of
// it only when the batch's version differs from the one the caller holds ($5). The version:
// its items' ends (counted on its row), its settling, and the newest of its page's companies
// (a newer enrichment of a domain changes the record an item shows); nothing else in the
// answer changes. With a status filter or without, each its own statement: an optional filter
// ("$6 IS NULL OR …") makes the planner's generic plan worse for both.
const batchSql = (filtered: boolean) => `
  WITH b AS (
    SELECT id, created_at, completed_at, entries_received, duplicate_entries, invalid_entries, items_ended
    FROM batches WHERE id = $1 AND team_id = $2
  ), page AS (
    SELECT j.id, j.domain, j.status, j.error_code, j.error_message, j.batch_position, c.updated_at AS company_version
    FROM enrichment_jobs j
    LEFT JOIN companies c ON j.status = 'completed' AND c.domain = j.domain
    WHERE j.batch_id = (SELECT id FROM b)${filtered ? ` AND j.status = $6::"JobStatus"` : ''}
    ORDER BY j.batch_position OFFSET $3 LIMIT $4
  ), version AS (
    SELECT concat_ws('/', b.items_ended, b.completed_at, (SELECT max(company_version) FROM page)) AS v FROM b
  )
  SELECT version.v AS version, CASE WHEN version.v IS DISTINCT FROM $5 THEN (
    SELECT to_json(answer) FROM (
      SELECT b.id, b.created_at AS "createdAt", b.entries_received AS "entriesReceived",
        b.duplicate_entries AS "duplicateEntries", b.invalid_entries AS invalid, counts.*, b.completed_at AS "completedAt",
        CASE WHEN counts.pending = 0 AND b.completed_at IS NULL
          THEN (SELECT max(completed_at) FROM enrichment_jobs WHERE batch_id = b.id) END AS "lastEnd",
        coalesce((SELECT json_agg(json_build_object('id', p.id, 'domain', p.domain, 'status', p.status,
          'errorCode', p.error_code, 'errorMessage', p.error_message, 'company', ${STORED_COMPANY_SQL}) ORDER BY p.batch_position)
          FROM page p LEFT JOIN companies c ON p.status = 'completed' AND c.domain = p.domain), '[]') AS items
      FROM b, (${itemCountsSql('(SELECT id FROM b)')}) counts
    ) answer) END AS batch
  FROM version`;
const BATCH_SQL = batchSql(false);
const BATCH_OF_STATUS_SQL = batchSql(true);

// to_json writes a timestamp column (UTC wall-clock time) without its zone.
const utc = (text: string | null): Date | null => (text === null ? null : new Date(`${text}Z`));

export type ItemStatus = BatchRow['items'][number]['status'];

export interface BatchQuery extends PaginationQuery {
  /** Only the items in this state; the pages count those. */
  status?: ItemStatus;
  fields?: FieldSelection;
}

/**
 * A batch's progress for its team, counted from the jobs' real states in Postgres, with one
 * page of its items in submission order (those in `status` only, when given), as JSON text.
 * Another team's batch is not found. The answer is kept per page (kept-answers.ts) with the
 * batch's version: a poll of a batch that has not changed since reads the version only.
 */
export function batchAnswers(db: Db) {
  const kept = keptAnswers();
  return async function answer(teamId: string, batchId: string, page: BatchQuery): Promise<string> {
    const key = `${batchId}\0${teamId}\0${page.page}\0${page.limit}\0${page.status ?? ''}\0${selectionKey(page.fields)}`;
    const held = kept.get(key);
    const known = held?.version ?? null;
    // Polled often: the driver, not the ORM (see sqlPool).
    const { rows } = await sqlPool(db).query<{ version: string; batch: BatchJson | null }>({
      ...(page.status
        ? {
            name: 'poll-batch-status',
            text: BATCH_OF_STATUS_SQL,
            values: [batchId, teamId, offsetOf(page), page.limit, known, page.status],
          }
        : { name: 'poll-batch', text: BATCH_SQL, values: [batchId, teamId, offsetOf(page), page.limit, known] }),
    });
    const row = rows[0];
    if (!row) {
      kept.drop(key);
      throw new AppError(ErrorCode.BATCH_NOT_FOUND, `no batch ${batchId}`);
    }
    if (held && row.batch === null && row.version === held.version) {
      kept.used(key, held);
      return held.body;
    }
    if (!row.batch) throw new Error(`batch ${batchId}: no answer for a version that changed`);
    const body = JSON.stringify(batchView(row.batch, page));
    kept.keep(key, { version: row.version, body });
    return body;
  };
}

function batchView(json: BatchJson, page: BatchQuery) {
  const batch: BatchRow = { ...json, createdAt: utc(json.createdAt)!, completedAt: utc(json.completedAt), lastEnd: utc(json.lastEnd) };
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
