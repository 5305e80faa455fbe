import { type Db, typedSql, utc } from '@enrich/db';
import { batchProgress } from '@enrich/jobs';
import type { z } from 'zod';
import type { batchListSchema } from '../schemas/bulk';
import { type Cursor, cursorPage } from '../schemas/cursor';
import { listBatches as listBatchRows } from './batch-reads.queries';

// The statement and its row type: ListBatches in batch-reads.sql.

/** GET /enrich/bulk: the team's batches, newest first, each counted as its poll counts it. */
export async function listBatches(
  db: Db,
  teamId: string,
  query: { limit: number; cursor?: Cursor },
): Promise<z.output<typeof batchListSchema>> {
  const rows = await listBatchRows.run(
    { teamId, beforeAt: query.cursor ? utc(query.cursor.at) : null, beforeId: query.cursor?.id ?? null, limit: query.limit + 1 },
    typedSql(db, 'list-batches'),
  );
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
