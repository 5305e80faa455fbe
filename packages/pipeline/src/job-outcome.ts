import type { Db } from '@enrich/db';
import type { ErrorCode } from '@enrich/errors';

// Every change of a job's state goes through these, each conditional on the job still
// processing, so a repeated or late step can never move a finished job.

export async function markJobStarted(db: Db, jobId: string): Promise<boolean> {
  const now = new Date();
  const updated = await db.$executeRaw`
    UPDATE enrichment_jobs SET started_at = COALESCE(started_at, ${now}), attempts = attempts + 1
    WHERE id = ${jobId}::uuid AND status = 'processing'`;
  return updated > 0;
}

export async function markJobFailed(db: Db, jobId: string, code: ErrorCode, message: string): Promise<boolean> {
  const result = await db.enrichmentJob.updateMany({
    where: { id: jobId, status: 'processing' },
    data: { status: 'failed', errorCode: code, errorMessage: message.slice(0, 1000), completedAt: new Date() },
  });
  return result.count > 0;
}
