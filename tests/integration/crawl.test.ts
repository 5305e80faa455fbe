import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import {
  type CrawlSettings,
  crawlEnv,
  crawlSettingsFrom,
  crawlSite,
  parseHostMap,
  robotsAllowsHomepage,
  scrapeWebsiteSource,
} from '@enrich/scraper';
import { eventually, FixtureSites, sleep } from '@enrich/testkit';

const UA = 'CompanyEnrichmentBot/1.0 (+https://github.com/company-enrichment)';
const links = (...paths: string[]) => `<html><body>${paths.map((p) => `<a href="${p}">${p}</a>`).join('')}</body></html>`;
const text =
  (body: string, type = 'text/plain') =>
  (_req: unknown, res: ServerResponse) => {
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
  await sleep(ms);
  t.now--;
  if (!res.destroyed) res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
};

const many = Array.from({ length: 500 }, (_, i) => `/p${i}`);
const bigHome = `<html><body>${many.map((p) => `<a href="${p}">About</a><a href="${p}/team">Team</a><a href="${p}/contact">x</a>`).join('')}
  <a href="/company">x</a><a href="/careers">x</a><a href="/pricing">x</a><a href="/imprint">x</a></body></html>`;
// 500 linked pages (blog posts, one About link) and a sitemap of 500 pages of every fact kind.
const posts = Array.from({ length: 500 }, (_, i) => `/blog/post-${i}`);
const sprawlHome = links('/about', ...posts);
const sprawlSitemap = Array.from({ length: 500 }, (_, i) => {
  const slug = ['about-us', 'company', 'contact', 'impressum', 'team', 'careers', 'pricing'][i % 7];
  return `/office-${i}/${slug}`;
});

// Streams 50 MB in 64 KB chunks, honouring back-pressure, and stops when the client goes away.
const FIFTY_MB = 50 * 1024 * 1024;
const streamed = { bytes: 0, closed: false };
const fiftyMegabytes = async (_req: unknown, res: ServerResponse) => {
  res.on('close', () => (streamed.closed = true));
  res.writeHead(200, { 'content-type': 'text/html' });
  const chunk = Buffer.alloc(64 * 1024, 'a');
  while (streamed.bytes < FIFTY_MB && !res.destroyed) {
    streamed.bytes += chunk.length;
    if (!res.write(chunk)) {
      // Whichever comes first; the other's listener goes too, or each wait would leave one.
      await new Promise<void>((resolve) => {
        const go = () => {
          res.off('drain', go);
          res.off('close', go);
          resolve();
        };
        res.on('drain', go);
        res.on('close', go);
      });
    }
  }
  res.end();
};

// Never answers / answers a byte every 50 ms forever: only the per-page deadline ends them.
const hang = () => new Promise<void>(() => undefined);
const drip = (_req: unknown, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/html' }).write('<p>');
  const timer = setInterval(() => res.write('.'), 50);
  res.on('close', () => clearInterval(timer));
};

// Records the TCP connection each request arrives on, and which of them are still open.
const reuse = { sockets: new Set<Socket>(), open: 0 };
const onConnection =
  (body: string, type = 'text/html') =>
  (req: IncomingMessage, res: ServerResponse) => {
    if (!reuse.sockets.has(req.socket)) {
      reuse.sockets.add(req.socket);
      reuse.open++;
      req.socket.on('close', () => reuse.open--);
    }
    res.writeHead(200, { 'content-type': type }).end(body);
  };
