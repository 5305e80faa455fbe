import { type Db, sqlPool, utc } from '@enrich/db';
import { type Cursor, cursorPage } from '../schemas/cursor';

interface JobRow {
  jobId: string;
  domain: string;
  status: 'processing' | 'completed' | 'failed';
  createdAt: Date;
  completedAt: Date | null;
}

// Keyset on (created_at, id) over the partial index of single jobs (batch_id IS NULL).
const LIST_SQL = `
  SELECT id AS "jobId", domain, status::text AS status, created_at AS "createdAt", completed_at AS "completedAt"
  FROM enrichment_jobs
  WHERE team_id = $1 AND batch_id IS NULL AND ($2::timestamp IS NULL OR (created_at, id) < ($2::timestamp, $3::uuid))
  ORDER BY created_at DESC, id DESC
  LIMIT $4`;

/** GET /enrich: the team's single jobs (not in a batch), newest first. */
export async function listJobs(db: Db, teamId: string, query: { limit: number; cursor?: Cursor }) {
  const { rows } = await sqlPool(db).query<JobRow>({
    name: 'list-jobs',
    text: LIST_SQL,
    values: [teamId, query.cursor ? utc(query.cursor.at) : null, query.cursor?.id ?? null, query.limit + 1],
  });
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
