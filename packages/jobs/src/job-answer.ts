import type { EnrichmentJob } from '@enrich/db';
import { ErrorCode } from '@enrich/errors';
import { type FieldSelection, recordFromStored, type StoredCompany, selectFields } from '@enrich/record';

/** The job columns a poll answer is made of. */
export type PolledJob = Pick<EnrichmentJob, 'status' | 'domain' | 'createdAt' | 'completedAt' | 'errorCode' | 'errorMessage'>;

/**
 * A company's record read by a typed statement (a `.sql` file and the `.queries.ts` pgtyped
 * writes from it) beside other columns: each column of the record as "c_<field>", as the view
 * company_records names them (migration 20261127060000_company_records: the one column-to-field
 * map), null without a company (a LEFT JOIN with no row). The compiler holds each statement to
 * it: a column left out, or one of another type than the field, fails where its rows are passed
 * to storedCompany.
 */
export type CompanyColumns = { [F in keyof StoredCompany as `c_${F}`]: StoredCompany[F] | null };

/** The record of a row's "c_<field>" columns (CompanyColumns); null when the row has no company. */
export function storedCompany(row: CompanyColumns): StoredCompany | null {
  if (row.c_domain === null || row.c_confidence === null) return null;
  return {
    domain: row.c_domain,
    name: row.c_name,
    description: row.c_description,
    industry: row.c_industry,
    employeeCount: row.c_employeeCount,
    location: row.c_location,
    businessStage: row.c_businessStage,
    fundingStatus: row.c_fundingStatus,
    foundedYear: row.c_foundedYear,
    logoUrl: row.c_logoUrl,
    email: row.c_email,
    phone: row.c_phone,
    socialProfiles: row.c_socialProfiles,
    technologies: row.c_technologies,
    insights: row.c_insights,
    b2bMatch: row.c_b2bMatch,
    confidence: row.c_confidence,
    sources: row.c_sources ?? [],
    provenance: row.c_provenance,
  };
}

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
