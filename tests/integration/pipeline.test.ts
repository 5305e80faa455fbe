import { FixtureSites, readCorpus, sleep } from '@enrich/testkit';
import request from 'supertest';
import { strictCompleted } from '../support/contract-schemas';
import { startTestStack, type TestStack } from '../support/test-stack';

// The whole pipeline (API → BullMQ flow → scrape → finalize → Postgres) against local
// fixture websites with known answers.
const corpus = (file: string) => readCorpus('metascraper', file);

const sites = new FixtureSites();
let flakyCalls = 0;

sites
  .site('plainco.com', {
    '/': `<!doctype html><html><head><title>Plain Co | Invoices for small shops</title>
      <meta name="description" content="Plain Co makes invoicing software for small shops and their accountants."></head>
      <body><h1>Invoices, simply</h1><p>Send invoices in seconds.</p>
      <footer><a href="https://www.linkedin.com/company/plainco/">LinkedIn</a>
      <a href="https://twitter.com/plainco">Twitter</a></footer></body></html>`,
  })
  .site('jsonldco.com', {
    '/': `<!doctype html><html><head><title>Welcome</title>
      <script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'JSON-LD Corp',
        description: 'JSON-LD Corp builds structured data tooling for search engines.',
        address: { '@type': 'PostalAddress', addressLocality: 'Berlin', addressCountry: 'Germany' },
        sameAs: ['https://www.linkedin.com/company/jsonld-corp', 'https://twitter.com/jsonldcorp'],
      })}</script></head><body><p>Structured data for everyone.</p></body></html>`,
  })
  .site('sharetrap.com', {
    '/': `<!doctype html><html><head><title>ShareTrap</title>
      <meta property="og:site_name" content="ShareTrap">
      <meta name="description" content="ShareTrap publishes articles about productivity for remote teams."></head>
      <body><article><p>Our latest post.</p>
      <div class="share-buttons">
        <a href="https://twitter.com/intent/tweet?url=https%3A%2F%2Fsharetrap.com%2F">Tweet</a>
        <a href="https://www.linkedin.com/shareArticle?mini=true&url=https://sharetrap.com/">Share</a>
        <a href="https://www.facebook.com/sharer/sharer.php?u=https://sharetrap.com/">Share</a>
      </div></article>
      <footer><a href="https://www.linkedin.com/company/sharetrap">LinkedIn</a>
      <a href="https://x.com/sharetrap">X</a></footer></body></html>`,
  })
  .site('redirector.com', {
    '/': (_req, res) => {
      res.writeHead(301, { location: 'https://www.landing-target.com/home' }).end();
    },
  })
  .site('landing-target.com', {
    '/home': `<!doctype html><html><head><meta property="og:site_name" content="Landing Target">
      <meta name="description" content="Landing Target is where redirector.com's visitors end up."></head><body></body></html>`,
  })
  .site('slowco.com', {
    '/': () => undefined, // never answers
  })
  .site('flakyco.com', {
    '/': (_req, res) => {
      flakyCalls += 1;
      if (flakyCalls <= 2) {
        res.writeHead(500).end('temporarily broken');
        return;
      }
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<html><head><title>Flaky Co</title><meta name="description" content="Flaky Co recovers from outages faster than anyone else."></head></html>`,
        );
    },
  })
  .site('sneaky-redirect.com', {
    '/': (_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${sites.port}/internal-secret` }).end();
    },
  })
  .site('learnnode.com', { '/': corpus('learnnode.com.html') })
  .site('microlink.io', { '/': corpus('microlink.io.html') })
  .site('kikobeats.com', { '/': corpus('kikobeats.com.html') });

let stack: TestStack;
let key: string;

beforeAll(async () => {
  await sites.start();
  stack = await startTestStack({ label: 'pipeline', hostMap: sites.hostMap() });
  key = await stack.key();
});
afterAll(async () => {
  await stack.stop();
  await sites.stop();
});

async function enrich(domain: string) {
  const jobId = await stack.submit(key, domain);
  const res = await stack.waitForJob(key, jobId);
  expect(res.status).toBe(200);
  // Every completed answer is exactly what the OpenAPI document describes.
  expect(() => strictCompleted.parse(res.body)).not.toThrow();
  return { jobId, body: res.body };
}

const CONTRACT_FIELDS = [
  'name',
  'domain',
  'description',
  'industry',
  'employeeCount',
  'location',
  'businessStage',
  'fundingStatus',
  'socialProfiles',
  'confidence',
  'sources',
  // Beyond the contract's table: facts a homepage states, AI insights, provenance.
  'foundedYear',
  'logoUrl',
  'email',
  'phone',
  'technologies',
  'insights',
  'b2bMatch',
  'fieldSources',
];

it('a plain homepage: name from the title, description, footer profiles', async () => {
  const { jobId, body } = await enrich('plainco.com');
  expect(body.status).toBe('completed');
  expect(body.domain).toBe('plainco.com');
  expect(Object.keys(body.data).sort()).toEqual([...CONTRACT_FIELDS].sort());
  expect(body.data).toMatchObject({
    name: 'Plain Co',
    domain: 'plainco.com',
    description: 'Plain Co makes invoicing software for small shops and their accountants.',
    sources: ['website'],
  });
  expect(body.data.socialProfiles.linkedin).toBe('https://www.linkedin.com/company/plainco');
  expect(body.data.socialProfiles.twitter).toMatch(/^https:\/\/(twitter|x)\.com\/plainco$/);
  expect(body.data.confidence).toBeGreaterThan(30);
  expect(body.data.confidence).toBeLessThanOrEqual(100);
  // The crawl's count of sequential round trips is stored with the website source: homepage →
  // robots.txt → sitemap.xml (read because the homepage links no fact page).
  const website = await stack.database.db.sourceResult.findUniqueOrThrow({ where: { jobId_source: { jobId, source: 'website' } } });
  expect(website.data).toMatchObject({ status: 'ok', crawl: { pages: 1, roundTrips: 3 } });
});

