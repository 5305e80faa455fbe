import { BUSINESS_STAGES } from '@enrich/record';
import { SAMPLE_AI_ANSWER } from '@enrich/testkit';
import { aiAnswerSchema, answerJsonSchema } from './answer-schema';

// The sample every test and benchmark answers with: the schema must keep accepting it.
const validAnswer = SAMPLE_AI_ANSWER;

describe('aiAnswerSchema', () => {
  it('accepts a complete answer, and nulls / empty arrays where the text says nothing', () => {
    expect(aiAnswerSchema.parse(validAnswer)).toEqual(validAnswer);
    const sparse = {
      ...validAnswer,
      industry: null,
      businessStage: null,
      fundingStatus: null,
      employeeCount: null,
      description: null,
      insights: {
        ...validAnswer.insights,
        offering: null,
        targetMarket: { customerType: null, industries: [], companySizes: [] },
        keyProducts: [],
        notableCustomers: [],
      },
    };
    expect(aiAnswerSchema.safeParse(sparse).success).toBe(true);
  });

  it.each([
    ['a business stage outside the contract', { businessStage: 'seed' }],
    ['an employee count that is not a range', { employeeCount: '120' }],
    ['an employee range with low > high', { employeeCount: '200-51' }],
    ['a description of several paragraphs', { description: 'One.\n\nTwo.' }],
    ['a missing field', { industry: undefined }],
  ])('rejects %s', (_name, patch) => {
    expect(aiAnswerSchema.safeParse({ ...validAnswer, ...patch }).success).toBe(false);
  });

  it.each([
    ['a fractional score', { score: 86.5 }],
    ['a score above 100', { score: 101 }],
    ['no reasons for the score', { reasons: [] }],
  ])('rejects a b2bMatch with %s', (_name, patch) => {
    expect(aiAnswerSchema.safeParse({ ...validAnswer, b2bMatch: { ...validAnswer.b2bMatch, ...patch } }).success).toBe(false);
  });

  it('rejects insights with an unknown customer type', () => {
    const targetMarket = { customerType: 'b2g', industries: [], companySizes: [] };
    expect(aiAnswerSchema.safeParse({ ...validAnswer, insights: { ...validAnswer.insights, targetMarket } }).success).toBe(false);
  });
});

describe('answerJsonSchema', () => {
  const schema = answerJsonSchema() as any;

  it('is an object schema the Messages API takes as input_schema', () => {
    expect(schema.type).toBe('object');
    expect(schema.$schema).toBeUndefined();
    expect(schema.additionalProperties).toBe(false);
  });

  it('requires every field, so the model states null instead of leaving one out', () => {
    expect(schema.required).toEqual(['industry', 'businessStage', 'fundingStatus', 'employeeCount', 'description', 'insights', 'b2bMatch']);
    expect(schema.properties.insights.required).toEqual(['offering', 'targetMarket', 'keyProducts', 'notableCustomers']);
    expect(schema.properties.b2bMatch.required).toEqual(['score', 'reasons']);
  });

  it('carries the businessStage enum with null, and the score bounds', () => {
    const stage = schema.properties.businessStage;
    expect(stage.anyOf).toEqual([{ type: 'string', enum: [...BUSINESS_STAGES] }, { type: 'null' }]);
    expect(stage.description).toMatch(/scaleup/);
    expect(schema.properties.b2bMatch.properties.score).toMatchObject({ type: 'integer', minimum: 0, maximum: 100 });
    expect(schema.properties.employeeCount.anyOf[0].pattern).toBeDefined();
  });

  it('describes every property for the model', () => {
    for (const [name, property] of Object.entries<any>(schema.properties)) {
      expect([name, typeof property.description]).toEqual([name, 'string']);
    }
  });
});
