import type { AiSourceData } from '@enrich/ai';
import { SCALAR_FIELDS, type WebsiteMethod } from '@enrich/record';
import {
  emptyCompanyFacts,
  extractCompanyFacts,
  type LinkedInCompany,
  type LinkedInSourceData,
  type WebsiteSourceData,
} from '@enrich/scraper';
import { scoreConfidence } from './confidence';
import { mergeSources } from './merge-sources';

const url = 'https://acme.com/';
const at = '2026-11-21T10:00:00.000Z';
const fact = <T>(value: T, method: WebsiteMethod, page = url) => ({ value, url: page, method });

function website(overrides: Partial<ReturnType<typeof emptyCompanyFacts>>): WebsiteSourceData {
  return { status: 'ok', url, finalUrl: url, fetchedAt: at, facts: { ...emptyCompanyFacts(), ...overrides } };
}

function linkedin(overrides: Partial<LinkedInCompany>): LinkedInSourceData {
  const company: LinkedInCompany = {
    linkedinUrl: 'https://www.linkedin.com/company/acme',
    name: 'Acme',
    tagline: null,
    description: null,
    industry: null,
    employeeCount: null,
    employeeCountOnLinkedIn: null,
    headquarters: null,
    location: null,
    address: null,
    companyType: null,
    foundedYear: null,
    website: 'https://acme.com',
    websiteDomain: 'acme.com',
    specialties: [],
    logoUrl: null,
    followers: null,
    sources: { name: 'json-ld', industry: 'about-us', employeeCount: 'about-us', location: 'json-ld', foundedYear: 'about-us' },
    ...overrides,
  };
  return { status: 'ok', url: 'https://www.linkedin.com/company/acme', match: 'linked', fetchedAt: at, company };
}

function ai(answer: Partial<Extract<AiSourceData, { status: 'ok' }>['answer']>): AiSourceData {
  return {
    status: 'ok',
    model: 'claude-test',
    fetchedAt: at,
    attempts: 1,
    usage: { inputTokens: 100, outputTokens: 50 },
    answer: {
      industry: null,
      businessStage: null,
      fundingStatus: null,
      employeeCount: null,
      description: null,
      insights: {
        offering: 'Anvils for coyotes',
        targetMarket: { customerType: 'b2b', industries: ['Retail'], companySizes: ['smb'] },
        keyProducts: ['Anvil 3000'],
        notableCustomers: [],
      },
      b2bMatch: { score: 72, reasons: ['Sells to shops'] },
      ...answer,
    },
  };
}

const richSite = website({
  name: fact('Acme Inc.', 'json-ld'),
  description: fact('Acme sells anvils to coyotes across the desert.', 'meta-description'),
  location: fact('London, England, United Kingdom', 'json-ld', 'https://acme.com/contact'),
  foundedYear: fact(2011, 'text', 'https://acme.com/about'),
  socialProfiles: {
    linkedin: fact('https://www.linkedin.com/company/acme', 'json-ld-sameAs'),
    twitter: fact('https://x.com/acme', 'footer-link'),
    github: fact('https://github.com/acme', 'footer-link'),
  },
  technologies: [fact('WordPress', 'generator')],
});

