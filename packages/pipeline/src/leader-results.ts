import { type Db, typedSql } from '@enrich/db';
import type { JobForStep, StoredSource } from './source-results';
import { copyLeaderResults } from './source-results.queries';

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
  // One statement: the leader's state, and its results copied when every source has one.
  const [leader] = await copyLeaderResults.run(
    { jobId, leaderId: job.followsJobId, sources: [...sources] },
    typedSql(db, 'leader-results-copy'),
  );
  if (leader && leader.copied === sources.length) return { kind: 'reused', leaderJobId: job.followsJobId };
  const waited = Date.now() - job.createdAt.getTime();
  if (leader?.status === 'processing' && waited < maxWaitMs) return { kind: 'wait' };
  return { kind: 'own' };
}
