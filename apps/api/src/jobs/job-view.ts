import type { EnrichmentJob } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { type PolledJob, storedCompany } from '@enrich/jobs';
import type { StoredCompany } from '@enrich/record';
import { coalescedQuery, type Lookup } from '../coalesced-lookup';
import { type IPollJobsResult, pollJobs } from './job-reads.queries';

/** A polled job with when it started (an event stream's `started`). */
export type PolledJobRow = PolledJob & Pick<EnrichmentJob, 'startedAt'>;

export type Polled = {
  job: PolledJobRow;
  /** Null without a company, and when the company is still at the version the caller knew. */
  company: StoredCompany | null;
  /** The company's version (null without one): equal to the version known, its record was left out. */
  companyVersion: string | null;
};

type PolledInput = { teamId: string; jobId: string; knownVersion: string | null };

/** The coalesced poll lookup of a process, made on its database client with the app context (caches.ts). */
export type PolledJobs = Lookup<PolledInput, IPollJobsResult | null>;

// The statement and its row type: job-reads.sql.
export const polledJobs = coalescedQuery('poll-jobs', pollJobs, (asked: readonly PolledInput[]) => ({
  ids: asked.map((a) => a.jobId),
  teamIds: asked.map((a) => a.teamId),
  knownVersions: asked.map((a) => a.knownVersion ?? ''),
}));

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
  const { status, domain, createdAt, startedAt, completedAt, errorCode, errorMessage, companyVersion } = row;
  return {
    job: { status, domain, createdAt, startedAt, completedAt, errorCode, errorMessage },
    company: storedCompany(row),
    companyVersion,
  };
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
