import { isLinkedInHost, linkedInCompanyPageUrl, linkedInCompanyUrl, parseLinkedInCompanyUrl } from './linkedin-company-url';

describe('linkedInCompanyUrl', () => {
  it.each([
    ['https://www.linkedin.com/company/audiense', 'https://www.linkedin.com/company/audiense'],
    ['https://uk.linkedin.com/company/audiense', 'https://www.linkedin.com/company/audiense'],
    ['https://www.linkedin.com/company/Audiense/about/', 'https://www.linkedin.com/company/audiense'],
    ['https://es.linkedin.com/company/audiense/jobs?trk=public_jobs#top', 'https://www.linkedin.com/company/audiense'],
    ['https://www.linkedin.com/company/audiense?originalSubdomain=uk', 'https://www.linkedin.com/company/audiense'],
    ['http://linkedin.com/company/audiense/', 'https://www.linkedin.com/company/audiense'],
    ['linkedin.com/company/audiense', 'https://www.linkedin.com/company/audiense'],
    ['//m.linkedin.com/company/audiense', 'https://www.linkedin.com/company/audiense'],
    ['https://mobile.linkedin.com/company/audiense', 'https://www.linkedin.com/company/audiense'],
    ['https://www.linkedin.com./company/audiense', 'https://www.linkedin.com/company/audiense'],
    ['https://www.linkedin.com/company/10529043/', 'https://www.linkedin.com/company/10529043'],
    ['https://www.linkedin.com/organization-guest/company/audiense', 'https://www.linkedin.com/company/audiense'],
    [
      'https://www.linkedin.com/company/soci%C3%A9t%C3%A9-g%C3%A9n%C3%A9rale',
      'https://www.linkedin.com/company/soci%C3%A9t%C3%A9-g%C3%A9n%C3%A9rale',
    ],
  ])('%s → %s', (input, expected) => {
    expect(linkedInCompanyUrl(input)).toBe(expected);
  });

  it('maps school and showcase pages to /company/<slug>: one vanity namespace, one page', () => {
    const company = 'https://www.linkedin.com/company/stanford-university';
    for (const form of [
      'https://www.linkedin.com/school/stanford-university/',
      'http://linkedin.com/school/Stanford-University',
      'https://uk.linkedin.com/school/stanford-university/about/?trk=x#top',
      'https://www.linkedin.com/company/stanford-university/people/',
    ]) {
      expect(linkedInCompanyUrl(form)).toBe(company);
    }
    expect(linkedInCompanyUrl('https://www.linkedin.com/showcase/microsoft-365/posts/')).toBe(
      'https://www.linkedin.com/company/microsoft-365',
    );
    expect(linkedInCompanyUrl('https://de.linkedin.com/showcase/Microsoft-365?trk=x')).toBe(
      'https://www.linkedin.com/company/microsoft-365',
    );
  });

  it('takes URL objects too', () => {
    expect(linkedInCompanyUrl(new URL('https://fr.linkedin.com/school/hec-paris/'))).toBe('https://www.linkedin.com/company/hec-paris');
  });

  it.each([
    'https://www.linkedin.com/in/someone/',
    'https://www.linkedin.com/posts/audiense_activity-123',
    'https://www.linkedin.com/feed/update/urn:li:activity:123',
    'https://www.linkedin.com/shareArticle?mini=true&url=https%3A%2F%2Facme.com',
    'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Facme.com',
    'https://www.linkedin.com/company/',
    'https://www.linkedin.com/company/setup/new/',
    'https://www.linkedin.com/school/login',
    'https://www.linkedin.com/company/---',
    'https://lnkd.in/abc123',
    'https://linkedin.com.evil.example/company/audiense',
    'https://notlinkedin.com/company/audiense',
    'ftp://www.linkedin.com/company/audiense',
    'mailto:jobs@linkedin.com',
    'not a url',
    '',
  ])('%s → null', (input) => {
    expect(linkedInCompanyUrl(input)).toBeNull();
  });
});

describe('parseLinkedInCompanyUrl', () => {
  it('gives the canonical URL and the decoded, lower-cased slug', () => {
    expect(parseLinkedInCompanyUrl('https://uk.linkedin.com/school/Acme-University/about/')).toEqual({
      url: 'https://www.linkedin.com/company/acme-university',
      slug: 'acme-university',
    });
    expect(parseLinkedInCompanyUrl('https://www.linkedin.com/company/soci%C3%A9t%C3%A9')?.slug).toBe('société');
  });
});

describe('linkedInCompanyPageUrl', () => {
  it('builds the canonical URL for a vanity name, refusing LinkedIn flows and empty names', () => {
    expect(linkedInCompanyPageUrl('Acme')).toBe('https://www.linkedin.com/company/acme');
    expect(linkedInCompanyPageUrl('setup')).toBeNull();
    expect(linkedInCompanyPageUrl('a/b')).toBeNull();
    expect(linkedInCompanyPageUrl('')).toBeNull();
  });
});

describe('isLinkedInHost', () => {
  it.each([
    ['linkedin.com', true],
    ['www.linkedin.com', true],
    ['uk.linkedin.com', true],
    ['linkedin.com.evil.example', false],
    ['notlinkedin.com', false],
  ])('%s → %s', (host, expected) => {
    expect(isLinkedInHost(host)).toBe(expected);
  });
});
