import { BUSINESS_STAGES, b2bMatchSchema, companyInsightsSchema, type ScalarField, shortText } from '@enrich/record';
import { z } from 'zod';

// What the model answers with. One schema serves twice: its JSON Schema is the tool's
// input_schema, and the same schema validates the answer. Its parts are the record contract's
// own (insights, b2bMatch, stages), so the answer drops into the record as it is; the .meta
// descriptions are what the model reads.

// The contract writes employee counts as `<low>-<high>`; JSON Schema cannot say low <= high.
const employeeRange = z
  .string()
  .regex(/^[1-9]\d{0,6}-[1-9]\d{0,6}$/, 'must be "<low>-<high>", for example "51-200"')
  .refine((value) => {
    const [low, high] = value.split('-').map(Number) as [number, number];
    return low <= high;
  }, 'the low end must not exceed the high end');

// The record fields the AI source may infer, each with the constraints a model answer must meet.
// The merge offers each of them as an inferred candidate for the same field of the record.
const inferredFields = {
  industry: shortText(120)
    .nullable()
    .meta({ description: 'Industry the company operates in, e.g. "Computer Software" or "Logistics". Null when unclear.' }),
  businessStage: z
    .enum(BUSINESS_STAGES)
    .nullable()
    .meta({
      description:
        'Stage of the company: startup (early, small, pre-scale), growth (established product, growing), ' +
        'scaleup (rapid expansion, typically late-stage venture backed), enterprise (large, mature, private), ' +
        'public (shares listed on a stock exchange). Null when the text gives no basis.',
    }),
  fundingStatus: shortText(60).nullable().meta({
    description: 'Latest funding stage the text states, e.g. "Series B", "Seed", "Bootstrapped", "Public". Null when not stated.',
  }),
  employeeCount: employeeRange.nullable().meta({
    description:
      'Employee count range as "<low>-<high>", using the bands 1-10, 11-50, 51-200, 201-500, 501-1000, ' +
      '1001-5000, 5001-10000, 10001-50000 (wider above that). Only when the text supports it (a stated headcount ' +
      'or team size); otherwise null.',
  }),
  description: shortText(1200)
    .refine((text) => !/\n\s*\n/.test(text), 'must be a single paragraph')
    .nullable()
    .meta({ description: 'One neutral paragraph (at most about 5 sentences) on what the company does. Null when the text does not say.' }),
} satisfies Partial<Record<ScalarField, z.ZodType<string | null>>>;

export type AiInferredField = keyof typeof inferredFields;
export const AI_INFERRED_FIELDS = Object.keys(inferredFields) as AiInferredField[];

// The company's name as its site writes it. Never a candidate of its own: the merge takes it only
// to settle a name the website's rules could only guess, and only when the site's text writes it.
const companyName = shortText(120).nullable().optional().meta({
  description:
    "The company's own name as the website text writes it: not a product, a page or section title, a slogan, a place or the domain. Null when the text does not say.",
});

export const aiAnswerSchema = z
  .object({ name: companyName, ...inferredFields, insights: companyInsightsSchema, b2bMatch: b2bMatchSchema })
  .meta({ description: 'Company profile drawn only from the website text provided.' });

export type AiAnswer = z.infer<typeof aiAnswerSchema>;

// What the Messages API takes as a tool's input_schema: a JSON Schema object. The $schema key
// is dropped because the API documents input_schema as a plain schema object.
export interface ToolInputSchema {
  type: 'object';
  properties?: unknown;
  required?: string[];
  [key: string]: unknown;
}

// The contract's schemas carry component ids (for the OpenAPI document), which JSON Schema
// output turns into $defs and $refs; the tool schema gets them inlined, one plain tree.
function inlineRefs(node: unknown, defs: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineRefs(item, defs));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Record<string, unknown>;
  const target = typeof $ref === 'string' ? defs[$ref.replace('#/$defs/', '')] : undefined;
  const merged = target ? { ...(target as object), ...rest } : rest;
  return Object.fromEntries(Object.entries(merged).map(([key, value]) => [key, inlineRefs(value, defs)]));
}

export function answerJsonSchema(): ToolInputSchema {
  const { $schema: _dialect, $defs, ...raw } = z.toJSONSchema(aiAnswerSchema) as Record<string, unknown>;
  const schema = inlineRefs(raw, ($defs ?? {}) as Record<string, unknown>) as Record<string, unknown>;
  if (schema.type !== 'object') throw new Error('aiAnswerSchema must convert to an object schema');
  return schema as ToolInputSchema;
}
