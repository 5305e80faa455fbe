import { z } from 'zod';

export const businessStages = ['startup', 'growth', 'scaleup', 'enterprise', 'public'] as const;

export const socialProfilesSchema = z
  .record(z.string(), z.string())
  .meta({
    id: 'SocialProfiles',
    description: 'Profile URLs keyed by network: linkedin, twitter, facebook, github, youtube, instagram, crunchbase.',
    example: { linkedin: 'https://www.linkedin.com/company/acme', twitter: 'https://x.com/acme' },
  });

const sourceName = z.enum(['website', 'linkedin', 'ai']);

export const insightsSchema = z
  .object({
    offering: z.string().nullable().meta({ description: 'What the company sells, in one sentence' }),
    targetMarket: z.object({
      customerType: z.enum(['b2b', 'b2c', 'both']).nullable(),
      industries: z.array(z.string()).meta({ description: 'Industries of its customers' }),
      companySizes: z.array(z.string()).meta({ description: 'Sizes of the companies it sells to: startup, smb, mid-market, enterprise' }),
    }),
    keyProducts: z.array(z.string()),
    notableCustomers: z.array(z.string()),
  })
  .meta({ id: 'CompanyInsights', description: 'AI-derived from the company site; null when the AI source did not run or its answer was dropped' });

export const b2bMatchSchema = z
  .object({
    score: z.number().int().min(0).max(100).meta({ description: 'How clearly this is a business-to-business company, 0 to 100' }),
    reasons: z.array(z.string()).meta({ description: 'The reasons behind the score' }),
  })
  .meta({ id: 'B2bMatch' });

export const fieldSourceSchema = z
  .object({
    source: sourceName,
    url: z.string().meta({ description: 'Page the value was read on (llm:<model> for AI-inferred values)' }),
    method: z.string().meta({ description: 'How it was read there: json-ld, og:site_name, footer-address, linkedin:about-us, llm, ...' }),
    observedAt: z.string().meta({ format: 'date-time' }),
    inferred: z.boolean().meta({ description: 'True when only the AI source inferred the value' }),
    agreedBy: z.array(sourceName).meta({ description: 'Other sources that gave the same value' }),
    disagreedBy: z.array(sourceName).meta({ description: 'Other sources that gave a different value' }),
  })
  .meta({ id: 'FieldSource' });

// The contract's company data record. Fields are null when the company shows little online.
export const companyRecordSchema = z
  .object({
    name: z.string().nullable(),
    domain: z.string().meta({ example: 'acme.com' }),
    description: z.string().nullable(),
    industry: z.string().nullable(),
    employeeCount: z.string().nullable().meta({ description: 'Employee range written as <low>-<high>', example: '51-200' }),
    location: z.string().nullable(),
    businessStage: z.enum(businessStages).nullable(),
    fundingStatus: z.string().nullable(),
    socialProfiles: socialProfilesSchema,
    foundedYear: z.number().int().nullable().meta({ description: 'Year the company was founded, when stated' }),
    logoUrl: z.string().nullable(),
    email: z.string().nullable().meta({ description: 'Contact email published by the company' }),
    phone: z.string().nullable().meta({ description: 'Contact phone number published by the company' }),
    confidence: z.number().int().min(0).max(100).meta({ description: 'Data quality score, 0 to 100' }),
    sources: z.array(sourceName).meta({ description: 'Sources whose values appear in this record' }),
    technologies: z.array(z.string()).meta({ description: 'What the site is built with, read from its markup', example: ['WordPress', 'HubSpot'] }),
    insights: insightsSchema.nullable(),
    b2bMatch: b2bMatchSchema.nullable(),
    fieldSources: z.record(z.string(), fieldSourceSchema).meta({
      description: 'Provenance of every non-null value, keyed by field (socialProfiles.<network> for profiles)',
    }),
  })
  .meta({ id: 'CompanyRecord' });
export type CompanyRecord = z.infer<typeof companyRecordSchema>;
