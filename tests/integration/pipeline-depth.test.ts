import { FakeAnthropic, type FakeReply, FixtureSites, readCorpus, SAMPLE_AI_ANSWER, sleep } from '@enrich/testkit';
import request from 'supertest';
import { strictCompleted } from '../support/contract-schemas';
import { startTestStack, type TestStack } from '../support/test-stack';

// The pipeline at full depth: website crawl (with Chromium for a JavaScript shell), LinkedIn
// and the AI source through the real SDK against a fake Messages API, merged into one record;
// fresh records reused; concurrent jobs for one domain sharing one run.

const linkedInAudiense = readCorpus('metascraper', 'linkedin-company-audiense.html');

// The model says Audiense is a marketing technology company: an industry LinkedIn's
// "Advertising Services" disagrees with, and a size and stage it agrees with.
const AI_ANSWER = { ...SAMPLE_AI_ANSWER, industry: 'Marketing Technology', fundingStatus: 'Series A' };
const aiReply = (latencyMs = 0): FakeReply => ({
  kind: 'tool',
  input: AI_ANSWER,
  usage: { input_tokens: 1200, output_tokens: 300 },
  latencyMs,
});

const page = (head: string, body: string) => `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`;

const sites = new FixtureSites()
  .site('audiense.com', {
    '/': page(
      `<title>Audiense | Audience intelligence</title>
       <meta name="generator" content="WordPress 6.4.2">
       <meta name="description" content="Audiense helps brands and agencies understand and segment their audiences.">
       <script src="https://www.googletagmanager.com/gtm.js?id=GTM-X"></script>
       <script type="application/ld+json">${JSON.stringify({
         '@context': 'https://schema.org',
         '@type': 'Organization',
         name: 'Audiense',
         logo: 'https://audiense.com/logo.png',
         sameAs: ['https://www.linkedin.com/company/audiense', 'https://twitter.com/AudienseCo'],
       })}</script>`,
      `<h1>Audience intelligence for marketers</h1><p>Segment, understand and reach your audience.</p>
       <nav><a href="/about-us">About us</a> <a href="/contact">Contact</a></nav>`,
    ),
    '/about-us': page(
      '<title>About Audiense</title>',
      '<h1>About us</h1><p>Audiense was founded in 2011 and serves marketers from offices in London and Madrid.</p>',
    ),
    '/contact': page(
      `<title>Contact Audiense</title><script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Audiense',
        email: 'hello@audiense.com',
        telephone: '+44 20 3514 8434',
        address: { '@type': 'PostalAddress', addressLocality: 'London', addressCountry: 'United Kingdom' },
      })}</script>`,
      '<h1>Contact</h1><p>Write to hello@audiense.com</p>',
    ),
  })
  .site('linkedin.com', { '/company/audiense': linkedInAudiense, '/company/blockedco': (_req, res) => void res.writeHead(999).end() })
  .site('blockedco.com', {
    '/': page(
      '<title>BlockedCo</title><meta name="description" content="BlockedCo sells padlocks to locksmiths in the north of England.">',
      '<p>Padlocks.</p><a href="https://www.linkedin.com/company/blockedco">LinkedIn</a>',
    ),
  })
  .site('nobots.com', {
    '/robots.txt': (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /\n'),
    '/': page(
      '<title>NoBots Inc</title><meta name="description" content="NoBots does not want to be crawled by anyone.">',
      '<a href="/about">About</a>',
    ),
    '/about': page('<title>About NoBots</title>', '<p>Founded in 1999.</p>'),
  })
  .site('jsshell.com', {
    '/': page(
      '<title>Loading…</title>',
      `<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>
       <script>fetch('/api/company.json').then((r) => r.json()).then((c) => {
         document.title = c.name;
         const meta = document.createElement('meta'); meta.name = 'description'; meta.content = c.description; document.head.appendChild(meta);
         document.getElementById('root').innerHTML = '<h1>' + c.name + '</h1><p>' + c.description + '</p>';
       });</script>`,
    ),
    '/api/company.json': (_req, res) =>
      void res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          name: 'ShellWorks',
          description: 'ShellWorks renders every page of its product catalogue in the browser for retailers.',
        }),
      ),
  })
  .site('tokens.com', {
    '/': page(
      '<title>Tokens Ltd</title><meta name="description" content="Tokens Ltd counts every coin its customers spend, twice.">',
      '<h1>Tokens Ltd</h1><p>Tokens Ltd builds accounting software for arcades and amusement parks across Europe.</p>',
    ),
  })
  .site('slowshared.com', {
    '/': async (_req, res) => {
      await sleep(800);
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          page(
            '<title>Slow Shared</title><meta name="description" content="Slow Shared makes patient software for waiting rooms.">',
            '<p>Hi</p>',
          ),
        );
    },
  });

