import type { Db, EnrichmentJob } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { type FieldSelection, recordFromStored, type StoredCompany, selectFields } from '@enrich/record';
import { coalescedLookup } from '../coalesced-lookup';

export type PolledJob = Pick<EnrichmentJob, 'status' | 'domain' | 'createdAt' | 'startedAt' | 'completedAt' | 'errorCode' | 'errorMessage'>;

/** A `companies` row (alias c) as the JSON `recordFromStored` reads; NULL without a row. */
export const STORED_COMPANY_SQL = `CASE WHEN c.domain IS NOT NULL THEN json_build_object(
      'domain', c.domain, 'name', c.name, 'description', c.description, 'industry', c.industry,
      'employeeCount', c.employee_count, 'location', c.location, 'businessStage', c.business_stage,
      'fundingStatus', c.funding_status, 'logoUrl', c.logo_url, 'email', c.email, 'phone', c.phone,
      'foundedYear', c.founded_year, 'socialProfiles', c.social_profiles, 'technologies', c.technologies,
      'insights', c.insights, 'b2bMatch', c.b2b_match, 'confidence', c.confidence, 'sources', c.sources,
      'provenance', c.provenance) END`;

const POLL_SQL = `
  SELECT j.status::text AS status, j.domain, j.created_at AS "createdAt", j.started_at AS "startedAt", j.completed_at AS "completedAt",
    j.error_code AS "errorCode", j.error_message AS "errorMessage", ${STORED_COMPANY_SQL} AS company, asked.n
  FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS asked(id, team_id, n)
  JOIN enrichment_jobs j ON j.id = asked.id AND j.team_id = asked.team_id
  LEFT JOIN companies c ON j.status = 'completed' AND c.domain = j.domain`;

export type Polled = { job: PolledJob; company: StoredCompany | null };

const lookUpPolled = coalescedLookup<{ teamId: string; jobId: string }, PolledJob & { company: StoredCompany | null }>(
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

// The poll answer for each job state, in the contract's shapes.
// `fields` selects what `data` carries.
export function jobView(job: PolledJob, company: StoredCompany | null, estimatedMs: number, fields?: FieldSelection) {
  if (job.status === 'completed' && company) {
    return {
      status: 'completed' as const,
      domain: job.domain,
      data: selectFields(recordFromStored(company), fields),
      createdAt: job.createdAt.toISOString(),
      completedAt: (job.completedAt ?? job.createdAt).toISOString(),
    };
  }
  if (job.status === 'failed') {
    return {
      status: 'failed' as const,
      domain: job.domain,
      createdAt: job.createdAt.toISOString(),
      completedAt: (job.completedAt ?? job.createdAt).toISOString(),
      error: { code: job.errorCode ?? 'ENRICHMENT_FAILED', message: job.errorMessage ?? 'enrichment failed' },
    };
  }
  return processingView(job, estimatedMs);
}

/** The answer while processing: also what an event stream resumed late says the job was. */
export function processingView(job: Pick<PolledJob, 'domain' | 'createdAt'>, estimatedMs: number) {
  return {
    status: 'processing' as const,
    domain: job.domain,
    createdAt: job.createdAt.toISOString(),
    estimatedCompletion: new Date(job.createdAt.getTime() + estimatedMs).toISOString(),
  };
}
