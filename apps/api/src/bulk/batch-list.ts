import { type Db, sqlPool, utc } from '@enrich/db';
import { type Cursor, cursorPage } from '../schemas/cursor';
import { batchProgress } from './batch-view';

interface BatchRow {
  id: string;
  createdAt: Date;
  completedAt: Date | null;
  lastEnd: Date | null;
  completed: number;
  failed: number;
  pending: number;
}

// One page of the team's batches (newest first, keyset on (created_at, id)) with their items
// counted by state.
const LIST_SQL = `
  WITH page AS (
    SELECT id, created_at, completed_at FROM batches
    WHERE team_id = $1 AND ($2::timestamp IS NULL OR (created_at, id) < ($2::timestamp, $3::text))
    ORDER BY created_at DESC, id DESC
    LIMIT $4
  )
  SELECT p.id, p.created_at AS "createdAt", p.completed_at AS "completedAt",
    count(j.status) FILTER (WHERE j.status = 'completed')::int AS completed,
    count(j.status) FILTER (WHERE j.status = 'failed')::int AS failed,
    count(j.status) FILTER (WHERE j.status = 'processing')::int AS pending,
    max(j.completed_at) AS "lastEnd"
  FROM page p LEFT JOIN enrichment_jobs j ON j.batch_id = p.id
  GROUP BY p.id, p.created_at, p.completed_at
  ORDER BY p.created_at DESC, p.id DESC`;

/** GET /enrich/bulk: the team's batches, newest first, each counted as its poll counts it. */
export async function listBatches(db: Db, teamId: string, query: { limit: number; cursor?: Cursor }) {
  const { rows } = await sqlPool(db).query<BatchRow>({
    name: 'list-batches',
    text: LIST_SQL,
    values: [teamId, query.cursor ? utc(query.cursor.at) : null, query.cursor?.id ?? null, query.limit + 1],
  });
  const page = cursorPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  const data = page.data.map((row) => {
    const { status, total, completed, failed, pending, completedAt } = batchProgress(row, row);
    return {
      batchId: row.id,
      status,
      createdAt: row.createdAt.toISOString(),
      completedAt: completedAt?.toISOString() ?? null,
      total,
      completed,
      failed,
      processing: pending,
    };
  });
  return { data, pagination: page.pagination };
}