const reusePaths = ['/about', '/company', '/contact', '/imprint', '/team'];

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
    ...Object.fromEntries(
      many.flatMap((p) => [
        [p, PAGE],
        [`${p}/team`, PAGE],
        [`${p}/contact`, PAGE],
      ]),
    ),
    '/company': PAGE,
    '/careers': PAGE,
    '/pricing': PAGE,
    '/imprint': PAGE,
  })
  .site('slow.test', {
    '/': links('/about', '/contact', '/team', '/careers'),
    '/about': slow(1500, slowTrack),
    '/contact': slow(1500, slowTrack),
    '/team': slow(1500, slowTrack),
    '/careers': slow(1500, slowTrack),
  })
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
    ...Object.fromEntries(
      ['/about', '/company', '/contact', '/imprint', '/team', '/careers', '/pricing'].map((p) => [p, slow(150, busyTrack)]),
    ),
  })
  .site('nobot.test', {
    '/robots.txt': text(
      'User-agent: *\nAllow: /\n\nUser-agent: CompanyEnrichmentBot\nDisallow: /\n\nSitemap: https://nobot.test/sitemap.xml\n',
    ),
    '/sitemap.xml': text('<urlset><url><loc>https://nobot.test/about</loc></url></urlset>', 'application/xml'),
    '/': links('/about', '/contact'),
    '/about': PAGE,
    '/contact': PAGE,
  })
  .site('sprawl.test', {
    '/': sprawlHome,
    '/sitemap.xml': text(
      `<urlset>${sprawlSitemap.map((p) => `<url><loc>https://sprawl.test${p}</loc></url>`).join('')}</urlset>`,
      'application/xml',
    ),
    '/about': PAGE,
    ...Object.fromEntries([...posts, ...sprawlSitemap].map((p) => [p, PAGE])),
  })
  .site('fifty.test', { '/': links('/about', '/contact'), '/about': fiftyMegabytes, '/contact': PAGE })
  .site('stall.test', {
    '/': links('/about', '/contact', '/team', '/careers'),
    '/about': hang,
    '/contact': drip,
    '/team': hang,
    '/careers': PAGE,
  })
  .site('reuse.test', {
    '/robots.txt': onConnection('User-agent: *\nAllow: /\n', 'text/plain'),
    ...Object.fromEntries(reusePaths.map((p) => [p, onConnection(PAGE)])),
  })
  .site('down.test', { '/robots.txt': (_req, res) => void res.writeHead(503).end(), '/': links('/about'), '/about': PAGE })
  // Round trips: no robots.txt, no sitemap (404s, a trip each), three fact pages.
  .site('trips.test', { '/': links('/about', '/contact', '/impressum'), '/about': PAGE, '/contact': PAGE, '/impressum': PAGE })
  .site('hops.test', {
    '/': links('/about', '/contact'),
    '/about': { status: 301, headers: { location: '/about-us' }, body: '' },
    '/about-us': PAGE,
    '/contact': PAGE,
  })
  .site('www-hop.test', {
    // The bare domain sends visitors to www., where the site is.
    '/': (req, res) => {
      if (req.headers.host?.startsWith('www.')) res.writeHead(200, { 'content-type': 'text/html' }).end(links('/about', '/contact'));
      else res.writeHead(301, { location: 'https://www.www-hop.test/' }).end();
    },
    '/about': PAGE,
    '/contact': PAGE,
  });

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

const paths = (domain: string) =>
  sites.hits
    .filter((h) => h.host === domain)
    .map((h) => h.path)
    .sort();

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

it('crawls nothing of a site whose robots.txt disallows our user agent (other agents allowed)', async () => {
  const result = await crawl('nobot.test', links('/about', '/contact'));
  expect(result.blockedByRobots).toBe(true);
  expect(result.robots).toEqual([{ origin: 'https://nobot.test', status: 'parsed' }]);
  expect(result.pages).toEqual([]);
  expect(result.skipped).toEqual([{ url: 'https://nobot.test/', reason: 'robots' }]);
  // Not even the sitemap robots.txt names.
  expect(paths('nobot.test')).toEqual(['/robots.txt']);
});

it('fetches at most CRAWL_MAX_PAGES pages of a site with 500 linked pages and a 500-page sitemap', async () => {
  const env = crawlEnv.parse({});
  const result = await crawlSite(
    'sprawl.test',
    { url: 'https://sprawl.test/', html: sprawlHome },
    crawlSettingsFrom(env, settings().fetch),
  );
  expect(result.pages).toHaveLength(env.CRAWL_MAX_PAGES);
  expect(result.stats.sitemapFiles).toBe(1);
  // The homepage was handed in; every other kept page is one request, plus robots.txt and the sitemap.
  const pages = paths('sprawl.test').filter((p) => p !== '/robots.txt' && p !== '/sitemap.xml');
  expect(pages).toHaveLength(env.CRAWL_MAX_PAGES - 1);
  expect(sites.hitsFor('sprawl.test')).toBe(env.CRAWL_MAX_PAGES - 1 + 2);
  expect(pages.filter((p) => p.startsWith('/blog/'))).toEqual([]);
  expect(pages).toContain('/about');
});

it('refuses a 50 MB page at the size cap, quickly, without reading or holding the body', async () => {
  const started = Date.now();
  let peak = 0;
  const baseline = process.memoryUsage().arrayBuffers;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers - baseline)), 5);
  const result = await crawl('fifty.test', links('/about', '/contact')).finally(() => clearInterval(sampler));
  const elapsed = Date.now() - started;
  expect(result.skipped).toContainEqual({ url: 'https://fifty.test/about', reason: 'too_large' });
  expect(result.pages.map((p) => p.kind)).toEqual(['home', 'contact']);
  // Well inside the 1 s per-page deadline: the cap (512 KB here) ends the fetch, not the clock.
  expect(elapsed).toBeLessThan(800);
  // The server was cut off after a few socket buffers' worth, far from 50 MB.
  await eventually(() => streamed.closed, 1000, { every: 10 });
  expect(streamed.bytes).toBeLessThan(16 * 1024 * 1024);
  expect(peak).toBeLessThan(32 * 1024 * 1024);
});

