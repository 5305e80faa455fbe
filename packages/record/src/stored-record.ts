import { type CompanyRecord, type FieldSource, isBusinessStage, SCALAR_FIELDS, type ScalarField } from './company-record';
import { b2bMatchSchema, companyInsightsSchema } from './insights';
import { isProvenanceMethod } from './provenance-method';
import { isSourceName, type SourceName } from './sources';

/**
 * A company as the `companies` table holds it (the columns the record is read from). JSON
 * columns are `unknown` here: what was stored may predate the current contract.
 */
export type StoredCompany = Record<Exclude<ScalarField, 'businessStage'>, string | null> & {
  domain: string;
  businessStage: string | null;
  foundedYear: number | null;
  socialProfiles: unknown;
  technologies: string[] | null;
  insights: unknown;
  b2bMatch: unknown;
  confidence: number;
  sources: string[];
  provenance: unknown;
};

const sourceList = (value: unknown): SourceName[] => (Array.isArray(value) ? value.filter(isSourceName) : []);

// Provenance is read back with plain checks rather than zod: it is on every search result and
// a zod pass per field was the API's main allocation on a results page (bench:search). A
// malformed stored entry is left out of the answer instead of breaking its shape.
function fieldSource(value: unknown): FieldSource | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (!isSourceName(v.source) || typeof v.url !== 'string' || !isProvenanceMethod(v.method) || typeof v.observedAt !== 'string')
    return undefined;
  return {
    source: v.source,
    url: v.url,
    method: v.method,
    observedAt: v.observedAt,
    inferred: v.inferred === true,
    agreedBy: sourceList(v.agreedBy),
    disagreedBy: sourceList(v.disagreedBy),
    confidence:
      Number.isInteger(v.confidence) && (v.confidence as number) >= 0 && (v.confidence as number) <= 100 ? (v.confidence as number) : null,
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

function socialProfiles(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [network, url] of Object.entries(value)) if (typeof url === 'string') out[network] = url;
  return out;
}

/** The served record of a stored company. */
export function recordFromStored(company: StoredCompany): CompanyRecord {
  const scalars = {} as Pick<CompanyRecord, ScalarField>;
  for (const field of SCALAR_FIELDS) (scalars as Record<ScalarField, string | null>)[field] = company[field];
  return {
    domain: company.domain,
    ...scalars,
    businessStage: isBusinessStage(company.businessStage) ? company.businessStage : null,
    socialProfiles: socialProfiles(company.socialProfiles),
    foundedYear: company.foundedYear,
    confidence: company.confidence,
    sources: sourceList(company.sources),
    technologies: company.technologies ?? [],
    insights: company.insights === null ? null : (companyInsightsSchema.safeParse(company.insights).data ?? null),
    b2bMatch: company.b2bMatch === null ? null : (b2bMatchSchema.safeParse(company.b2bMatch).data ?? null),
    fieldSources: fieldSources(company.provenance),
  };
}
