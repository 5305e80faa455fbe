import { candidatesFromUrls, parseSitemap } from './sitemap';

describe('parseSitemap', () => {
  it('reads a urlset', () => {
    const xml = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>https://acme.com/</loc></url><url><loc> https://acme.com/about?a=1&amp;b=2 </loc></url>
      <url><loc><![CDATA[https://acme.com/contact]]></loc></url></urlset>`;
    expect(parseSitemap(xml)).toEqual({
      type: 'urlset',
      locs: ['https://acme.com/', 'https://acme.com/about?a=1&b=2', 'https://acme.com/contact'],
    });
  });

  it('reads a sitemap index', () => {
    const xml = `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sitemap><loc>https://acme.com/pages.xml</loc></sitemap><sitemap><loc>https://acme.com/posts.xml</loc></sitemap></sitemapindex>`;
    expect(parseSitemap(xml)).toEqual({ type: 'index', locs: ['https://acme.com/pages.xml', 'https://acme.com/posts.xml'] });
  });

  it('salvages what it can from malformed XML and returns nothing from junk', () => {
    const broken = '<urlset><url><loc>https://acme.com/about</loc><url><loc>https://acme.com/team</loc></urlset';
    expect(parseSitemap(broken).locs).toEqual(['https://acme.com/about', 'https://acme.com/team']);
    expect(parseSitemap('<html><body>Not found</body></html>')).toEqual({ type: 'unknown', locs: [] });
    expect(parseSitemap('')).toEqual({ type: 'unknown', locs: [] });
  });

  it('stops at the URL cap', () => {
    const xml = `<urlset>${Array.from({ length: 1000 }, (_, i) => `<url><loc>https://acme.com/p${i}</loc></url>`).join('')}</urlset>`;
    expect(parseSitemap(xml, 300).locs).toHaveLength(300);
  });
});

describe('candidatesFromUrls', () => {
  it('keeps same-site fact pages by path, best per kind', () => {
    const locs = [
      'https://acme.com/blog/x',
      'https://acme.com/en/about-us',
      'https://other.com/contact',
      'https://www.acme.com/contact',
      'https://acme.com/de/kontakt/',
    ];
    expect(candidatesFromUrls(locs, 'acme.com', 5).map((c) => [c.kind, c.url])).toEqual([
      ['about', 'https://acme.com/en/about-us'],
      ['contact', 'https://www.acme.com/contact'],
    ]);
  });
});
