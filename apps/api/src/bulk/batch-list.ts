import { type Db, sqlPool, utc } from '@enrich/db';
import { type BatchTimes, batchProgress, batchStateSql, type ItemCounts, itemCountsSql } from '@enrich/jobs';
import { type Cursor, cursorPage } from '../schemas/cursor';

interface BatchRow extends BatchTimes, ItemCounts {
  id: string;
}

// One page of the team's batches (newest first, keyset on (created_at, id)), each with its
// state as its poll reads it: its items counted by state (an index-only scan per batch).
const LIST_SQL = `
  WITH page AS (
    SELECT id, created_at, completed_at FROM batches
    WHERE team_id = $1 AND ($2::timestamp IS NULL OR (created_at, id) < ($2::timestamp, $3::text))
    ORDER BY created_at DESC, id DESC
    LIMIT $4
  )
  SELECT p.id, ${batchStateSql('p', 'counts')}
  FROM page p CROSS JOIN LATERAL (${itemCountsSql('p.id')}) counts
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
