import type { ServerResponse } from 'node:http';
import { parseHostMap } from '../../packages/scraper/src/fetch/host-map';
import { crawlSite, type CrawlSettings } from '../../packages/scraper/src/crawl/crawl-site';
import { robotsAllowsHomepage } from '../../packages/scraper/src/crawl/robots';
import { FixtureSites } from '../support/fixture-sites';

const UA = 'CompanyEnrichmentBot/1.0 (+https://github.com/company-enrichment)';
const links = (...paths: string[]) => `<html><body>${paths.map((p) => `<a href="${p}">${p}</a>`).join('')}</body></html>`;
const text = (body: string, type = 'text/plain') => (_req: unknown, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': type }).end(body);
};
const PAGE = '<html><body><p>facts</p></body></html>';

// Tracks requests in flight per fixture site, to check the per-host concurrency bound.
const tracker = () => ({ now: 0, max: 0 });
const slowTrack = tracker();
const busyTrack = tracker();
const slow = (ms: number, t: { now: number; max: number }) => async (_req: unknown, res: ServerResponse) => {
  t.now++;
  t.max = Math.max(t.max, t.now);
  await new Promise((resolve) => setTimeout(resolve, ms));
  t.now--;
  if (!res.destroyed) res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
};

const many = Array.from({ length: 500 }, (_, i) => `/p${i}`);
const bigHome = `<html><body>${many.map((p) => `<a href="${p}">About</a><a href="${p}/team">Team</a><a href="${p}/contact">x</a>`).join('')}
  <a href="/company">x</a><a href="/careers">x</a><a href="/pricing">x</a><a href="/imprint">x</a></body></html>`;
const sites = new FixtureSites()
  .site('basic.test', {
    '/': links('/about', '/contact', '/impressum', '/blog', 'https://elsewhere.test/about'),
    '/about': PAGE,
    '/contact': PAGE,
    '/impressum': PAGE,
    '/blog': PAGE,
  })
  .site('elsewhere.test', { '/about': PAGE })
  .site('blocked.test', { '/robots.txt': text('User-agent: CompanyEnrichmentBot\nDisallow: /'), '/': links('/about'), '/about': PAGE })
  .site('noabout.test', {
    '/robots.txt': text('User-agent: *\nDisallow: /about\n'),
    '/': links('/about', '/contact'),
    '/about': PAGE,
    '/contact': PAGE,
  })
  .site('big.test', {
    '/': bigHome,
    ...Object.fromEntries(many.flatMap((p) => [[p, PAGE], [`${p}/team`, PAGE], [`${p}/contact`, PAGE]])),
    '/company': PAGE,
    '/careers': PAGE,
    '/pricing': PAGE,
    '/imprint': PAGE,
  })
  .site('slow.test', { '/': links('/about', '/contact', '/team', '/careers'), '/about': slow(1500, slowTrack), '/contact': slow(1500, slowTrack), '/team': slow(1500, slowTrack), '/careers': slow(1500, slowTrack) })
  .site('huge.test', {
    '/': links('/about', '/contact', '/team'),
    '/about': 'x'.repeat(300 * 1024),
    '/contact': 'y'.repeat(60 * 1024),
    '/team': 'z'.repeat(60 * 1024),
  })
  .site('sitemap.test', {
    '/robots.txt': text('User-agent: *\nAllow: /\nSitemap: https://sitemap.test/index.xml\n'),
    '/': links('/blog'),
    '/index.xml': text('<sitemapindex><sitemap><loc>https://sitemap.test/pages.xml</loc></sitemap></sitemapindex>', 'application/xml'),
    '/pages.xml': text(
      '<urlset><url><loc>https://sitemap.test/en/about-us</loc></url><url><loc>https://sitemap.test/blog/post</loc></url><url><loc>https://sitemap.test/kontakt</loc></url></urlset>',
      'application/xml',
    ),
    '/en/about-us': PAGE,
    '/kontakt': PAGE,
  })
  .site('busy.test', {
    '/': links('/about', '/company', '/contact', '/imprint', '/team', '/careers', '/pricing'),
    ...Object.fromEntries(['/about', '/company', '/contact', '/imprint', '/team', '/careers', '/pricing'].map((p) => [p, slow(150, busyTrack)])),
  })
  .site('down.test', { '/robots.txt': (_req, res) => void res.writeHead(503).end(), '/': links('/about'), '/about': PAGE });

let settings: (overrides?: Partial<CrawlSettings>) => CrawlSettings;

beforeAll(async () => {
  await sites.start();
  const fetch = { hostMap: parseHostMap(sites.hostMap()), timeoutMs: 1000, maxBytes: 512 * 1024, maxRedirects: 5, userAgent: UA };
  settings = (overrides = {}) => ({
    fetch,
    maxPages: 6,
    maxBytes: 4 * 1024 * 1024,
    budgetMs: 10_000,
    hostConcurrency: 2,
    maxDelayMs: 1000,
    ...overrides,
  });
});
afterAll(() => sites.stop());

