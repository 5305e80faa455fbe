import { emptyCompanyFacts, type WebsiteSourceData } from '@enrich/scraper';
import { mergeSources } from './company-draft';
import { scoreConfidence } from './confidence';

const url = 'https://acme.com/';
const fact = <T>(value: T, method: string) => ({ value, url, method });

function website(overrides: Partial<ReturnType<typeof emptyCompanyFacts>>): WebsiteSourceData {
  return { status: 'ok', url, finalUrl: url, fetchedAt: '2026-11-21T10:00:00.000Z', facts: { ...emptyCompanyFacts(), ...overrides } };
}

describe('mergeSources', () => {
  it('takes every website value with its provenance', () => {
    const draft = mergeSources({
      website: website({
        name: fact('Acme', 'json-ld'),
        location: fact('Berlin, Germany', 'json-ld-address'),
        foundedYear: fact(2011, 'json-ld'),
        socialProfiles: { linkedin: fact('https://www.linkedin.com/company/acme', 'json-ld-sameas') },
      }),
    });
    expect(draft.values.name).toBe('Acme');
    expect(draft.values.location).toBe('Berlin, Germany');
    expect(draft.foundedYear).toBe(2011);
    expect(draft.socialProfiles).toEqual({ linkedin: 'https://www.linkedin.com/company/acme' });
    expect(draft.provenance.name).toEqual({ source: 'website', url, method: 'json-ld', observedAt: '2026-11-21T10:00:00.000Z' });
    expect(draft.provenance['socialProfiles.linkedin']?.method).toBe('json-ld-sameas');
    expect(draft.sources).toEqual(['website']);
  });

  it('gives an empty record without sources for an unreachable site', () => {
    const draft = mergeSources({
      website: { status: 'unreachable', reason: 'dns', message: 'ENOTFOUND', fetchedAt: '2026-11-21T10:00:00.000Z' },
    });
    expect(draft.sources).toEqual([]);
    expect(Object.values(draft.values).every((v) => v === null)).toBe(true);
    expect(scoreConfidence(draft)).toBe(0);
  });
});

describe('scoreConfidence', () => {
  it('is 0 for nothing and grows with coverage', () => {
    const nameOnly = scoreConfidence(mergeSources({ website: website({ name: fact('Acme', 'title') }) }));
    const more = scoreConfidence(
      mergeSources({
        website: website({
          name: fact('Acme', 'title'),
          description: fact('Acme sells anvils to coyotes across the desert.', 'meta-description'),
          location: fact('Phoenix, AZ', 'footer-address'),
        }),
      }),
    );
    expect(scoreConfidence(mergeSources({ website: website({}) }))).toBe(0);
    expect(nameOnly).toBeGreaterThan(0);
    expect(more).toBeGreaterThan(nameOnly);
  });

  it('trusts structured data more than titles', () => {
    const fromJsonLd = scoreConfidence(mergeSources({ website: website({ name: fact('Acme', 'json-ld') }) }));
    const fromTitle = scoreConfidence(mergeSources({ website: website({ name: fact('Acme', 'title') }) }));
    expect(fromJsonLd).toBeGreaterThan(fromTitle);
  });

  it('stays within 0-100 for a record with everything', () => {
    const draft = mergeSources({
      website: website({
        name: fact('Acme', 'json-ld'),
        description: fact('Acme sells anvils.', 'json-ld'),
        industry: fact('Manufacturing', 'json-ld'),
        employeeCount: fact('51-200', 'json-ld'),
        location: fact('Phoenix, AZ', 'json-ld'),
        socialProfiles: {
          linkedin: fact('https://www.linkedin.com/company/acme', 'json-ld'),
          twitter: fact('https://x.com/acme', 'json-ld'),
          github: fact('https://github.com/acme', 'json-ld'),
        },
      }),
    });
    draft.values.businessStage = 'growth';
    draft.values.fundingStatus = 'Series A';
    draft.provenance.businessStage = { source: 'ai', url, method: 'json-ld', observedAt: '' };
    draft.provenance.fundingStatus = { source: 'ai', url, method: 'json-ld', observedAt: '' };
    expect(scoreConfidence(draft)).toBe(100);
  });
});
