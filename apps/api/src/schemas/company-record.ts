import { z } from 'zod';

export const businessStages = ['startup', 'growth', 'scaleup', 'enterprise', 'public'] as const;

export const socialProfilesSchema = z
  .record(z.string(), z.string())
  .meta({
    id: 'SocialProfiles',
    description: 'Profile URLs keyed by network: linkedin, twitter, facebook, github, youtube, instagram, crunchbase.',
    example: { linkedin: 'https://www.linkedin.com/company/acme', twitter: 'https://x.com/acme' },
  });

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
    sources: z.array(z.enum(['website', 'linkedin', 'ai'])).meta({ description: 'Sources that contributed to this record' }),
  })
  .meta({ id: 'CompanyRecord' });
export type CompanyRecord = z.infer<typeof companyRecordSchema>;
