import { type Db, sqlPool, utcDate } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import {
  batchStateSql,
  batchStatus,
  type CountedBatch,
  type ItemCounts,
  itemCountsSql,
  jobFailure,
  STORED_COMPANY_SQL,
} from '@enrich/jobs';
import { type FieldSelection, recordFromStored, type StoredCompany, selectFields } from '@enrich/record';
import { coalescedLookup, type Lookup } from '../coalesced-lookup';
import { type KeptAnswer, type KeptAnswers, type SentAnswer, selectionKey, sentAnswer } from '../kept-answers';
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

// A batch's version: its items' ends (counted on its row), its settling, and the newest of its
// page's companies (a newer enrichment of a domain changes the record an item shows); nothing
// else in its answer changes. An item's state changes only in the statement that counts its
// end, so while that count is the one a kept answer was made at, the page holds the same items
// in the same states, and the newest company is that of the kept answer's completed domains.
// A poll of an unchanged batch reads this alone, shared by the polls that arrive together
// (coalescedLookup): PostgreSQL readies every node of a statement's plan each time it runs it,
// even those it skips, and readying the whole answer's cost a poll more than reading it. Both
// statements spell the version with this, so that they agree.
const versionSql = (batch: string, newestCompany: string) =>
  `concat_ws('/', ${batch}.items_ended, ${batch}.completed_at, (${newestCompany}))`;

type VersionAsked = { batchId: string; teamId: string; completed: string[] };

/** The coalesced batch-version lookup of a process, made on its database client with the app context (caches.ts). */
export type BatchVersions = Lookup<VersionAsked, Versioned | null>;

/** Batch answers kept with their version and their page's completed domains (batchVersions), built in caches.ts. */
export type BatchAnswers = KeptAnswers<KeptAnswer & { completed: string[] }>;

export const batchVersions = coalescedLookup<VersionAsked, Versioned>(
  'poll-batch-versions',
  `SELECT asked.n, ${versionSql(
    'b',
    `SELECT max(c.updated_at) FROM jsonb_array_elements_text(asked.completed) AS done(domain)
      CROSS JOIN LATERAL (SELECT updated_at FROM companies c WHERE c.domain = done.domain LIMIT 1) c`,
  )} AS version
  FROM unnest($1::text[], $2::text[], $3::jsonb[]) WITH ORDINALITY AS asked(id, team_id, completed, n)
  CROSS JOIN LATERAL (SELECT * FROM batches b WHERE b.id = asked.id AND b.team_id = asked.team_id LIMIT 1) b`,
  (asked) => [asked.map((a) => a.batchId), asked.map((a) => a.teamId), asked.map((a) => JSON.stringify(a.completed))],
);

// The batch, its jobs counted by state (an index-only scan of batch_id, status) and one page of
// its items with their companies, with its version, in one statement. With a status filter or
// without, each its own statement: an optional filter ("$5 IS NULL OR …") makes the planner's
// generic plan worse for both.
const batchSql = (filtered: boolean) => `
  WITH b AS (
    SELECT id, created_at, completed_at, entries_received, duplicate_entries, invalid_entries, items_ended
    FROM batches WHERE id = $1 AND team_id = $2
  ), page AS (
    SELECT j.id, j.domain, j.status, j.error_code, j.error_message, j.batch_position
    FROM enrichment_jobs j
    WHERE j.batch_id = (SELECT id FROM b)${filtered ? ` AND j.status = $5::"JobStatus"` : ''}
    ORDER BY j.batch_position OFFSET $3 LIMIT $4
  ), items AS (
    SELECT p.*, c.updated_at AS company_version, ${STORED_COMPANY_SQL} AS company
    FROM page p LEFT JOIN LATERAL (SELECT * FROM companies c WHERE p.status = 'completed' AND c.domain = p.domain LIMIT 1) c ON true
  )
  SELECT ${versionSql('b', 'SELECT max(company_version) FROM items')} AS version,
    (SELECT to_json(answer) FROM (
      SELECT b.id, b.entries_received AS "entriesReceived", b.duplicate_entries AS "duplicateEntries",
        b.invalid_entries AS invalid, ${batchStateSql('b', 'counts')},
        coalesce((SELECT json_agg(json_build_object('id', i.id, 'domain', i.domain, 'status', i.status,
          'errorCode', i.error_code, 'errorMessage', i.error_message, 'company', i.company) ORDER BY i.batch_position)
          FROM items i), '[]') AS items
      FROM (${itemCountsSql('b.id')}) counts
    ) answer) AS batch
  FROM b`;
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
 * page of its items in submission order (those in `status` only, when given), as sent.
 * Another team's batch is not found. The answer is kept per page (kept-answers.ts) with the
 * batch's version: a poll of a batch that has not changed since reads the version only.
 */
export function batchAnswers(db: Db, kept: BatchAnswers, versions: BatchVersions) {
  return async function answer(teamId: string, batchId: string, page: BatchQuery): Promise<SentAnswer> {
    const key = `${batchId}\0${teamId}\0${page.page}\0${page.limit}\0${page.status ?? ''}\0${selectionKey(page.fields)}`;
    const held = kept.get(key);
    if (held) {
      const now = await versions.load({ batchId, teamId, completed: held.completed });
      // The version begins with the item ends: equal, it was read for the same page.
      if (now?.version === held.version) return held;
    }
    const values = [batchId, teamId, offsetOf(page), page.limit];
    // Polled often: the driver, not the ORM (see sqlPool).
    const { rows } = await sqlPool(db).query<Versioned & { batch: BatchJson }>(
      page.status
        ? { name: 'poll-batch-status', text: BATCH_OF_STATUS_SQL, values: [...values, page.status] }
        : { name: 'poll-batch', text: BATCH_SQL, values },
    );
    const row = rows[0];
    if (!row) {
      kept.delete(key);
      throw new AppError(ErrorCode.BATCH_NOT_FOUND, `no batch ${batchId}`);
    }
    const answer = sentAnswer(JSON.stringify(batchView(row.batch, page)));
    const completed = row.batch.items.filter((item) => item.status === 'completed').map((item) => item.domain);
    kept.set(key, { ...answer, version: row.version, completed });
    return answer;
  };
}

interface Versioned {
  version: string;
}

function batchView(json: BatchJson, page: BatchQuery) {
  // to_json writes a timestamp column (UTC wall-clock time) without its zone.
  const batch: BatchRow = {
    ...json,
    createdAt: utcDate(json.createdAt),
    completedAt: utcDate(json.completedAt),
    lastEnd: utcDate(json.lastEnd),
  };
  const items = batch.items.map((job) => ({
    domain: job.domain,
    jobId: job.id,
    status: job.status,
    statusEndpoint: `/api/enrich/${job.id}`,
    ...(job.status === 'completed' && job.company ? { data: selectFields(recordFromStored(job.company), page.fields) } : {}),
    ...(job.status === 'failed' ? { error: jobFailure(job) } : {}),
  }));

  const status = batchStatus(batch);
  return { ...status, items, pagination: pagination(page, page.status ? itemsIn(batch, page.status) : status.total) };
}
