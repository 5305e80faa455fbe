import { aiInsightsSchema, BUSINESS_STAGES, insightsJsonSchema } from './insights-schema';

const validInsights = {
  industry: 'Computer Software',
  businessStage: 'growth',
  fundingStatus: 'Series B',
  employeeRange: '51-200',
  description: 'Acme builds invoicing software for mid-sized logistics companies.',
  insights: {
    offering: 'Invoicing and payment reconciliation software.',
    targetMarket: { customerType: 'b2b', industries: ['Logistics'], companySizes: ['mid-market'] },
    keyProducts: ['Acme Invoice'],
    notableCustomers: ['Globex'],
    b2bMatchScore: 86,
    b2bMatchReasons: ['Sells software to logistics businesses.'],
  },
};

describe('aiInsightsSchema', () => {
  it('accepts a complete answer, and nulls / empty arrays where the text says nothing', () => {
    expect(aiInsightsSchema.parse(validInsights)).toEqual(validInsights);
    const sparse = {
      ...validInsights,
      industry: null,
      businessStage: null,
      fundingStatus: null,
      employeeRange: null,
      description: null,
      insights: {
        ...validInsights.insights,
        offering: null,
        targetMarket: { customerType: null, industries: [], companySizes: [] },
        keyProducts: [],
        notableCustomers: [],
      },
    };
    expect(aiInsightsSchema.safeParse(sparse).success).toBe(true);
  });

  it.each([
    ['a business stage outside the contract', { businessStage: 'seed' }],
    ['an employee count that is not a range', { employeeRange: '120' }],
    ['an employee range with low > high', { employeeRange: '200-51' }],
    ['a description of several paragraphs', { description: 'One.\n\nTwo.' }],
    ['a missing field', { industry: undefined }],
  ])('rejects %s', (_name, patch) => {
    expect(aiInsightsSchema.safeParse({ ...validInsights, ...patch }).success).toBe(false);
  });

  it.each([
    ['a fractional score', { b2bMatchScore: 86.5 }],
    ['a score above 100', { b2bMatchScore: 101 }],
    ['no reasons for the score', { b2bMatchReasons: [] }],
    ['an unknown customer type', { targetMarket: { customerType: 'b2g', industries: [], companySizes: [] } }],
  ])('rejects insights with %s', (_name, patch) => {
    expect(aiInsightsSchema.safeParse({ ...validInsights, insights: { ...validInsights.insights, ...patch } }).success).toBe(false);
  });
});

describe('insightsJsonSchema', () => {
  const schema = insightsJsonSchema() as any;

  it('is an object schema the Messages API takes as input_schema', () => {
    expect(schema.type).toBe('object');
    expect(schema.$schema).toBeUndefined();
    expect(schema.additionalProperties).toBe(false);
  });

  it('requires every field, so the model states null instead of leaving one out', () => {
    expect(schema.required).toEqual(['industry', 'businessStage', 'fundingStatus', 'employeeRange', 'description', 'insights']);
    expect(schema.properties.insights.required).toEqual([
      'offering',
      'targetMarket',
      'keyProducts',
      'notableCustomers',
      'b2bMatchScore',
      'b2bMatchReasons',
    ]);
  });

  it('carries the businessStage enum with null, and the score bounds', () => {
    const stage = schema.properties.businessStage;
    expect(stage.anyOf).toEqual([{ type: 'string', enum: [...BUSINESS_STAGES] }, { type: 'null' }]);
    expect(stage.description).toMatch(/scaleup/);
    expect(schema.properties.insights.properties.b2bMatchScore).toMatchObject({ type: 'integer', minimum: 0, maximum: 100 });
    expect(schema.properties.employeeRange.anyOf[0].pattern).toBeDefined();
  });

  it('describes every property for the model', () => {
    for (const [name, property] of Object.entries<any>(schema.properties)) {
      expect([name, typeof property.description]).toEqual([name, 'string']);
    }
  });
});
