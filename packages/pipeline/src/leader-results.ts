import type { Db, Prisma } from '@enrich/db';
import type { JobForStep, StoredSource } from './source-results';

export type SharedRunDecision = { kind: 'own' } | { kind: 'reused'; leaderJobId: string } | { kind: 'wait' };

/**
 * Concurrent jobs for one domain share one pipeline run. A job submitted while another job for
 * the domain was running follows it (`follows_job_id`, set at submission, across teams). Each
 * of its steps then takes the leader's stored results for the step's sources instead of
 * fetching again; while the leader is still working the step waits (`wait`). Once the leader
 * has ended without those results, or the follower has waited `maxWaitMs`, the follower runs
 * the step itself (`own`), so a stuck or failed leader never holds it back for good. A
 * leader's stored step failure is never copied: the follower then runs that step itself.
 */
export async function reuseLeaderResults(
  db: Db,
  job: Pick<JobForStep, 'id' | 'followsJobId' | 'createdAt' | 'status'>,
  sources: readonly StoredSource[],
  maxWaitMs: number,
): Promise<SharedRunDecision> {
  const jobId = job.id;
  if (!job.followsJobId || job.status !== 'processing') return { kind: 'own' };
  const leader = await db.enrichmentJob.findUnique({
    where: { id: job.followsJobId },
    select: {
      status: true,
      sourceResults: { where: { source: { in: [...sources] }, NOT: { data: { path: ['status'], equals: 'failed' } } } },
    },
  });
  if (leader && leader.sourceResults.length === sources.length) {
    await db.$transaction(
      leader.sourceResults.map((result) =>
        db.sourceResult.upsert({
          where: { jobId_source: { jobId, source: result.source } },
          create: { jobId, source: result.source, data: result.data as Prisma.InputJsonValue, fetchedAt: result.fetchedAt },
          update: { data: result.data as Prisma.InputJsonValue, fetchedAt: result.fetchedAt },
        }),
      ),
    );
    return { kind: 'reused', leaderJobId: job.followsJobId };
  }
  const waited = Date.now() - job.createdAt.getTime();
  if (leader?.status === 'processing' && waited < maxWaitMs) return { kind: 'wait' };
  return { kind: 'own' };
}
