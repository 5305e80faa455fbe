import { readCorpus } from '@enrich/testkit';
import { extractCompanyFacts } from './extract-company-facts';

// metascraper's saved pages and expectations, kept in packages/testkit/corpora/metascraper.
const read = (file: string): string => readCorpus('metascraper', file);

/** Expected publisher/description per page, parsed from metascraper's readability snapshot report. */
function snapshot(section: string): { publisher: string; description: string } {
  const report = read('readability-snapshots.md');
  const start = report.indexOf(`## ${section}`);
  const block = report.slice(start, report.indexOf('\n## ', start + 1));
  const field = (key: string): string => {
    const match = new RegExp(`${key}: '((?:[^'\\\\]|\\\\.)*)'`).exec(block);
    if (!match?.[1]) throw new Error(`no ${key} for ${section}`);
    return match[1].replace(/\\'/g, "'");
  };
  return { publisher: field('publisher'), description: field('description') };
}

describe('extractCompanyFacts on the metascraper corpus', () => {
  it.each([
    ['learnnode.com', 'Learn Node'],
    ['microlink.io', 'Microlink'],
    ['kikobeats.com', 'Kikobeats'],
  ])('%s: name and description match the readability snapshot', (domain, publisher) => {
    const expected = snapshot(domain);
    expect(expected.publisher).toBe(publisher);
    const facts = extractCompanyFacts(read(`${domain}.html`), `https://${domain}/`, domain);
    expect(facts.name?.value).toBe(expected.publisher);
    expect(facts.description?.value).toBe(expected.description);
    expect(facts.name?.url).toBe(`https://${domain}/`);
    expect(facts.wordCount).toBeGreaterThan(100);
    expect(facts.textSample.length).toBeLessThanOrEqual(20_000);
  });

  it('microlink.io: footer profiles are taken, GitHub issue links are not mistaken for the org', () => {
    const facts = extractCompanyFacts(read('microlink.io.html'), 'https://microlink.io/', 'microlink.io');
    expect(facts.socialProfiles.github?.value).toBe('https://github.com/microlinkhq');
    expect(facts.socialProfiles.twitter?.value).toBe('https://x.com/microlinkhq');
    expect(facts.socialProfiles.twitter?.method).toBe('footer-link');
    expect(facts.logoUrl?.value).toBe('https://microlink.io/logo-trim.png');
  });

  it('kikobeats.com: sameAs wins, a personal LinkedIn (/in/) and github.io are rejected', () => {
    const facts = extractCompanyFacts(read('kikobeats.com.html'), 'https://kikobeats.com/', 'kikobeats.com');
    expect(facts.socialProfiles.twitter).toEqual({
      value: 'https://x.com/kikobeats',
      url: 'https://kikobeats.com/',
      method: 'json-ld-sameAs',
    });
    expect(facts.socialProfiles.github?.value).toBe('https://github.com/kikobeats');
    expect(facts.socialProfiles.linkedin).toBeUndefined();
    // WebSite.publisher logo is relative in the page.
    expect(facts.logoUrl?.value).toBe('https://kikobeats.com/images/avatar-glitch.jpg');
  });

  it('learnnode.com: share button and tweet status links are ignored', () => {
    const facts = extractCompanyFacts(read('learnnode.com.html'), 'https://learnnode.com/', 'learnnode.com');
    expect(facts.socialProfiles.twitter?.value).toBe('https://x.com/wesbos');
    expect(
      Object.values(facts.socialProfiles)
        .map((f) => f.value)
        .join(' '),
    ).not.toMatch(/share|status|hashtag/);
    expect(facts.phone?.value).toBe('4168333641');
  });

  it('LinkedIn company page: does not crash and yields the JSON-LD organisation', () => {
    const url = 'https://uk.linkedin.com/company/audiense';
    const facts = extractCompanyFacts(read('linkedin-company-audiense.html'), url, 'linkedin.com');
    expect(facts.name).toEqual({ value: 'Audiense', url, method: 'json-ld' });
    // The page's PostalAddress uses "type" instead of "@type"; locality and region are both London.
    expect(facts.location?.value).toBe('London, GB');
    // numberOfEmployees is a QuantitativeValue; the logo an ImageObject with only contentUrl.
    expect(facts.employeeCount?.value).toBe('69');
    expect(facts.logoUrl?.value).toMatch(/^https:\/\/media\.licdn\.com\//);
    expect(facts.description?.value.length).toBeLessThanOrEqual(501);
  });
});