it('JSON-LD Organization: name, location and profiles, with provenance stored', async () => {
  const { body } = await enrich('jsonldco.com');
  expect(body.data.name).toBe('JSON-LD Corp');
  expect(body.data.description).toBe('JSON-LD Corp builds structured data tooling for search engines.');
  expect(body.data.location).toMatch(/Berlin.*Germany/);
  expect(body.data.socialProfiles.linkedin).toBe('https://www.linkedin.com/company/jsonld-corp');
  const company = await stack.database.db.company.findUniqueOrThrow({ where: { domain: 'jsonldco.com' } });
  const provenance = company.provenance as Record<string, { source: string; url: string; method: string; observedAt: string }>;
  expect(provenance.name).toMatchObject({ source: 'website', url: 'https://jsonldco.com/' });
  expect(provenance.name!.method).toMatch(/json-ld/);
  expect(provenance.location).toMatchObject({ source: 'website' });
  expect(Date.parse(provenance.name!.observedAt)).not.toBeNaN();
});

it('share buttons are not taken as the company’s profiles', async () => {
  const { body } = await enrich('sharetrap.com');
  expect(body.data.socialProfiles.linkedin).toBe('https://www.linkedin.com/company/sharetrap');
  expect(body.data.socialProfiles.twitter).toMatch(/^https:\/\/(twitter|x)\.com\/sharetrap$/);
  expect(body.data.socialProfiles.facebook).toBeUndefined();
  expect(JSON.stringify(body.data.socialProfiles)).not.toMatch(/intent|sharer|shareArticle/i);
});

it('follows a redirect to another host', async () => {
  const { body } = await enrich('redirector.com');
  expect(body.data.name).toBe('Landing Target');
  expect(body.data.sources).toEqual(['website']);
});

it('a site that never answers completes with nulls and confidence 0 after its retries', async () => {
  const before = sites.hitsFor('slowco.com');
  const { jobId, body } = await enrich('slowco.com');
  expect(body.status).toBe('completed');
  expect(body.data).toMatchObject({ name: null, description: null, location: null, confidence: 0, sources: [], socialProfiles: {} });
  expect(sites.hitsFor('slowco.com') - before).toBe(3); // JOB_ATTEMPTS
  const job = await stack.database.db.enrichmentJob.findUniqueOrThrow({ where: { id: jobId } });
  expect(job.attempts).toBe(3);
});

it('a site that answers 500 and then recovers is retried and read', async () => {
  const { body } = await enrich('flakyco.com');
  expect(flakyCalls).toBe(3);
  expect(body.data.name).toBe('Flaky Co');
  expect(body.data.confidence).toBeGreaterThan(0);
});

it('a domain that does not resolve completes at once with nulls and confidence 0', async () => {
  const { jobId, body } = await enrich('no-such-company-anywhere-4821.com');
  expect(body.data).toMatchObject({ name: null, confidence: 0, sources: [] });
  const job = await stack.database.db.enrichmentJob.findUniqueOrThrow({ where: { id: jobId } });
  expect(job.attempts).toBe(1); // a missing host is final: no retries
  const result = await stack.database.db.sourceResult.findFirstOrThrow({ where: { jobId } });
  expect(result.data).toMatchObject({ status: 'unreachable', reason: 'dns' });
});

it('a redirect to a private address is refused and never reached', async () => {
  const { body } = await enrich('sneaky-redirect.com');
  expect(body.data.confidence).toBe(0);
  expect(sites.hits.some((h) => h.path === '/internal-secret')).toBe(false);
});

it.each([
  ['learnnode.com', 'Learn Node', 'A premium training course to learn to build apps with Node.js, Express, MongoDB, and friends.'],
  [
    'microlink.io',
    'Microlink',
    'Extract structured data from any website. Enter an URL, receive information. Get relevant information from any link & easily create beautiful previews.',
  ],
  ['kikobeats.com', 'Kikobeats', 'A millennial doing stuff on internet that ships software every day and builds digital products.'],
])('the real page of %s, served under its own domain, gives its snapshot’s name and description', async (domain, name, description) => {
  const { body } = await enrich(domain);
  expect(body.data.name).toBe(name);
  expect(body.data.description).toBe(description);
});

it('keeps one company row per domain however often it is enriched', async () => {
  const jobs = await Promise.all([1, 2, 3].map(() => stack.submit(key, 'plainco.com')));
  for (const jobId of jobs) expect((await stack.waitForJob(key, jobId)).body.status).toBe('completed');
  expect(await stack.database.db.company.count({ where: { domain: 'plainco.com' } })).toBe(1);
});

it('estimatedDuration comes from real durations once jobs have completed, refreshed in the background', async () => {
  // The figure is refreshed off the request path, so the answers after the refresh carry it.
  let estimated = 5000;
  for (let i = 0; i < 20 && estimated === 5000; i += 1) {
    const res = await request(stack.app)
      .post('/enrich')
      .set('Authorization', `Bearer ${key}`)
      .send({ domain: 'plainco.com', refresh: true });
    estimated = res.body.estimatedDuration;
    if (estimated === 5000) await sleep(250);
  }
  expect(estimated).not.toBe(5000);
  expect(estimated).toBeGreaterThan(0);
});
