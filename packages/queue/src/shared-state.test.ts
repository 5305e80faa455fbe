import { eventChannel, queueSchema } from './shared-state';

describe('queueSchema', () => {
  it('names a plain prefix’s schema after it', () => {
    expect(queueSchema('enrich')).toBe('bullmq_enrich');
    expect(eventChannel('enrich')).toBe('bullmq_enrich_events');
  });

  it('folds any other prefix to an identifier, two prefixes never to one schema', () => {
    const schemas = ['t-label-1a2b3c', 't_label_1a2b3c', 'T-LABEL-1A2B3C', `x${'-y'.repeat(60)}`].map(queueSchema);
    expect(new Set(schemas).size).toBe(schemas.length);
    for (const schema of schemas) {
      expect(schema).toMatch(/^bullmq_[a-z0-9_]+$/);
      // PostgreSQL identifiers are at most 63 bytes, the NOTIFY channel with its suffix too.
      expect(`${schema}_events`.length).toBeLessThanOrEqual(63);
    }
  });
});
