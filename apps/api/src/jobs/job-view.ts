import type { EnrichmentJob } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { type PolledJob, STORED_COMPANY_SQL } from '@enrich/jobs';
import type { StoredCompany } from '@enrich/record';
import { coalescedLookup, type Lookup } from '../coalesced-lookup';

/** A polled job with when it started (an event stream's `started`). */
export type PolledJobRow = PolledJob & Pick<EnrichmentJob, 'startedAt'>;

// The company's version is its updated_at as text (microseconds; a JS Date keeps milliseconds).
// A caller that already holds the record of one version says so, and gets no record back while
// the company is still at it (see poll-answers.ts).
const POLL_SQL = `
  SELECT j.status::text AS status, j.domain, j.created_at AS "createdAt", j.started_at AS "startedAt", j.completed_at AS "completedAt",
    j.error_code AS "errorCode", j.error_message AS "errorMessage",
    CASE WHEN c.updated_at::text IS DISTINCT FROM asked.known THEN ${STORED_COMPANY_SQL} END AS company,
    c.updated_at::text AS "companyVersion", asked.n
  FROM unnest($1::uuid[], $2::text[], $3::text[]) WITH ORDINALITY AS asked(id, team_id, known, n)
  CROSS JOIN LATERAL (SELECT * FROM enrichment_jobs j WHERE j.id = asked.id AND j.team_id = asked.team_id LIMIT 1) j
  LEFT JOIN LATERAL (SELECT * FROM companies c WHERE j.status = 'completed' AND c.domain = j.domain LIMIT 1) c ON true`;

export type Polled = {
  job: PolledJobRow;
  /** Null without a company, and when the company is still at the version the caller knew. */
  company: StoredCompany | null;
  /** The company's version (null without one): equal to the version known, its record was left out. */
  companyVersion: string | null;
};

type PolledInput = { teamId: string; jobId: string; knownVersion: string | null };
type PolledRow = PolledJobRow & { company: StoredCompany | null; companyVersion: string | null };

/** The coalesced poll lookup of a process, made on its database client with the app context (caches.ts). */
export type PolledJobs = Lookup<PolledInput, PolledRow | null>;

export const polledJobs = coalescedLookup<PolledInput, PolledRow>('poll-jobs', POLL_SQL, (asked) => [
  asked.map((a) => a.jobId),
  asked.map((a) => a.teamId),
  asked.map((a) => a.knownVersion),
]);

/**
 * The team's job and, once completed, its company: one round trip (the poll is the API's
 * most frequent request), shared by the polls that arrive together. Another team's job is not
 * found, exactly like a job that does not exist. With `knownVersion`, the company's record
 * comes back only if the company changed since.
 */
export async function findPolledJob(
  jobs: PolledJobs,
  teamId: string,
  jobId: string,
  knownVersion: string | null = null,
): Promise<Polled | null> {
  const row = await jobs.load({ teamId, jobId, knownVersion });
  if (!row) return null;
  const { company, companyVersion, ...job } = row;
  return { job, company, companyVersion };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isJobId = (text: string): boolean => UUID.test(text);

/** The job as findPolledJob reads it, or 404 JOB_NOT_FOUND (an id that is not a UUID names no job). */
export async function findTeamJob(jobs: PolledJobs, teamId: string, jobId: string, knownVersion: string | null = null): Promise<Polled> {
  const polled = isJobId(jobId) ? await findPolledJob(jobs, teamId, jobId, knownVersion) : null;
  if (!polled) throw jobNotFound(jobId);
  return polled;
}

export const jobNotFound = (jobId: string): AppError => new AppError(ErrorCode.JOB_NOT_FOUND, `no job ${jobId}`);
