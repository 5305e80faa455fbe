import type { Db } from '@enrich/db';
import { jobView } from '@enrich/jobs';
import type { FieldSelection } from '@enrich/record';
import { keptAnswers, type SentAnswer, selectionKey, sentAnswer } from '../kept-answers';
import { findTeamJob } from './job-view';

/**
 * GET /enrich/{jobId}'s answer, as sent. A completed job is polled again and again with
 * the same answer, and reading its record (PostgreSQL building the JSON, the driver parsing it,
 * the record's view and JSON.stringify) cost half of such a poll. So the answer is kept, per
 * job and field selection, with the version of the company it was made from; the next poll
 * still asks PostgreSQL for the job (whose team it is, that it is completed) but says which
 * version it holds, and gets the record back only if the company changed since (a newer
 * enrichment of the domain).
 */
export function pollAnswers(db: Db) {
  const kept = keptAnswers();
  return async function answer(
    teamId: string,
    jobId: string,
    fields: FieldSelection | undefined,
    estimatedMs: number,
  ): Promise<SentAnswer> {
    const key = `${jobId}\0${selectionKey(fields)}`;
    const held = kept.get(key);
    const { job, company, companyVersion } = await findTeamJob(db, teamId, jobId, held?.version ?? null);
    if (held && job.status === 'completed' && company === null && companyVersion === held.version) {
      kept.used(key, held);
      return held;
    }
    const answer = sentAnswer(JSON.stringify(jobView(job, company, estimatedMs, fields)));
    if (job.status === 'completed' && company && companyVersion) kept.keep(key, { ...answer, version: companyVersion });
    else kept.drop(key);
    return answer;
  };
}
