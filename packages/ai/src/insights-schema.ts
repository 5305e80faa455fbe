import { z } from 'zod';

// One schema serves twice: its JSON Schema is the tool's input_schema the model answers with,
// and the same schema validates that answer. The .meta descriptions are what the model reads.

// The contract's businessStage values (enrichment-api-v1, company data record).
export const BUSINESS_STAGES = ['startup', 'growth', 'scaleup', 'enterprise', 'public'] as const;
export type BusinessStage = (typeof BUSINESS_STAGES)[number];

export const CUSTOMER_TYPES = ['b2b', 'b2c', 'both'] as const;
export const COMPANY_SIZES = ['startup', 'smb', 'mid-market', 'enterprise'] as const;

// The contract writes employee counts as `<low>-<high>`; JSON Schema cannot say low <= high.
const employeeRange = z
  .string()
  .regex(/^[1-9]\d{0,6}-[1-9]\d{0,6}$/, 'must be "<low>-<high>", for example "51-200"')
  .refine((value) => {
    const [low, high] = value.split('-').map(Number) as [number, number];
    return low <= high;
  }, 'the low end must not exceed the high end');

const shortText = (max: number) => z.string().trim().min(1).max(max);
const list = (max: number, description: string) =>
  z.array(shortText(120)).max(max).meta({ description: `${description} Empty array when the text names none.` });

export const aiInsightsSchema = z
  .object({
    industry: shortText(120)
      .nullable()
      .meta({ description: 'Industry the company operates in, e.g. "Computer Software" or "Logistics". Null when unclear.' }),
    businessStage: z.enum(BUSINESS_STAGES).nullable().meta({
      description:
        'Stage of the company: startup (early, small, pre-scale), growth (established product, growing), ' +
        'scaleup (rapid expansion, typically late-stage venture backed), enterprise (large, mature, private), ' +
        'public (shares listed on a stock exchange). Null when the text gives no basis.',
    }),
    fundingStatus: shortText(60)
      .nullable()
      .meta({
        description: 'Latest funding stage the text states, e.g. "Series B", "Seed", "Bootstrapped", "Public". Null when not stated.',
      }),
    employeeRange: employeeRange.nullable().meta({
      description:
        'Employee count range as "<low>-<high>", using the bands 1-10, 11-50, 51-200, 201-500, 501-1000, ' +
        '1001-5000, 5001-10000, 10001-50000 (wider above that). Only when the text supports it (a stated headcount ' +
        'or team size); otherwise null.',
    }),
    description: shortText(1200)
      .refine((text) => !/\n\s*\n/.test(text), 'must be a single paragraph')
      .nullable()
      .meta({
        description: 'One neutral paragraph (at most about 5 sentences) on what the company does. Null when the text does not say.',
      }),
    insights: z
      .object({
        offering: shortText(400)
          .nullable()
          .meta({ description: 'What the company sells, in one sentence. Null when unclear.' }),
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
        b2bMatchScore: z.number().int().min(0).max(100).meta({
          description:
            'B2B match score, 0-100: how clearly this is a business-to-business company with a defined offering ' +
            'and target customers. 80+ clear B2B with named products and segments; 40-79 partly B2B or vague; below 40 ' +
            'mainly consumer-facing or too little evidence.',
        }),
        b2bMatchReasons: z
          .array(shortText(300))
          .min(1)
          .max(6)
          .meta({ description: 'The reasons behind b2bMatchScore, each one short sentence grounded in the text.' }),
      })
      .meta({ description: 'Sales-oriented insights about the company.' }),
  })
  .meta({ description: 'Company profile drawn only from the website text provided.' });

export type AiInsights = z.infer<typeof aiInsightsSchema>;

// What the Messages API takes as a tool's input_schema: a JSON Schema object. The $schema key
// is dropped because the API documents input_schema as a plain schema object.
export interface ToolInputSchema {
  type: 'object';
  properties?: unknown;
  required?: string[];
  [key: string]: unknown;
}

export function insightsJsonSchema(): ToolInputSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(aiInsightsSchema) as Record<string, unknown>;
  if (schema.type !== 'object') throw new Error('aiInsightsSchema must convert to an object schema');
  return schema as ToolInputSchema;
}
