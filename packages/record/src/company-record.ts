import { z } from 'zod';
import { b2bMatchSchema, companyInsightsSchema } from './insights';
import { PROVENANCE_METHODS } from './provenance-method';
import { sourceNameSchema } from './sources';

// The company data record of the v1 contract: the API's answers, the OpenAPI document, field
// selection, the results CSV and the merge's draft are derived from it. A new field still takes about
// 22 files by hand (extractor, merge tables, database column, docs, tests): see docs/contributing.md.

export const BUSINESS_STAGES = ['startup', 'growth', 'scaleup', 'enterprise', 'public'] as const;
export type BusinessStage = (typeof BUSINESS_STAGES)[number];
export const isBusinessStage = (value: unknown): value is BusinessStage =>
  typeof value === 'string' && (BUSINESS_STAGES as readonly string[]).includes(value);

export const SOCIAL_NETWORKS = ['linkedin', 'twitter', 'facebook', 'github', 'youtube', 'instagram', 'crunchbase'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

// Single-valued facts, each null when no source states it. The merge picks one value per field.
const scalarShape = {
  name: z.string().nullable(),
  description: z.string().nullable(),
  industry: z.string().nullable(),
  employeeCount: z.string().nullable().meta({ description: 'Employee range written as <low>-<high>', example: '51-200' }),
  location: z.string().nullable(),
  businessStage: z.enum(BUSINESS_STAGES).nullable(),
  fundingStatus: z.string().nullable(),
  logoUrl: z.string().nullable(),
  email: z.string().nullable().meta({ description: 'Contact email published by the company' }),
  phone: z.string().nullable().meta({ description: 'Contact phone number published by the company' }),
};
export type ScalarField = keyof typeof scalarShape;
export const SCALAR_FIELDS = Object.keys(scalarShape) as ScalarField[];

export const socialProfilesSchema = z.record(z.string(), z.string()).meta({
  id: 'SocialProfiles',
  description: `Profile URLs keyed by network: ${SOCIAL_NETWORKS.join(', ')}.`,
  example: { linkedin: 'https://www.linkedin.com/company/acme', twitter: 'https://x.com/acme' },
});

export const fieldSourceSchema = z
  .object({
    source: sourceNameSchema,
    url: z.string().meta({ description: 'Page the value was read on (llm:<model> for AI-inferred values)' }),
    method: z
      .enum(PROVENANCE_METHODS)
      .meta({ description: 'How it was read there: json-ld, og:site_name, footer-address, linkedin:about-us, llm, ...' }),
    observedAt: z.string().meta({ format: 'date-time' }),
    inferred: z.boolean().meta({ description: 'True when only the AI source inferred the value' }),
    agreedBy: z.array(sourceNameSchema).meta({ description: 'Other sources that gave the same value' }),
    disagreedBy: z.array(sourceNameSchema).meta({ description: 'Other sources that gave a different value' }),
    confidence: z.number().int().min(0).max(100).nullable().meta({
      description:
        'How far this value is trusted, 0 to 100: how it was read and whether other sources agree (null on records enriched before it was kept)',
    }),
  })
  .meta({ id: 'FieldSource' });
export type FieldSource = z.infer<typeof fieldSourceSchema>;
/** A value's provenance as the merge states it, before the value is scored. */
export type DraftFieldSource = Omit<FieldSource, 'confidence'>;

/** Keys of `fieldSources`: every field that can hold a value, social profiles per network. */
export type FieldSourceKey = ScalarField | 'foundedYear' | 'technologies' | 'insights' | 'b2bMatch' | `socialProfiles.${string}`;

export const companyRecordSchema = z
  .object({
    domain: z.string().meta({ example: 'acme.com' }),
    ...scalarShape,
    socialProfiles: socialProfilesSchema,
    foundedYear: z.number().int().nullable().meta({ description: 'Year the company was founded, when stated' }),
    confidence: z.number().int().min(0).max(100).meta({ description: 'Data quality score, 0 to 100' }),
    sources: z.array(sourceNameSchema).meta({ description: 'Sources whose values appear in this record' }),
    technologies: z
      .array(z.string())
      .meta({ description: 'What the site is built with, read from its markup', example: ['WordPress', 'HubSpot'] }),
    insights: companyInsightsSchema.nullable(),
    b2bMatch: b2bMatchSchema.nullable(),
    fieldSources: z.record(z.string(), fieldSourceSchema).meta({
      description: 'Provenance of every non-null value, keyed by field (socialProfiles.<network> for profiles)',
    }),
  })
  .meta({ id: 'CompanyRecord' });
export type CompanyRecord = z.infer<typeof companyRecordSchema>;

/** A record as the merge builds it, before it is scored and stored under its domain. */
export type CompanyDraft = Omit<CompanyRecord, 'domain' | 'confidence' | 'fieldSources'> & {
  fieldSources: Partial<Record<FieldSourceKey, DraftFieldSource>>;
};

export function emptyDraft(): CompanyDraft {
  const scalars = Object.fromEntries(SCALAR_FIELDS.map((field) => [field, null])) as Record<ScalarField, null>;
  return {
    ...scalars,
    foundedYear: null,
    socialProfiles: {},
    technologies: [],
    insights: null,
    b2bMatch: null,
    fieldSources: {},
    sources: [],
  };
}