const paths = (domain: string) => sites.hits.filter((h) => h.host === domain).map((h) => h.path).sort();

async function crawl(domain: string, html: string, overrides?: Partial<CrawlSettings>) {
  return crawlSite(domain, { url: `https://${domain}/`, html }, settings(overrides));
}

it('fetches exactly the linked fact pages, nothing off-site', async () => {
  const result = await crawl('basic.test', links('/about', '/contact', '/impressum', '/blog', 'https://elsewhere.test/about'));
  expect(result.pages.map((p) => [p.kind, new URL(p.url).pathname])).toEqual([
    ['home', '/'],
    ['about', '/about'],
    ['contact', '/contact'],
    ['imprint', '/impressum'],
  ]);
  // The sitemap is consulted for the kinds the links missed (team, careers, …); it is a 404 here.
  expect(paths('basic.test')).toEqual(['/about', '/contact', '/impressum', '/robots.txt', '/sitemap.xml']);
  expect(sites.hitsFor('elsewhere.test')).toBe(0);
});

it('lets the caller see a site that blocks our user agent, fetching only robots.txt', async () => {
  const check = await robotsAllowsHomepage('https://blocked.test/', { fetch: settings().fetch, maxDelayMs: 1000 });
  expect(check.allowed).toBe(false);
  const result = await crawl('blocked.test', links('/about'), { robots: check.robots });
  expect(result.blockedByRobots).toBe(true);
  expect(result.pages).toEqual([]);
  expect(paths('blocked.test')).toEqual(['/robots.txt']);
});

it('skips a page robots.txt disallows', async () => {
  const result = await crawl('noabout.test', links('/about', '/contact'));
  expect(result.skipped).toEqual([{ url: 'https://noabout.test/about', reason: 'robots' }]);
  expect(result.pages.map((p) => p.kind)).toEqual(['home', 'contact']);
  expect(paths('noabout.test')).toEqual(['/contact', '/robots.txt', '/sitemap.xml']);
});

it('treats a 5xx robots.txt as disallow-all', async () => {
  const result = await crawl('down.test', links('/about'));
  expect(result.blockedByRobots).toBe(true);
  expect(result.robots).toEqual([{ origin: 'https://down.test', status: 'unreachable' }]);
  expect(paths('down.test')).toEqual(['/robots.txt']);
});

it('holds the page bound on a site with 500 linked pages', async () => {
  const result = await crawl('big.test', bigHome, { maxPages: 4 });
  expect(result.pages).toHaveLength(4);
  expect(paths('big.test')).toEqual(['/p0', '/p0/contact', '/robots.txt', '/company'].sort());
});

it('stops starting fetches when the time budget is spent', async () => {
  const started = Date.now();
  const result = await crawl('slow.test', links('/about', '/contact', '/team', '/careers'), { budgetMs: 300, hostConcurrency: 1 });
  // One fetch in flight at the deadline, ended by its own 1 s deadline.
  expect(Date.now() - started).toBeLessThan(300 + 1000 + 500);
  expect(result.skipped.filter((s) => s.reason === 'budget').length).toBeGreaterThanOrEqual(2);
  expect(result.skipped.some((s) => s.reason === 'timeout')).toBe(true);
});

it('holds the per-page size cap and the per-domain byte bound', async () => {
  const homeHtml = links('/about', '/contact', '/team');
  const result = await crawl('huge.test', homeHtml, { fetch: { ...settings().fetch, maxBytes: 256 * 1024 }, maxBytes: 100 * 1024 });
  expect(result.skipped).toContainEqual({ url: 'https://huge.test/about', reason: 'max_bytes' });
  expect(result.stats.bytes).toBeLessThanOrEqual(100 * 1024);
  const capped = await crawl('huge.test', homeHtml, { fetch: { ...settings().fetch, maxBytes: 256 * 1024 } });
  expect(capped.skipped).toContainEqual({ url: 'https://huge.test/about', reason: 'too_large' });
  expect(capped.pages.map((p) => p.kind)).toEqual(['home', 'contact', 'team']);
});

it('discovers fact pages from the sitemap (through one index level)', async () => {
  const result = await crawl('sitemap.test', links('/blog'));
  expect(result.pages.map((p) => [p.kind, new URL(p.url).pathname])).toEqual([
    ['home', '/'],
    ['about', '/en/about-us'],
    ['contact', '/kontakt'],
  ]);
  expect(result.stats.sitemapFiles).toBe(2);
});

it('never has more requests in flight per host than the setting', async () => {
  const result = await crawl('busy.test', links('/about', '/company', '/contact', '/imprint', '/team', '/careers', '/pricing'), {
    maxPages: 8,
  });
  expect(result.pages).toHaveLength(8);
  expect(busyTrack.max).toBe(2);
  expect(slowTrack.max).toBeLessThanOrEqual(1);
});