const fake = new FakeAnthropic();
let stack: TestStack;
let key: string;

beforeAll(async () => {
  await Promise.all([sites.start(), fake.start()]);
  stack = await startTestStack({
    label: 'depth',
    hostMap: sites.hostMap(),
    aiBaseURL: fake.baseURL,
    env: {
      ANTHROPIC_API_KEY: 'sk-test-depth',
      AI_MAX_RETRIES: '0',
      LINKEDIN_ENABLED: 'true',
      LINKEDIN_BACKOFF_BASE_MS: '1000',
      RENDER_ENABLED: 'true',
      SCRAPER_TIMEOUT_MS: '5000',
    },
  });
  key = await stack.key('growth');
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  await Promise.all([sites.stop(), fake.stop()]);
});

async function enrich(domain: string, body: Record<string, unknown> = {}, apiKey = key) {
  const res = await request(stack.app)
    .post('/enrich')
    .set('Authorization', `Bearer ${apiKey}`)
    .send({ domain, ...body });
  expect(res.status).toBe(202);
  return res.body.jobId as string;
}

describe('all three sources', () => {
  it('fills every contract field the fixtures hold, lists exactly the contributing sources, and keeps provenance', async () => {
    fake.reply(aiReply());
    const jobId = await enrich('audiense.com');
    const res = await stack.waitForJob(key, jobId, 60_000);
    expect(res.body.status).toBe('completed');
    strictCompleted.parse(res.body);
    const data = res.body.data;

    expect(data).toMatchObject({
      name: 'Audiense',
      domain: 'audiense.com',
      description: 'Audiense helps brands and agencies understand and segment their audiences.',
      industry: 'Advertising Services', // LinkedIn's, over the AI's guess
      employeeCount: '51-200',
      businessStage: 'growth', // only the AI says, so it is used, marked inferred
      fundingStatus: 'Series A',
      foundedYear: 2011,
      email: 'hello@audiense.com',
      logoUrl: 'https://audiense.com/logo.png',
      sources: ['website', 'linkedin', 'ai'],
    });
    expect(data.location).toMatch(/^London/);
    expect(data.socialProfiles).toMatchObject({
      linkedin: 'https://www.linkedin.com/company/audiense',
      twitter: 'https://x.com/audienseco',
    });
    expect(data.technologies).toEqual(expect.arrayContaining(['WordPress', 'Google Tag Manager']));
    expect(data.insights).toEqual({
      offering: AI_ANSWER.insights.offering,
      targetMarket: AI_ANSWER.insights.targetMarket,
      keyProducts: AI_ANSWER.insights.keyProducts,
      notableCustomers: AI_ANSWER.insights.notableCustomers,
    });
    expect(data.b2bMatch).toEqual(AI_ANSWER.b2bMatch);

    // Provenance of every non-null value.
    const fs = data.fieldSources;
    for (const field of [
      'name',
      'description',
      'industry',
      'employeeCount',
      'location',
      'businessStage',
      'fundingStatus',
      'email',
      'logoUrl',
      'foundedYear',
    ]) {
      expect(fs[field]).toBeDefined();
    }
    expect(fs.name).toMatchObject({
      source: 'website',
      method: 'json-ld',
      url: 'https://audiense.com/',
      inferred: false,
      agreedBy: ['linkedin'],
    });
    expect(fs.industry).toMatchObject({
      source: 'linkedin',
      url: 'https://www.linkedin.com/company/audiense',
      inferred: false,
      disagreedBy: ['ai'],
    });
    expect(fs.employeeCount).toMatchObject({ source: 'linkedin', agreedBy: ['ai'] });
    expect(fs.email.url).toBe('https://audiense.com/contact');
    expect(fs.businessStage).toMatchObject({ source: 'ai', inferred: true });
    expect(fs.insights).toMatchObject({ source: 'ai', inferred: true });
    expect(data.confidence).toBeGreaterThanOrEqual(80);

    // The model read the crawled pages, and the job records the tokens it used.
    const prompt = JSON.stringify(fake.requests.at(-1)!.body.messages);
    expect(prompt).toContain('founded in 2011');
    expect(fake.requests.at(-1)!.body.tools[0].name).toBe('record_company_profile');
    const job = await stack.database.db.enrichmentJob.findUniqueOrThrow({ where: { id: jobId } });
    expect([job.aiInputTokens, job.aiOutputTokens]).toEqual([1200, 300]);
  }, 90_000);

  it('reads a JavaScript-only homepage through Chromium', async () => {
    fake.reply(aiReply());
    const jobId = await enrich('jsshell.com');
    const res = await stack.waitForJob(key, jobId, 60_000);
    expect(res.body.data).toMatchObject({
      name: 'ShellWorks',
      description: 'ShellWorks renders every page of its product catalogue in the browser for retailers.',
    });
    expect(res.body.data.sources).toContain('website');
    const stored = await stack.database.db.sourceResult.findUniqueOrThrow({ where: { jobId_source: { jobId, source: 'website' } } });
    expect((stored.data as { rendered?: boolean }).rendered).toBe(true);
  }, 90_000);

  it('completes from the other sources when LinkedIn answers 999', async () => {
    fake.reply(aiReply());
    const jobId = await enrich('blockedco.com');
    const res = await stack.waitForJob(key, jobId, 60_000);
    expect(res.body.status).toBe('completed');
    expect(res.body.data.sources).toEqual(['website', 'ai']);
    expect(res.body.data.name).toBe('BlockedCo');
    const linkedin = await stack.database.db.sourceResult.findUniqueOrThrow({ where: { jobId_source: { jobId, source: 'linkedin' } } });
    expect(linkedin.data).toMatchObject({ status: 'unavailable', reason: 'rate_limited' });
  }, 90_000);

  it('counts the tokens of calls that failed after an answer, on every attempt', async () => {
    const invalid = (input_tokens: number, output_tokens: number): FakeReply => ({
      kind: 'tool',
      input: { ...AI_ANSWER, businessStage: 'seed' },
      usage: { input_tokens, output_tokens },
    });
    const overloaded: FakeReply = { kind: 'error', status: 529, errorType: 'overloaded_error' };
    // Each attempt: an invalid answer (tokens spent), then the model is overloaded for its retry.
    fake.reply(invalid(700, 100), overloaded, invalid(500, 50), overloaded, invalid(300, 30), overloaded);
    const jobId = await enrich('tokens.com');
    const res = await stack.waitForJob(key, jobId, 60_000);
    expect(res.body.status).toBe('completed');
    expect(res.body.data.sources).not.toContain('ai');
    const job = await stack.database.db.enrichmentJob.findUniqueOrThrow({ where: { id: jobId } });
    expect([job.aiInputTokens, job.aiOutputTokens]).toEqual([1500, 180]);
    const ai = await stack.database.db.sourceResult.findUniqueOrThrow({ where: { jobId_source: { jobId, source: 'ai' } } });
    expect(ai.data).toMatchObject({ status: 'dropped', reason: 'unavailable', usage: { inputTokens: 300, outputTokens: 30 } });
  }, 90_000);

  it('keeps nothing of a site whose robots.txt forbids us', async () => {
    const jobId = await enrich('nobots.com');
    const res = await stack.waitForJob(key, jobId, 60_000);
    expect(res.body.data).toMatchObject({ name: null, description: null, confidence: 0, sources: [] });
    expect(sites.hits.filter((h) => h.host.endsWith('nobots.com') && h.path === '/about')).toHaveLength(0);
  }, 60_000);
});

