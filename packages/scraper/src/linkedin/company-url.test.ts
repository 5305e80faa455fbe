import { guessLinkedInCompanyUrls, linkedInCompanyUrl } from './company-url';

describe('linkedInCompanyUrl', () => {
  it.each([
    ['https://www.linkedin.com/company/audiense', 'https://www.linkedin.com/company/audiense'],
    ['https://uk.linkedin.com/company/audiense', 'https://www.linkedin.com/company/audiense'],
    ['https://www.linkedin.com/company/Audiense/about/', 'https://www.linkedin.com/company/audiense'],
    ['https://es.linkedin.com/company/audiense/jobs?trk=public_jobs#top', 'https://www.linkedin.com/company/audiense'],
    ['http://linkedin.com/company/audiense/', 'https://www.linkedin.com/company/audiense'],
    ['linkedin.com/company/audiense', 'https://www.linkedin.com/company/audiense'],
    ['//m.linkedin.com/company/audiense', 'https://www.linkedin.com/company/audiense'],
    ['https://www.linkedin.com/company/10529043/', 'https://www.linkedin.com/company/10529043'],
    ['https://www.linkedin.com/school/stanford-university/', 'https://www.linkedin.com/company/stanford-university'],
    ['https://www.linkedin.com/showcase/microsoft-365/posts/', 'https://www.linkedin.com/company/microsoft-365'],
    ['https://www.linkedin.com/organization-guest/company/audiense', 'https://www.linkedin.com/company/audiense'],
    ['https://www.linkedin.com/company/soci%C3%A9t%C3%A9-g%C3%A9n%C3%A9rale', 'https://www.linkedin.com/company/soci%C3%A9t%C3%A9-g%C3%A9n%C3%A9rale'],
  ])('%s → %s', (input, expected) => {
    expect(linkedInCompanyUrl(input)).toBe(expected);
  });

  it.each([
    'https://www.linkedin.com/in/someone/',
    'https://www.linkedin.com/posts/audiense_activity-123',
    'https://www.linkedin.com/feed/update/urn:li:activity:123',
    'https://www.linkedin.com/shareArticle?mini=true&url=https%3A%2F%2Facme.com',
    'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Facme.com',
    'https://www.linkedin.com/company/',
    'https://www.linkedin.com/company/setup/new/',
    'https://lnkd.in/abc123',
    'https://linkedin.com.evil.example/company/audiense',
    'https://notlinkedin.com/company/audiense',
    'ftp://www.linkedin.com/company/audiense',
    'not a url',
    '',
  ])('%s → null', (input) => {
    expect(linkedInCompanyUrl(input)).toBeNull();
  });
});

describe('guessLinkedInCompanyUrls', () => {
  const url = (slug: string): string => `https://www.linkedin.com/company/${slug}`;

  it('collapses to one guess when name and domain agree', () => {
    expect(guessLinkedInCompanyUrls('Audiense', 'audiense.com')).toEqual([url('audiense')]);
  });

  it('tries the name hyphenated, run together, then the domain label; at most three', () => {
    expect(guessLinkedInCompanyUrls('Acme Analytics, Inc.', 'acme.io')).toEqual([url('acme-analytics'), url('acmeanalytics'), url('acme')]);
    expect(guessLinkedInCompanyUrls('Acme Analytics, Inc.', 'www.acmeanalytics.co.uk')).toEqual([url('acme-analytics'), url('acmeanalytics')]);
  });

  it('strips legal forms, folds accents and spells out ampersands', () => {
    expect(guessLinkedInCompanyUrls('Widgets Pty Ltd', 'widgets.com.au')).toEqual([url('widgets')]);
    expect(guessLinkedInCompanyUrls('Société Générale S.A.', 'societegenerale.com')).toEqual([url('societe-generale'), url('societegenerale')]);
    expect(guessLinkedInCompanyUrls('Procter & Gamble', 'pg.com')).toEqual([url('procter-and-gamble'), url('procterandgamble'), url('pg')]);
    // "Company" is part of many vanity names and is kept.
    expect(guessLinkedInCompanyUrls('The Coca-Cola Company', 'coca-colacompany.com')[0]).toBe(url('the-coca-cola-company'));
  });

  it('falls back to the domain when the name gives no Latin slug', () => {
    expect(guessLinkedInCompanyUrls('株式会社メルカリ', 'mercari.com')).toEqual([url('mercari')]);
    expect(guessLinkedInCompanyUrls('', 'https://www.acme.com/about')).toEqual([url('acme')]);
  });
});
