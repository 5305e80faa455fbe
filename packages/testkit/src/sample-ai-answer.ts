import type { AiAnswer } from '@enrich/ai';

/**
 * A valid answer of the AI source's `record_company_profile` tool, for tests, the fake Messages
 * API and the benchmarks. Typed as the schema's own type, so it cannot drift from what
 * `aiAnswerSchema` (packages/ai/src/answer-schema.ts) accepts; spread it to vary a field
 * (`{ ...SAMPLE_AI_ANSWER, businessStage: 'seed' }` for an invalid one).
 */
export const SAMPLE_AI_ANSWER: AiAnswer = {
  industry: 'Computer Software',
  businessStage: 'growth',
  fundingStatus: 'Series B',
  employeeCount: '51-200',
  description: 'Acme builds invoicing software for mid-sized logistics companies.',
  insights: {
    offering: 'Invoicing and payment reconciliation software.',
    targetMarket: { customerType: 'b2b', industries: ['Logistics'], companySizes: ['mid-market'] },
    keyProducts: ['Acme Invoice'],
    notableCustomers: ['Globex'],
  },
  b2bMatch: { score: 86, reasons: ['Sells software to logistics businesses.'] },
};
