import { linkedInCandidates } from './fetch-linkedin-company';

// The fetching itself runs against a local LinkedIn stand-in and Redis: tests/integration/linkedin-source.test.ts.
describe('linkedInCandidates', () => {
  const url = (slug: string): string => `https://www.linkedin.com/company/${slug}`;

  it('takes the page the website links to, normalised, and nothing else', () => {
    expect(
      linkedInCandidates({ domain: 'audiense.com', name: 'Audiense', linkedinUrl: 'https://uk.linkedin.com/company/Audiense/about/' }),
    ).toEqual({
      match: 'linked',
      urls: [url('audiense')],
    });
  });

  it('guesses from the name and domain when there is no link, at most three', () => {
    expect(linkedInCandidates({ domain: 'acme.io', name: 'Acme Analytics, Inc.', linkedinUrl: null })).toEqual({
      match: 'guessed',
      urls: [url('acme-analytics'), url('acmeanalytics'), url('acme')],
    });
    expect(linkedInCandidates({ domain: 'audiense.com', name: null, linkedinUrl: null })).toEqual({
      match: 'guessed',
      urls: [url('audiense')],
    });
  });

  it('guesses when the link is not a company page (a person, a post, another site)', () => {
    for (const linkedinUrl of ['https://www.linkedin.com/in/someone', 'https://lnkd.in/abc', 'https://example.com/company/acme', '']) {
      expect(linkedInCandidates({ domain: 'audiense.com', name: 'Audiense', linkedinUrl })).toEqual({
        match: 'guessed',
        urls: [url('audiense')],
      });
    }
  });
});