describe('freshness', () => {
  it('completes a job for a freshly enriched domain at once, without scraping, and refresh forces a new run', async () => {
    const hitsBefore = sites.hitsFor('audiense.com');
    const aiCallsBefore = fake.requests.length;
    const otherTeam = await stack.key('starter');
    const jobId = await enrich('audiense.com', {}, otherTeam);
    const first = await request(stack.app).get(`/api/enrich/${jobId}`).set('Authorization', `Bearer ${otherTeam}`);
    expect(first.body.status).toBe('completed');
    expect(first.body.data).toMatchObject({ name: 'Audiense', sources: ['website', 'linkedin', 'ai'] });
    expect(sites.hitsFor('audiense.com')).toBe(hitsBefore);
    expect(fake.requests.length).toBe(aiCallsBefore);
    // The other team now finds it in its search.
    const search = await request(stack.app).get('/companies/search?q=audiense').set('Authorization', `Bearer ${otherTeam}`);
    expect(search.body.results.map((r: { domain: string }) => r.domain)).toEqual(['audiense.com']);

    fake.reply(aiReply());
    const refreshed = await enrich('audiense.com', { refresh: true }, otherTeam);
    expect((await stack.waitForJob(otherTeam, refreshed, 60_000)).body.status).toBe('completed');
    expect(sites.hitsFor('audiense.com')).toBeGreaterThan(hitsBefore);
    expect(fake.requests.length).toBe(aiCallsBefore + 1);
  }, 90_000);

  it('refuses a refresh flag that is not a boolean', async () => {
    const res = await request(stack.app)
      .post('/enrich')
      .set('Authorization', `Bearer ${key}`)
      .send({ domain: 'audiense.com', refresh: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('shared runs', () => {
  it('runs concurrent jobs for one domain once, across teams, and completes each job', async () => {
    fake.reply(aiReply(300));
    const teamB = await stack.key('growth');
    const leader = await enrich('slowshared.com');
    const followers = [await enrich('slowshared.com', {}, teamB), await enrich('slowshared.com')];
    const results = await Promise.all([
      stack.waitForJob(key, leader, 60_000),
      stack.waitForJob(teamB, followers[0]!, 60_000),
      stack.waitForJob(key, followers[1]!, 60_000),
    ]);
    for (const res of results) {
      expect(res.body.status).toBe('completed');
      expect(res.body.data).toMatchObject({ name: 'Slow Shared', sources: ['website', 'ai'] });
    }
    expect(sites.hits.filter((h) => h.host.endsWith('slowshared.com') && h.path === '/')).toHaveLength(1);
    expect(fake.unusedReplies).toBe(0);
    const rows = await stack.database.db.enrichmentJob.findMany({ where: { id: { in: followers } } });
    expect(rows.map((r) => r.followsJobId)).toEqual([leader, leader]);
    // Only the run that called the model used tokens.
    expect(rows.every((r) => r.aiInputTokens === 0)).toBe(true);
  }, 90_000);
});

describe('without an Anthropic key', () => {
  let plain: TestStack;
  beforeAll(async () => {
    plain = await startTestStack({ label: 'depth-noai', hostMap: sites.hostMap(), env: { LINKEDIN_ENABLED: 'true' } });
  }, 60_000);
  afterAll(() => plain?.stop());

  it('skips the AI step and does not list ai', async () => {
    const calls = fake.requests.length;
    const apiKey = await plain.key();
    const jobId = await plain.submit(apiKey, 'audiense.com');
    const res = await plain.waitForJob(apiKey, jobId, 60_000);
    expect(res.body.data.sources).toEqual(['website', 'linkedin']);
    expect(res.body.data.insights).toBeNull();
    expect(res.body.data.b2bMatch).toBeNull();
    expect(res.body.data.industry).toBe('Advertising Services');
    expect(fake.requests.length).toBe(calls);
    const ai = await plain.database.db.sourceResult.findUniqueOrThrow({ where: { jobId_source: { jobId, source: 'ai' } } });
    expect(ai.data).toMatchObject({ status: 'skipped', reason: 'disabled' });
  }, 90_000);
});
