import type { Company, EnrichmentJob } from '@enrich/db';
import { recordFromStored } from '@enrich/record';

// The poll answer for each job state, in the contract's shapes.
export function jobView(job: EnrichmentJob, company: Company | null, estimatedMs: number) {
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
