import { companyRecordSchema, emptyDraft, SOCIAL_NETWORKS } from './company-record';
import { FLAT_RECORD_COLUMNS, flattenRecord } from './flat-record';

const record = companyRecordSchema.parse({
  ...emptyDraft(),
  domain: 'acme.com',
  name: 'Acme',
  foundedYear: 1999,
  confidence: 72,
  sources: ['website', 'linkedin'],
  technologies: ['WordPress', 'HubSpot'],
  socialProfiles: { linkedin: 'https://www.linkedin.com/company/acme', mastodon: 'https://x.y/@acme' },
  insights: {
    offering: 'Anvils',
    targetMarket: { customerType: 'b2b', industries: ['Mining'], companySizes: ['smb', 'enterprise'] },
    keyProducts: [],
    notableCustomers: ['Coyote'],
  },
  b2bMatch: { score: 80, reasons: ['Sells to businesses'] },
  fieldSources: {},
});

describe('the flat record', () => {
  it('has a column for every record field but fieldSources, objects and maps spread out', () => {
    const topLevel = Object.keys(companyRecordSchema.shape).filter(
      (f) => !['fieldSources', 'socialProfiles', 'insights', 'b2bMatch'].includes(f),
    );
    for (const field of topLevel) expect(FLAT_RECORD_COLUMNS).toContain(field);
    for (const network of SOCIAL_NETWORKS) expect(FLAT_RECORD_COLUMNS).toContain(`social_${network}`);
    expect(FLAT_RECORD_COLUMNS).toEqual(
      expect.arrayContaining([
        'insights_offering',
        'insights_targetMarket_customerType',
        'insights_targetMarket_companySizes',
        'b2bMatch_score',
        'b2bMatch_reasons',
      ]),
    );
    expect(FLAT_RECORD_COLUMNS.some((c) => c.startsWith('fieldSources'))).toBe(false);
    expect(new Set(FLAT_RECORD_COLUMNS).size).toBe(FLAT_RECORD_COLUMNS.length);
    expect(FLAT_RECORD_COLUMNS[0]).toBe('domain');
  });

  it('writes values as text: lists joined with "; ", nulls empty, unknown map keys left out', () => {
    const cells = Object.fromEntries(FLAT_RECORD_COLUMNS.map((c, i) => [c, flattenRecord(record)[i]]));
    expect(cells).toMatchObject({
      domain: 'acme.com',
      name: 'Acme',
      description: '',
      foundedYear: '1999',
      confidence: '72',
      sources: 'website; linkedin',
      technologies: 'WordPress; HubSpot',
      social_linkedin: 'https://www.linkedin.com/company/acme',
      social_twitter: '',
      insights_offering: 'Anvils',
      insights_targetMarket_customerType: 'b2b',
      insights_targetMarket_companySizes: 'smb; enterprise',
      insights_keyProducts: '',
      insights_notableCustomers: 'Coyote',
      b2bMatch_score: '80',
      b2bMatch_reasons: 'Sells to businesses',
    });
    expect(Object.values(cells).join(' ')).not.toContain('mastodon');
  });

  it('leaves a null object’s columns empty', () => {
    const cells = flattenRecord({ ...record, insights: null, b2bMatch: null });
    const at = (name: string) => cells[FLAT_RECORD_COLUMNS.indexOf(name)];
    expect([at('insights_offering'), at('insights_targetMarket_industries'), at('b2bMatch_score')]).toEqual(['', '', '']);
  });
});
