import { jobView } from '@enrich/jobs';
import type { FieldSelection } from '@enrich/record';
import type { z } from 'zod';
import { type CachedResponse, type ResponseCache, type SerializedResponse, selectionKey, serializeResponse } from '../response-cache';
import type { jobStatusSchema } from '../schemas/enrich';
import { findTeamJob, type Polled, type PolledJobs } from './job-view';

/** What a poll answers (GET /enrich/{jobId}): the compiler holds jobView to the documented schema. */
type JobStatus = z.output<typeof jobStatusSchema>;

/** Poll answers kept with their version and the company version they show (built in caches.ts). */
export type PollAnswers = ResponseCache<CachedResponse & { companyVersion: string | null }>;

/**
 * What a poll answer is made of: the job's state and the columns it shows (domain, created,
 * completed); while processing, the estimate of how long jobs take; once completed, its
 * company's version (updated_at, moved by any change of the row: see its trigger). A
 * failed job, or a completed one without a company, is answered afresh each time (rare).
 */
function answerVersion({ job, companyVersion }: Polled, estimatedMs: number): string | null {
  // The job's columns the answer shows, fixed once written, but named so that no change outlives a cached response.
  const shown = `${job.domain}/${job.createdAt.getTime()}/${job.completedAt?.getTime() ?? ''}`;
  if (job.status === 'processing') return `processing/${estimatedMs}/${shown}`;
  if (job.status === 'completed' && companyVersion !== null) return `completed/${companyVersion}/${shown}`;
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
export function pollAnswers(kept: PollAnswers, jobs: PolledJobs) {
  return async function answer(
    teamId: string,
    jobId: string,
    fields: FieldSelection | undefined,
    estimatedMs: number,
  ): Promise<SerializedResponse> {
    const key = `${jobId}\0${selectionKey(fields)}`;
    const held = kept.get(key);
    let polled = await findTeamJob(jobs, teamId, jobId, held?.companyVersion ?? null);
    let version = answerVersion(polled, estimatedMs);
    if (held && version !== null && version === held.version) return held;
    // The company left out as known, but the job's own columns moved (rare): read it whole.
    if (polled.job.status === 'completed' && !polled.company && polled.companyVersion !== null) {
      polled = await findTeamJob(jobs, teamId, jobId);
      version = answerVersion(polled, estimatedMs);
    }
    const view: JobStatus = jobView(polled.job, polled.company, estimatedMs, fields);
    const answer = serializeResponse(JSON.stringify(view));
    // A completed job's company left out means the caller held it; a version that moved brings it back.
    if (version !== null && (polled.job.status !== 'completed' || polled.company)) {
      kept.set(key, { ...answer, version, companyVersion: polled.companyVersion });
    } else kept.delete(key);
    return answer;
  };
}
