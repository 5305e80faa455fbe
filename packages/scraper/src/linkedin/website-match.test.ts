import { unwrapLinkedInRedirect, websiteDomain, websiteMatchesDomain } from './website-match';

describe('unwrapLinkedInRedirect', () => {
  it.each([
    [
      'https://www.linkedin.com/redir/redirect?url=http%3A%2F%2Fwww%2Eaudiense%2Ecom&urlhash=7Taq&trk=about_website',
      'http://www.audiense.com',
    ],
    ['https://www.linkedin.com/redirect?url=https%3A%2F%2Facme.com%2Fen', 'https://acme.com/en'],
    ['https://uk.linkedin.com/safety/go?url=https%3A%2F%2Facme.com', 'https://acme.com'],
    ['http://www.audiense.com', 'http://www.audiense.com'],
    ['https://www.linkedin.com/company/audiense', 'https://www.linkedin.com/company/audiense'],
  ])('%s → %s', (input, expected) => {
    expect(unwrapLinkedInRedirect(input)).toBe(expected);
  });
});

describe('websiteDomain', () => {
  it.each([
    ['http://www.audiense.com', 'audiense.com'],
    ['WWW.Audiense.COM/en/', 'audiense.com'],
    ['https://shop.acme.co.uk', 'acme.co.uk'],
    ['https://acme.github.io/', 'acme.github.io'],
    ['https://www.linkedin.com/redir/redirect?url=http%3A%2F%2Fwww%2Eaudiense%2Ecom', 'audiense.com'],
    ['https://www.linkedin.com/company/audiense', null],
    ['http://10.0.0.1/', null],
    ['intranet.local', null],
    ['N/A', null],
    [null, null],
  ])('%j → %j', (input, expected) => {
    expect(websiteDomain(input)).toBe(expected);
  });
});

describe('websiteMatchesDomain', () => {
  it('matches the same registrable domain whatever the www., subdomain, scheme or path', () => {
    expect(websiteMatchesDomain('http://www.audiense.com', 'audiense.com')).toBe(true);
    expect(websiteMatchesDomain('https://audiense.com/en/about', 'www.audiense.com')).toBe(true);
    expect(websiteMatchesDomain('https://blog.audiense.com', 'audiense.com')).toBe(true);
    expect(websiteMatchesDomain('audiense.com', 'app.audiense.com')).toBe(true);
  });

  it('rejects other domains, other suffixes, other tenants of a shared host, and no website', () => {
    expect(websiteMatchesDomain('http://www.audiense.co.uk', 'audiense.com')).toBe(false);
    expect(websiteMatchesDomain('https://audiense-fans.com', 'audiense.com')).toBe(false);
    expect(websiteMatchesDomain('https://acme.github.io', 'other.github.io')).toBe(false);
    expect(websiteMatchesDomain('https://www.linkedin.com/company/audiense', 'linkedin.com')).toBe(false);
    expect(websiteMatchesDomain(null, 'audiense.com')).toBe(false);
    expect(websiteMatchesDomain('', 'audiense.com')).toBe(false);
  });
});
