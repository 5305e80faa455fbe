import type { Db } from '@enrich/db';
import { jobView } from '@enrich/jobs';
import type { FieldSelection } from '@enrich/record';
import { findTeamJob } from './job-view';

/** Text of completed jobs' answers kept per process (JavaScript string length, about bytes). */
export const POLL_ANSWERS_MAX_CHARS = 16 * 1024 * 1024;

interface Kept {
  companyVersion: string;
  body: string;
}

const selectionKey = (fields: FieldSelection | undefined) =>
  fields ? `${[...fields.fields].sort().join(',')}|${[...fields.networks].sort().join(',')}` : '*';

/**
 * GET /enrich/{jobId}'s answer as JSON text. A completed job is polled again and again with
 * the same answer, and reading its record (PostgreSQL building the JSON, the driver parsing it,
 * the record's view and JSON.stringify) cost half of such a poll. So the answer is kept, per
 * job and field selection, with the version of the company it was made from; the next poll
 * still asks PostgreSQL for the job (whose team it is, that it is completed) but says which
 * version it holds, and gets the record back only if the company changed since (a newer
 * enrichment of the domain). Kept answers are dropped least recently used first.
 */
export function pollAnswers(db: Db, maxChars = POLL_ANSWERS_MAX_CHARS) {
  const kept = new Map<string, Kept>();
  let chars = 0;
  const drop = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    chars -= entry.body.length;
  };
  const keep = (key: string, entry: Kept) => {
    drop(key);
    if (entry.body.length > maxChars) return;
    kept.set(key, entry);
    chars += entry.body.length;
    for (const oldest of kept.keys()) {
      if (chars <= maxChars) break;
      drop(oldest);
    }
  };

  return async function answer(teamId: string, jobId: string, fields: FieldSelection | undefined, estimatedMs: number): Promise<string> {
    const key = `${jobId}\0${selectionKey(fields)}`;
    const held = kept.get(key);
    const { job, company, companyVersion } = await findTeamJob(db, teamId, jobId, held?.companyVersion ?? null);
    if (held && job.status === 'completed' && company === null && companyVersion === held.companyVersion) {
      // Used again: the most recently used go last.
      kept.delete(key);
      kept.set(key, held);
      return held.body;
    }
    const body = JSON.stringify(jobView(job, company, estimatedMs, fields));
    if (job.status === 'completed' && company && companyVersion) keep(key, { companyVersion, body });
    else drop(key);
    return body;
  };
}
