import type { Db } from '@enrich/db';
import { jobView } from '@enrich/jobs';
import type { FieldSelection } from '@enrich/record';
import { type KeptAnswer, keptAnswers, type SentAnswer, selectionKey, sentAnswer } from '../kept-answers';
import { findTeamJob, type Polled } from './job-view';

/**
 * What a poll answer is made of besides the job's fixed columns (domain, created): while
 * processing, the estimate of how long jobs take; once completed, its company's version. A
 * failed job, or a completed one without a company, is answered afresh each time (rare).
 */
function answerVersion({ job, companyVersion }: Polled, estimatedMs: number): string | null {
  if (job.status === 'processing') return `processing/${estimatedMs}`;
  if (job.status === 'completed' && companyVersion !== null) return `completed/${companyVersion}`;
  return null;
}

/**
 * GET /enrich/{jobId}'s answer, as sent. A job is polled again and again with the same answer,
 * and making it (for a completed job: PostgreSQL building the record's JSON, the driver parsing
 * it, the record's view, JSON.stringify, the bytes and their ETag) cost half of such a poll. So
 * the answer is kept, per job and field selection, with its version; the next poll still asks
 * PostgreSQL for the job (whose team it is, its state) but says which company version it holds,
 * and gets the record back only if the company changed since (a newer enrichment of the domain).
 */
export function pollAnswers(db: Db) {
  const kept = keptAnswers<KeptAnswer & { companyVersion: string | null }>();
  return async function answer(
    teamId: string,
    jobId: string,
    fields: FieldSelection | undefined,
    estimatedMs: number,
  ): Promise<SentAnswer> {
    const key = `${jobId}\0${selectionKey(fields)}`;
    const held = kept.get(key);
    const polled = await findTeamJob(db, teamId, jobId, held?.companyVersion ?? null);
    const version = answerVersion(polled, estimatedMs);
    if (held && version !== null && version === held.version) {
      kept.used(key, held);
      return held;
    }
    const answer = sentAnswer(JSON.stringify(jobView(polled.job, polled.company, estimatedMs, fields)));
    // A completed job's company left out means the caller held it; a version that moved brings it back.
    if (version !== null && (polled.job.status !== 'completed' || polled.company)) {
      kept.keep(key, { ...answer, version, companyVersion: polled.companyVersion });
    } else kept.drop(key);
    return answer;
  };
}
