import { parseRobots, productToken } from './robots';

const UA = 'CompanyEnrichmentBot/1.0 (+https://github.com/company-enrichment)';

describe('parseRobots', () => {
  it('applies the group of our product token over *', () => {
    const robots = parseRobots(
      'https://acme.com',
      'User-agent: *\nDisallow: /\n\nUser-agent: CompanyEnrichmentBot\nDisallow: /about\nCrawl-delay: 2',
      UA,
      5000,
    );
    expect(robots.isAllowed('https://acme.com/contact')).toBe(true);
    expect(robots.isAllowed('https://acme.com/about')).toBe(false);
    expect(robots.crawlDelayMs).toBe(2000);
  });

  it('caps the crawl delay, lists sitemaps and refuses other origins', () => {
    const robots = parseRobots('https://acme.com', 'User-agent: *\nCrawl-delay: 600\nSitemap: /sm.xml', UA, 5000);
    expect(robots.crawlDelayMs).toBe(5000);
    expect(robots.sitemaps).toEqual(['https://acme.com/sm.xml']);
    expect(robots.isAllowed('https://other.com/')).toBe(false);
  });

  it('takes the token before the version', () => {
    expect(productToken(UA)).toBe('CompanyEnrichmentBot');
  });
});
