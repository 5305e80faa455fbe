import type { EnrichmentJob } from '@enrich/db';
import { ErrorCode } from '@enrich/errors';
import { type FieldSelection, recordFromStored, type StoredCompany, selectFields } from '@enrich/record';

/** The job columns a poll answer is made of. */
export type PolledJob = Pick<EnrichmentJob, 'status' | 'domain' | 'createdAt' | 'completedAt' | 'errorCode' | 'errorMessage'>;

/** A `companies` row (alias c) as the JSON `recordFromStored` reads; NULL without a row. */
export const STORED_COMPANY_SQL = `CASE WHEN c.domain IS NOT NULL THEN json_build_object(
      'domain', c.domain, 'name', c.name, 'description', c.description, 'industry', c.industry,
      'employeeCount', c.employee_count, 'location', c.location, 'businessStage', c.business_stage,
      'fundingStatus', c.funding_status, 'logoUrl', c.logo_url, 'email', c.email, 'phone', c.phone,
      'foundedYear', c.founded_year, 'socialProfiles', c.social_profiles, 'technologies', c.technologies,
      'insights', c.insights, 'b2bMatch', c.b2b_match, 'confidence', c.confidence, 'sources', c.sources,
      'provenance', c.provenance) END`;

/**
 * A failed job's error as every answer gives it (poll, batch page, event streams, results CSV):
 * its stored code and message, or, where a row has none, the one fallback.
 */
export const jobFailure = (job: Pick<PolledJob, 'errorCode' | 'errorMessage'>): { code: string; message: string } => ({
  code: job.errorCode ?? ErrorCode.ENRICHMENT_FAILED,
  message: job.errorMessage ?? 'enrichment failed',
});

/**
 * The poll answer for each job state, in the contract's shapes: what GET /enrich/{jobId}
 * answers, an event stream's end event and what a job's webhook event carries. `fields`
 * selects what `data` carries.
 */
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
      error: jobFailure(job),
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
