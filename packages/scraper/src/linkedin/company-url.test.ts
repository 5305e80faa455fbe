import { guessLinkedInCompanyUrls } from './company-url';

describe('guessLinkedInCompanyUrls', () => {
  const url = (slug: string): string => `https://www.linkedin.com/company/${slug}`;

  it('collapses to one guess when name and domain agree', () => {
    expect(guessLinkedInCompanyUrls('Audiense', 'audiense.com')).toEqual([url('audiense')]);
  });

  it('tries the name hyphenated, run together, then the domain label; at most three', () => {
    expect(guessLinkedInCompanyUrls('Acme Analytics, Inc.', 'acme.io')).toEqual([url('acme-analytics'), url('acmeanalytics'), url('acme')]);
    expect(guessLinkedInCompanyUrls('Acme Analytics, Inc.', 'www.acmeanalytics.co.uk')).toEqual([
      url('acme-analytics'),
      url('acmeanalytics'),
    ]);
  });

  it('strips legal forms, folds accents and spells out ampersands', () => {
    expect(guessLinkedInCompanyUrls('Widgets Pty Ltd', 'widgets.com.au')).toEqual([url('widgets')]);
    expect(guessLinkedInCompanyUrls('Société Générale S.A.', 'societegenerale.com')).toEqual([
      url('societe-generale'),
      url('societegenerale'),
    ]);
    expect(guessLinkedInCompanyUrls('Procter & Gamble', 'pg.com')).toEqual([url('procter-and-gamble'), url('procterandgamble'), url('pg')]);
    // "Company" is part of many vanity names and is kept.
    expect(guessLinkedInCompanyUrls('The Coca-Cola Company', 'coca-colacompany.com')[0]).toBe(url('the-coca-cola-company'));
  });

  it('falls back to the domain when the name gives no Latin slug', () => {
    expect(guessLinkedInCompanyUrls('株式会社メルカリ', 'mercari.com')).toEqual([url('mercari')]);
    expect(guessLinkedInCompanyUrls('', 'https://www.acme.com/about')).toEqual([url('acme')]);
  });
});
