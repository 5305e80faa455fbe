import type { Db, EnrichmentJob } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { type PolledJob, STORED_COMPANY_SQL } from '@enrich/jobs';
import type { StoredCompany } from '@enrich/record';
import { coalescedLookup } from '../coalesced-lookup';

/** A polled job with when it started (an event stream's `started`). */
export type PolledJobRow = PolledJob & Pick<EnrichmentJob, 'startedAt'>;

const POLL_SQL = `
  SELECT j.status::text AS status, j.domain, j.created_at AS "createdAt", j.started_at AS "startedAt", j.completed_at AS "completedAt",
    j.error_code AS "errorCode", j.error_message AS "errorMessage", ${STORED_COMPANY_SQL} AS company, asked.n
  FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS asked(id, team_id, n)
  JOIN enrichment_jobs j ON j.id = asked.id AND j.team_id = asked.team_id
  LEFT JOIN companies c ON j.status = 'completed' AND c.domain = j.domain`;

export type Polled = { job: PolledJobRow; company: StoredCompany | null };

const lookUpPolled = coalescedLookup<{ teamId: string; jobId: string }, PolledJobRow & { company: StoredCompany | null }>(
  'poll-jobs',
  POLL_SQL,
  (asked) => [asked.map((a) => a.jobId), asked.map((a) => a.teamId)],
);

/**
 * The team's job and, once completed, its company: one round trip (the poll is the API's
 * most frequent request), shared by the polls that arrive together. Another team's job is not
 * found, exactly like a job that does not exist.
 */
export async function findPolledJob(db: Db, teamId: string, jobId: string): Promise<Polled | null> {
  const row = await lookUpPolled(db, { teamId, jobId });
  if (!row) return null;
  const { company, ...job } = row;
  return { job, company };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isJobId = (text: string): boolean => UUID.test(text);

/** The job as findPolledJob reads it, or 404 JOB_NOT_FOUND (an id that is not a UUID names no job). */
export async function findTeamJob(db: Db, teamId: string, jobId: string): Promise<Polled> {
  const polled = isJobId(jobId) ? await findPolledJob(db, teamId, jobId) : null;
  if (!polled) throw jobNotFound(jobId);
  return polled;
}

export const jobNotFound = (jobId: string): AppError => new AppError(ErrorCode.JOB_NOT_FOUND, `no job ${jobId}`);
