import type { Company, EnrichmentJob } from '@enrich/db';
import { b2bMatchSchema, businessStages, type CompanyRecord, insightsSchema } from '../schemas/company-record';

type Stage = (typeof businessStages)[number];
const isStage = (value: string | null): value is Stage => value !== null && (businessStages as readonly string[]).includes(value);
type Source = CompanyRecord['sources'][number];
const SOURCES: readonly string[] = ['website', 'linkedin', 'ai'];

type FieldSource = CompanyRecord['fieldSources'][string];
const isSource = (value: unknown): value is Source => typeof value === 'string' && SOURCES.includes(value);
const sourceList = (value: unknown): Source[] => (Array.isArray(value) ? value.filter(isSource) : []);

// Provenance is read back with plain checks rather than zod: it is on every search result and
// a zod pass per field was the API's main allocation on a results page (bench:search). A
// malformed stored entry is left out of the answer instead of breaking its shape.
function fieldSource(value: unknown): FieldSource | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (!isSource(v.source) || typeof v.url !== 'string' || typeof v.method !== 'string' || typeof v.observedAt !== 'string') return undefined;
  return {
    source: v.source,
    url: v.url,
    method: v.method,
    observedAt: v.observedAt,
    inferred: v.inferred === true,
    agreedBy: sourceList(v.agreedBy),
    disagreedBy: sourceList(v.disagreedBy),
  };
}

function fieldSources(provenance: unknown): CompanyRecord['fieldSources'] {
  const out: CompanyRecord['fieldSources'] = {};
  if (!provenance || typeof provenance !== 'object') return out;
  for (const [field, value] of Object.entries(provenance)) {
    const parsed = fieldSource(value);
    if (parsed) out[field] = parsed;
  }
  return out;
}

export function companyRecord(company: Company): CompanyRecord {
  const profiles = company.socialProfiles;
  const socialProfiles: Record<string, string> = {};
  if (profiles && typeof profiles === 'object' && !Array.isArray(profiles)) {
    for (const [network, url] of Object.entries(profiles)) if (typeof url === 'string') socialProfiles[network] = url;
  }
  return {
    name: company.name,
    domain: company.domain,
    description: company.description,
    industry: company.industry,
    employeeCount: company.employeeCount,
    location: company.location,
    businessStage: isStage(company.businessStage) ? company.businessStage : null,
    fundingStatus: company.fundingStatus,
    socialProfiles,
    foundedYear: company.foundedYear,
    logoUrl: company.logoUrl,
    email: company.email,
    phone: company.phone,
    confidence: company.confidence,
    sources: company.sources.filter((s): s is Source => SOURCES.includes(s)),
    technologies: company.technologies ?? [],
    insights: company.insights === null ? null : (insightsSchema.safeParse(company.insights).data ?? null),
    b2bMatch: company.b2bMatch === null ? null : (b2bMatchSchema.safeParse(company.b2bMatch).data ?? null),
    fieldSources: fieldSources(company.provenance),
  };
}

// The poll answer for each job state, in the contract's shapes.
export function jobView(job: EnrichmentJob, company: Company | null, estimatedMs: number) {
  if (job.status === 'completed' && company) {
    return {
      status: 'completed' as const,
      domain: job.domain,
      data: companyRecord(company),
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
