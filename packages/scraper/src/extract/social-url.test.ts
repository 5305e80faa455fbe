import { parseSocialUrl } from './social-url';

describe('parseSocialUrl', () => {
  it.each([
    ['https://www.linkedin.com/company/acme/', 'https://www.linkedin.com/company/acme'],
    ['https://uk.linkedin.com/company/Acme-Inc/about/?trk=x#top', 'https://www.linkedin.com/company/acme-inc'],
    // Schools and showcase pages share the company vanity namespace: one form, as the LinkedIn source uses.
    ['http://linkedin.com/school/acme-university', 'https://www.linkedin.com/company/acme-university'],
    ['https://www.linkedin.com/showcase/acme-cloud', 'https://www.linkedin.com/company/acme-cloud'],
    ['https://www.linkedin.com/organization-guest/company/acme', 'https://www.linkedin.com/company/acme'],
    ['https://twitter.com/Acme', 'https://x.com/acme'],
    ['https://mobile.twitter.com/acme/', 'https://x.com/acme'],
    ['https://x.com/acme_hq?ref_src=twsrc', 'https://x.com/acme_hq'],
    ['//twitter.com/acme', 'https://x.com/acme'],
    ['twitter.com/acme', 'https://x.com/acme'],
    ['https://www.facebook.com/AcmeCorp/', 'https://www.facebook.com/acmecorp'],
    ['https://m.facebook.com/acme.corp/about', 'https://www.facebook.com/acme.corp'],
    ['https://www.facebook.com/profile.php?id=100064123456789', 'https://www.facebook.com/profile.php?id=100064123456789'],
    ['https://www.facebook.com/pages/Acme-Corp/123456789012', 'https://www.facebook.com/123456789012'],
    ['https://github.com/Acme-Corp', 'https://github.com/acme-corp'],
    ['https://github.com/orgs/acme/people', 'https://github.com/acme'],
    ['https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv', 'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv'],
    ['https://youtube.com/@AcmeTV/videos', 'https://www.youtube.com/@acmetv'],
    ['https://www.youtube.com/c/AcmeTV', 'https://www.youtube.com/c/AcmeTV'],
    ['https://www.youtube.com/user/acmevideos', 'https://www.youtube.com/user/acmevideos'],
    ['https://instagram.com/Acme.Corp/', 'https://www.instagram.com/acme.corp'],
    ['https://www.crunchbase.com/organization/acme-corp/company_financials', 'https://www.crunchbase.com/organization/acme-corp'],
  ])('%s → %s', (input, expected) => {
    expect(parseSocialUrl(input)?.url).toBe(expected);
  });

  it.each([
    'https://www.linkedin.com/in/jane-doe',
    'https://www.linkedin.com/shareArticle?mini=true&url=https://acme.com',
    'https://www.linkedin.com/sharing/share-offsite/?url=https://acme.com',
    'https://www.linkedin.com/feed/update/urn:li:activity:1',
    'https://www.linkedin.com/company/',
    'https://www.linkedin.com/company/setup/new/',
    'https://twitter.com/intent/tweet?text=hi',
    'https://twitter.com/share?url=x',
    'https://twitter.com/home?status=hello',
    'https://twitter.com/hashtag/acme',
    'https://twitter.com/search?q=acme',
    'https://twitter.com/i/lists/1',
    'https://twitter.com/acme/status/1234567890',
    'https://x.com/this_handle_is_far_too_long',
    'https://www.facebook.com/sharer/sharer.php?u=https://acme.com',
    'https://www.facebook.com/sharer.php?u=https://acme.com',
    'https://www.facebook.com/share.php?u=x',
    'https://www.facebook.com/dialog/feed?app_id=1',
    'https://www.facebook.com/plugins/like.php?href=x',
    'https://www.facebook.com/acme/posts/123',
    'https://l.facebook.com/l.php?u=x',
    'https://github.com/features/actions',
    'https://gist.github.com/acme/abc',
    'https://github.io/kikobeats',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/acme',
    'https://www.instagram.com/p/ABC123/',
    'https://www.instagram.com/reel/ABC123/',
    'https://www.instagram.com/explore/tags/acme/',
    'https://www.crunchbase.com/person/jane-doe',
    'https://acme.com/twitter',
    'mailto:hi@acme.com',
    'javascript:void(0)',
    '',
    'not a url at all',
  ])('rejects %s', (input) => {
    expect(parseSocialUrl(input)).toBeNull();
  });

  it('marks a GitHub repository link as derived evidence for its owner', () => {
    expect(parseSocialUrl('https://github.com/acme/widget/issues/new?template=bug.md')).toEqual({
      network: 'github',
      url: 'https://github.com/acme',
      slug: 'acme',
      derived: true,
    });
    expect(parseSocialUrl('https://github.com/acme')?.derived).toBe(false);
  });

  it('resolves relative hrefs against the page without inventing profiles', () => {
    expect(parseSocialUrl('/company/acme', 'https://www.linkedin.com/feed/')?.url).toBe('https://www.linkedin.com/company/acme');
    expect(parseSocialUrl('/company/acme', 'https://acme.com/')).toBeNull();
    expect(parseSocialUrl('/x', 'not a base')).toBeNull();
  });
});
