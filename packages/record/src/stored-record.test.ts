import { companyRecordSchema } from './company-record';
import { METHOD_QUALITY } from './provenance-method';
import { recordFromStored, type StoredCompany } from './stored-record';

const stored: StoredCompany = {
  domain: 'acme.com',
  name: 'Acme',
  description: null,
  industry: 'Software',
  employeeCount: '51-200',
  location: null,
  businessStage: 'growth',
  fundingStatus: null,
  logoUrl: null,
  email: null,
  phone: null,
  foundedYear: 2011,
  socialProfiles: { linkedin: 'https://www.linkedin.com/company/acme', broken: 42 },
  technologies: ['WordPress'],
  insights: null,
  b2bMatch: { score: 80, reasons: ['Sells to businesses.'] },
  confidence: 61,
  sources: ['website', 'linkedin', 'carrier-pigeon'],
  provenance: {
    name: {
      source: 'website',
      url: 'https://acme.com/',
      method: 'json-ld',
      observedAt: '2026-11-21T10:00:00.000Z',
      inferred: false,
      agreedBy: ['linkedin'],
      disagreedBy: [],
    },
    industry: {
      source: 'linkedin',
      url: 'https://www.linkedin.com/company/acme',
      method: 'renamed-method',
      observedAt: '2026-11-21T10:00:00.000Z',
    },
    employeeCount: 'not an object',
  },
};

describe('recordFromStored', () => {
  it('serves a stored company as the contract record, dropping what the contract does not know', () => {
    const record = recordFromStored(stored);
    expect(companyRecordSchema.strict().parse(record)).toEqual(record);
    expect(record.socialProfiles).toEqual({ linkedin: 'https://www.linkedin.com/company/acme' });
    expect(record.sources).toEqual(['website', 'linkedin']);
    // A provenance entry with an unknown method or the wrong shape is left out, not served.
    expect(Object.keys(record.fieldSources)).toEqual(['name']);
    expect(record.b2bMatch).toEqual({ score: 80, reasons: ['Sells to businesses.'] });
  });

  it('reads a stage outside the contract as null', () => {
    expect(recordFromStored({ ...stored, businessStage: 'seed' }).businessStage).toBeNull();
  });
});

describe('METHOD_QUALITY', () => {
  it('weighs every method between 0 and 1', () => {
    for (const [method, quality] of Object.entries(METHOD_QUALITY)) expect([method, quality > 0 && quality <= 1]).toEqual([method, true]);
  });
});
