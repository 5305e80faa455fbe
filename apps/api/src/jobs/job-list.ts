import { type Db, typedSql, utc } from '@enrich/db';
import type { z } from 'zod';
import { type Cursor, cursorPage } from '../schemas/cursor';
import type { jobListSchema } from '../schemas/enrich';
import { listJobs as listJobRows } from './job-reads.queries';

// The statement and its row type: ListJobs in job-reads.sql.

/** GET /enrich: the team's single jobs (not in a batch), newest first. */
export async function listJobs(db: Db, teamId: string, query: { limit: number; cursor?: Cursor }): Promise<z.output<typeof jobListSchema>> {
  const rows = await listJobRows.run(
    { teamId, beforeAt: query.cursor ? utc(query.cursor.at) : null, beforeId: query.cursor?.id ?? null, limit: query.limit + 1 },
    typedSql(db, 'list-jobs'),
  );
  const page = cursorPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.jobId }));
  return {
    data: page.data.map((row) => ({
      jobId: row.jobId,
      domain: row.domain,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
    })),
    pagination: page.pagination,
  };
}
