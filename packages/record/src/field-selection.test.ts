import { companyRecordSchema, emptyDraft, type FieldSource } from './company-record';
import { fieldSelectionParam, parseFieldSelection, SELECTABLE_FIELDS, selectFields } from './field-selection';

const source = (url: string): FieldSource => ({
  source: 'website',
  url,
  method: 'json-ld',
  observedAt: '2026-11-23T00:00:00.000Z',
  inferred: false,
  agreedBy: [],
  disagreedBy: [],
  confidence: 100,
});

const record = companyRecordSchema.parse({
  ...emptyDraft(),
  domain: 'acme.com',
  name: 'Acme',
  industry: 'Manufacturing',
  confidence: 70,
  sources: ['website'],
  socialProfiles: { linkedin: 'https://www.linkedin.com/company/acme', twitter: 'https://x.com/acme' },
  fieldSources: {
    name: source('https://acme.com/'),
    industry: source('https://acme.com/about'),
    'socialProfiles.linkedin': source('https://acme.com/'),
    'socialProfiles.twitter': source('https://acme.com/'),
  },
});

const select = (text: string) => {
  const parsed = parseFieldSelection(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return selectFields(record, parsed.selection);
};

describe('field selection', () => {
  it('keeps the named fields, the domain, and the provenance of what it keeps', () => {
    expect(select('name, socialProfiles.linkedin')).toEqual({
      domain: 'acme.com',
      name: 'Acme',
      socialProfiles: { linkedin: 'https://www.linkedin.com/company/acme' },
      fieldSources: { name: record.fieldSources.name, 'socialProfiles.linkedin': record.fieldSources['socialProfiles.linkedin'] },
    });
  });

  it('selects all profiles with socialProfiles, and returns the whole record without a selection', () => {
    expect(Object.keys(select('socialProfiles,confidence').fieldSources ?? {}).sort()).toEqual([
      'socialProfiles.linkedin',
      'socialProfiles.twitter',
    ]);
    expect(selectFields(record, undefined)).toBe(record);
  });

  it('offers every field of the record but fieldSources, and each social network', () => {
    for (const field of Object.keys(companyRecordSchema.shape).filter((f) => f !== 'fieldSources' && f !== 'domain')) {
      expect(SELECTABLE_FIELDS).toContain(field);
    }
    expect(SELECTABLE_FIELDS).toContain('socialProfiles.linkedin');
  });

  it.each([
    ['an unknown field', 'name,revenue', ['revenue']],
    ['a network that is not one', 'socialProfiles.myspace', ['socialProfiles.myspace']],
    ['nested paths of other fields', 'insights.offering', ['insights.offering']],
    ['fieldSources by name', 'fieldSources', ['fieldSources']],
    ['nothing at all', ' , ', []],
  ])('refuses %s, naming it', (_label, text, unknown) => {
    const parsed = parseFieldSelection(text);
    expect(parsed).toMatchObject({ ok: false, unknown });
    if (!parsed.ok) for (const name of unknown) expect(parsed.message).toContain(name);
  });

  it('is a zod query parameter whose error names the unknown field', () => {
    const result = fieldSelectionParam.safeParse('name,revenue');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('"revenue"');
  });
});
