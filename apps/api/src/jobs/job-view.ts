import { type Db, type EnrichmentJob, sqlPool } from '@enrich/db';
import { recordFromStored, type StoredCompany } from '@enrich/record';
import { coalesce, memo } from '../coalesce';

type PolledJob = Pick<EnrichmentJob, 'status' | 'domain' | 'createdAt' | 'completedAt' | 'errorCode' | 'errorMessage'>;

/** A `companies` row (alias c) as the JSON `recordFromStored` reads; NULL without a row. */
export const STORED_COMPANY_SQL = `CASE WHEN c.domain IS NOT NULL THEN json_build_object(
      'domain', c.domain, 'name', c.name, 'description', c.description, 'industry', c.industry,
      'employeeCount', c.employee_count, 'location', c.location, 'businessStage', c.business_stage,
      'fundingStatus', c.funding_status, 'logoUrl', c.logo_url, 'email', c.email, 'phone', c.phone,
      'foundedYear', c.founded_year, 'socialProfiles', c.social_profiles, 'technologies', c.technologies,
      'insights', c.insights, 'b2bMatch', c.b2b_match, 'confidence', c.confidence, 'sources', c.sources,
      'provenance', c.provenance) END`;

const POLL_SQL = `
  SELECT j.status::text AS status, j.domain, j.created_at AS "createdAt", j.completed_at AS "completedAt",
    j.error_code AS "errorCode", j.error_message AS "errorMessage", ${STORED_COMPANY_SQL} AS company, asked.n
  FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS asked(id, team_id, n)
  JOIN enrichment_jobs j ON j.id = asked.id AND j.team_id = asked.team_id
  LEFT JOIN companies c ON j.status = 'completed' AND c.domain = j.domain`;

type Polled = { job: PolledJob; company: StoredCompany | null } | null;
type PollLookup = (asked: { teamId: string; jobId: string }) => Promise<Polled>;
const lookups = new WeakMap<Db, PollLookup>();

/**
 * The team's job and, once completed, its company: one round trip (the poll is the API's
 * most frequent request), shared by the polls that arrive together. Another team's job is not
 * found, exactly like a job that does not exist.
 */
export function findPolledJob(db: Db, teamId: string, jobId: string): Promise<Polled> {
  return memo(lookups, db, () => coalescedPolls(db))({ teamId, jobId });
}

function coalescedPolls(db: Db): PollLookup {
  return coalesce(async (batch) => {
    // The API's most frequent query: the driver, not the ORM (see sqlPool).
    const { rows } = await sqlPool(db).query<PolledJob & { company: StoredCompany | null; n: string }>({
      name: 'poll-jobs',
      text: POLL_SQL,
      values: [batch.map((call) => call.input.jobId), batch.map((call) => call.input.teamId)],
    });
    const found = new Map(rows.map(({ n, company, ...job }) => [Number(n) - 1, { job, company }]));
    batch.forEach((call, i) => {
      call.resolve(found.get(i) ?? null);
    });
  });
}

// The poll answer for each job state, in the contract's shapes.
export function jobView(job: PolledJob, company: StoredCompany | null, estimatedMs: number) {
  if (job.status === 'completed' && company) {
    return {
      status: 'completed' as const,
      domain: job.domain,
      data: recordFromStored(company),
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
  return {
    status: 'processing' as const,
    domain: job.domain,
    createdAt: job.createdAt.toISOString(),
    estimatedCompletion: new Date(job.createdAt.getTime() + estimatedMs).toISOString(),
  };
}