it('ends hanging and dripping pages at the per-page timeout, and the crawl within its budget', async () => {
  const started = Date.now();
  // budget 1.5 s, per-page timeout 1 s, 2 requests per host.
  const result = await crawl('stall.test', links('/about', '/contact', '/team', '/careers'), { budgetMs: 1500 });
  const elapsed = Date.now() - started;
  expect(result.skipped).toEqual(
    expect.arrayContaining([
      { url: 'https://stall.test/about', reason: 'timeout' },
      { url: 'https://stall.test/contact', reason: 'timeout' },
      { url: 'https://stall.test/team', reason: 'timeout' },
    ]),
  );
  expect(result.pages.map((p) => p.kind)).toEqual(['home', 'careers']);
  // about and contact time out together at 1 s; team starts then (before the 1.5 s budget) and
  // times out at 2 s. Nothing may run past budget + one page timeout.
  expect(elapsed).toBeGreaterThanOrEqual(1950);
  expect(elapsed).toBeLessThan(1500 + 1000 + 300);
});

it('reuses one kept-alive connection per host for robots.txt and pages, and closes it at the end', async () => {
  const result = await crawl('reuse.test', links(...reusePaths), { hostConcurrency: 1 });
  expect(result.pages).toHaveLength(6);
  expect(paths('reuse.test')).toEqual([...reusePaths, '/robots.txt'].sort());
  expect(reuse.sockets.size).toBe(1);
  await eventually(() => reuse.open === 0, 1000, { every: 10 });
});

describe("the round trips of a site's scrape (stats.roundTrips)", () => {
  it('counts homepage → robots.txt → sitemap.xml → the pages, two side by side per host', async () => {
    // The homepage links three fact pages, fewer than the crawl has room for: the sitemap is read.
    const html = links('/about', '/contact', '/impressum');
    // about ∥ contact, then impressum.
    expect((await crawl('trips.test', html)).stats.roundTrips).toBe(1 + 1 + 1 + 2);
    expect((await crawl('trips.test', html, { hostConcurrency: 3 })).stats.roundTrips).toBe(1 + 1 + 1 + 1);
    expect((await crawl('trips.test', html, { hostConcurrency: 1 })).stats.roundTrips).toBe(1 + 1 + 1 + 3);
  });

  it('counts each sitemap read, one after another, and no sitemap when the links fill the crawl', async () => {
    // robots.txt → index.xml → pages.xml → about-us ∥ kontakt.
    expect((await crawl('sitemap.test', links('/blog'))).stats.roundTrips).toBe(1 + 1 + 2 + 1);
    // Room for two pages, both linked: homepage → robots.txt → about ∥ contact.
    expect((await crawl('trips.test', links('/about', '/contact'), { maxPages: 3 })).stats.roundTrips).toBe(3);
  });

  it("counts redirects followed, and the homepage's own trips as the caller reports them", async () => {
    const settingsFor = settings({ maxPages: 3 });
    const home = { url: 'https://hops.test/', html: links('/about', '/contact') };
    // /about answers with a redirect: 2 trips beside /contact's 1.
    expect((await crawlSite('hops.test', home, settingsFor)).stats.roundTrips).toBe(1 + 1 + 2);
    expect((await crawlSite('hops.test', { ...home, trips: 3 }, settingsFor)).stats.roundTrips).toBe(3 + 1 + 2);
  });

  it('stops counting where the crawl stops: robots.txt forbidding the site', async () => {
    expect((await crawl('down.test', links('/about'))).stats.roundTrips).toBe(2);
  });

  it("is stored by the website source, the homepage's redirect included", async () => {
    const data = await scrapeWebsiteSource('www-hop.test', {
      fetch: settings().fetch,
      crawl: { maxPages: 3, maxBytes: 4 * 1024 * 1024, budgetMs: 10_000, hostConcurrency: 2, maxDelayMs: 1000 },
    });
    if (data.status !== 'ok') throw new Error(`not scraped: ${data.reason}`);
    expect(data.finalUrl).toBe('https://www.www-hop.test/');
    // https://www-hop.test/ → https://www.www-hop.test/ → its robots.txt → about ∥ contact.
    expect(data.crawl).toMatchObject({ pages: 3, roundTrips: 2 + 1 + 1 });
  });
});
