import { z } from 'zod';

// The AI-derived parts of the record. The AI source's tool schema is built from these same
// schemas (packages/ai), so what the model is asked for, what is validated and what is served
// cannot drift apart; the descriptions are read both by the model and by API users.

export const CUSTOMER_TYPES = ['b2b', 'b2c', 'both'] as const;
export const COMPANY_SIZES = ['startup', 'smb', 'mid-market', 'enterprise'] as const;

export const shortText = (max: number) => z.string().trim().min(1).max(max);
const list = (max: number, description: string) =>
  z
    .array(shortText(120))
    .max(max)
    .meta({ description: `${description} Empty array when the text names none.` });

export const companyInsightsSchema = z
  .object({
    offering: shortText(400).nullable().meta({ description: 'What the company sells, in one sentence. Null when unclear.' }),
    targetMarket: z
      .object({
        customerType: z
          .enum(CUSTOMER_TYPES)
          .nullable()
          .meta({ description: 'Whether it sells to businesses (b2b), consumers (b2c) or both. Null when unclear.' }),
        industries: list(10, 'Industries of its customers.'),
        companySizes: z
          .array(z.enum(COMPANY_SIZES))
          .max(COMPANY_SIZES.length)
          .meta({ description: 'Sizes of the companies it sells to. Empty array for b2c or when unclear.' }),
      })
      .meta({ description: 'To whom the company sells.' }),
    keyProducts: list(10, 'Named products or product lines.'),
    notableCustomers: list(20, 'Customers the text names (logos, case studies, testimonials).'),
  })
  .meta({
    id: 'CompanyInsights',
    description:
      'Sales-oriented insights, AI-derived from the company site; null when the AI source did not run or its answer was dropped.',
  });
export type CompanyInsights = z.infer<typeof companyInsightsSchema>;

export const b2bMatchSchema = z
  .object({
    score: z
      .number()
      .int()
      .min(0)
      .max(100)
      .meta({
        description:
          'How clearly this is a business-to-business company with a defined offering and target customers, 0-100: ' +
          '80+ clear B2B with named products and segments; 40-79 partly B2B or vague; below 40 mainly consumer-facing ' +
          'or too little evidence.',
      }),
    reasons: z
      .array(shortText(300))
      .min(1)
      .max(6)
      .meta({ description: 'The reasons behind the score, each one short sentence grounded in the site text.' }),
  })
  .meta({ id: 'B2bMatch', description: 'AI-derived; null when the AI source did not run or its answer was dropped.' });
export type B2bMatch = z.infer<typeof b2bMatchSchema>;