describe('mergeSources', () => {
  it('takes every website value with its provenance', () => {
    const draft = mergeSources({ website: richSite });
    expect(draft.name).toBe('Acme Inc.');
    expect(draft.location).toBe('London, England, United Kingdom');
    expect(draft.foundedYear).toBe(2011);
    expect(draft.technologies).toEqual(['WordPress']);
    expect(draft.fieldSources.name).toEqual({
      source: 'website',
      url,
      method: 'json-ld',
      observedAt: at,
      inferred: false,
      agreedBy: [],
      disagreedBy: [],
    });
    expect(draft.fieldSources.location?.url).toBe('https://acme.com/contact');
    expect(draft.fieldSources['socialProfiles.linkedin']?.method).toBe('json-ld-sameAs');
    expect(draft.sources).toEqual(['website']);
  });

  it('gives an empty record without sources for an unreachable site', () => {
    const draft = mergeSources({
      website: { status: 'unreachable', reason: 'dns', message: 'ENOTFOUND', fetchedAt: at },
      linkedin: { status: 'unavailable', reason: 'no_page', message: 'the website could not be read', fetchedAt: at, tried: [] },
      ai: { status: 'skipped', reason: 'no_text', fetchedAt: at },
    });
    expect(draft.sources).toEqual([]);
    expect(SCALAR_FIELDS.every((field) => draft[field] === null)).toBe(true);
    expect(scoreConfidence(draft)).toBe(0);
  });

  it('prefers LinkedIn for size and industry, the site’s JSON-LD for name and address, and records agreement', () => {
    const draft = mergeSources({
      website: richSite,
      linkedin: linkedin({
        name: 'Acme',
        industry: 'Advertising Services',
        employeeCount: '51-200',
        location: 'London, GB',
        foundedYear: 2011,
      }),
    });
    expect(draft.industry).toBe('Advertising Services');
    expect(draft.fieldSources.industry?.source).toBe('linkedin');
    expect(draft.employeeCount).toBe('51-200');
    expect(draft.name).toBe('Acme Inc.');
    expect(draft.fieldSources.name).toMatchObject({ source: 'website', agreedBy: ['linkedin'] });
    expect(draft.fieldSources.location).toMatchObject({ source: 'website', agreedBy: ['linkedin'] });
    expect(draft.fieldSources.foundedYear).toMatchObject({ source: 'linkedin', agreedBy: ['website'] });
    expect(draft.fieldSources['socialProfiles.linkedin']).toMatchObject({ source: 'website', agreedBy: ['linkedin'] });
    expect(draft.sources).toEqual(['website', 'linkedin']);
  });

  it('lets LinkedIn win over a name read from the page title, and notes the disagreement', () => {
    const draft = mergeSources({
      website: website({ name: fact('Welcome to our home page', 'title') }),
      linkedin: linkedin({ name: 'Acme' }),
    });
    expect(draft.name).toBe('Acme');
    expect(draft.fieldSources.name).toMatchObject({ source: 'linkedin', disagreedBy: ['website'] });
  });

  it('counts a LinkedIn school page the site links and the page the LinkedIn source found as one value', () => {
    const page = 'https://www.linkedin.com/company/acme-university';
    const siteFacts = extractCompanyFacts(
      '<footer><a href="https://uk.linkedin.com/school/Acme-University/about/">LinkedIn</a></footer>',
      url,
      'acme.com',
    );
    const draft = mergeSources({
      website: website({ socialProfiles: siteFacts.socialProfiles }),
      linkedin: linkedin({ linkedinUrl: page }),
    });
    expect(draft.socialProfiles.linkedin).toBe(page);
    expect(draft.fieldSources['socialProfiles.linkedin']).toMatchObject({ source: 'linkedin', agreedBy: ['website'], disagreedBy: [] });
    // A value in the /school/ form (as records made before one normaliser hold it) agrees too.
    const school = website({ socialProfiles: { linkedin: fact('https://www.linkedin.com/school/acme-university/', 'json-ld-sameAs') } });
    const stored = mergeSources({ website: school, linkedin: linkedin({ linkedinUrl: page }) });
    expect(stored.fieldSources['socialProfiles.linkedin']).toMatchObject({ source: 'website', agreedBy: ['linkedin'], disagreedBy: [] });
  });

  it('uses AI values only where no source observed one, marked inferred', () => {
    const draft = mergeSources({
      website: richSite,
      linkedin: linkedin({ industry: 'Advertising Services' }),
      ai: ai({ industry: 'Marketing', businessStage: 'growth', fundingStatus: 'Series A', description: 'An AI paragraph.' }),
    });
    expect(draft.industry).toBe('Advertising Services');
    expect(draft.description).toBe('Acme sells anvils to coyotes across the desert.');
    expect(draft.businessStage).toBe('growth');
    expect(draft.fieldSources.businessStage).toMatchObject({ source: 'ai', inferred: true, url: 'llm:claude-test' });
    expect(draft.fundingStatus).toBe('Series A');
    expect(draft.insights?.offering).toBe('Anvils for coyotes');
    expect(draft.b2bMatch).toEqual({ score: 72, reasons: ['Sells to shops'] });
    expect(draft.sources).toEqual(['website', 'linkedin', 'ai']);
  });

  it('observed public-company type beats an AI guess of the stage', () => {
    const draft = mergeSources({
      website: richSite,
      linkedin: linkedin({ companyType: 'Public Company' }),
      ai: ai({ businessStage: 'growth' }),
    });
    expect(draft.businessStage).toBe('public');
    expect(draft.fieldSources.businessStage).toMatchObject({ source: 'linkedin', inferred: false, disagreedBy: ['ai'] });
  });

  it('lists no source whose answer was dropped or unavailable', () => {
    const draft = mergeSources({
      website: richSite,
      linkedin: { status: 'unavailable', reason: 'rate_limited', message: 'cooling down', fetchedAt: at, tried: [] },
      ai: {
        status: 'dropped',
        reason: 'invalid_answer',
        message: 'bad',
        model: 'm',
        fetchedAt: at,
        usage: { inputTokens: 1, outputTokens: 1 },
      },
    });
    expect(draft.sources).toEqual(['website']);
    expect(draft.insights).toBeNull();
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

  it('rises when LinkedIn agrees and scores a rich site with LinkedIn agreement high', () => {
    const alone = scoreConfidence(mergeSources({ website: richSite }));
    const agreed = scoreConfidence(
      mergeSources({
        website: richSite,
        linkedin: linkedin({ name: 'Acme', industry: 'Advertising Services', employeeCount: '51-200', location: 'London, GB' }),
        ai: ai({ businessStage: 'growth', fundingStatus: 'Series A' }),
      }),
    );
    expect(agreed).toBeGreaterThan(alone);
    expect(agreed).toBeGreaterThanOrEqual(85);
    expect(agreed).toBeLessThanOrEqual(100);
  });

  it('counts an inferred value for less than an observed one', () => {
    const observed = scoreConfidence(mergeSources({ website: richSite, linkedin: linkedin({ industry: 'Advertising Services' }) }));
    const inferred = scoreConfidence(
      mergeSources({ website: richSite, linkedin: linkedin({}), ai: ai({ industry: 'Advertising Services' }) }),
    );
    expect(observed).toBeGreaterThan(inferred);
  });

  it('drops when sources contradict each other', () => {
    const agree = scoreConfidence(mergeSources({ website: richSite, linkedin: linkedin({ location: 'London, GB' }) }));
    const contradict = scoreConfidence(mergeSources({ website: richSite, linkedin: linkedin({ location: 'Paris, FR' }) }));
    expect(contradict).toBeLessThan(agree);
  });
});

describe('the AI source settling a guessed name', () => {
  const guessed = (method: WebsiteMethod, textSample = 'Post your ad on MotoClassifieds.US today. Used cars for sale.') =>
    website({ name: fact('Used Cars For Sale', method), textSample });

  it('takes the AI’s name where the rules guessed, when the site writes it, and marks it as the AI’s', () => {
    const draft = mergeSources({ website: guessed('title-edge'), ai: ai({ name: 'MotoClassifieds.US' }) });
    expect(draft.name).toBe('MotoClassifieds.US');
    expect(draft.fieldSources.name).toMatchObject({ source: 'ai', method: 'llm', inferred: true, disagreedBy: ['website'] });
    expect(draft.sources).toContain('ai');
  });

  it('reads the crawled pages’ text as the site’s too', () => {
    const site = {
      ...guessed('domain-label', ''),
      pages: [{ url: 'https://acme.com/about', kind: 'about' as const, text: 'About MotoClassifieds.US' }],
    };
    expect(mergeSources({ website: site, ai: ai({ name: 'MotoClassifieds.US' }) }).name).toBe('MotoClassifieds.US');
  });

  it('never takes a name the site does not write, nor overrides a name the site states', () => {
    expect(mergeSources({ website: guessed('title-edge'), ai: ai({ name: 'Moto Classifieds Incorporated' }) }).name).toBe(
      'Used Cars For Sale',
    );
    expect(mergeSources({ website: guessed('og:site_name'), ai: ai({ name: 'MotoClassifieds.US' }) }).name).toBe('Used Cars For Sale');
    expect(mergeSources({ website: guessed('title-edge'), ai: ai({ name: null }) }).name).toBe('Used Cars For Sale');
    expect(mergeSources({ website: guessed('title-edge'), ai: ai({}) }).fieldSources.name?.source).toBe('website');
  });
});
