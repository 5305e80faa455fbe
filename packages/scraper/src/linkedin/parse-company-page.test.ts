import { readCorpus } from '@enrich/testkit';
import type { LinkedInCompany, LinkedInPageResult } from './linkedin-company';
import { parseLinkedInCompanyPage } from './parse-company-page';

// Audiense's real logged-out company page, saved by metascraper (packages/testkit/corpora).
const audienseHtml = readCorpus('metascraper', 'linkedin-company-audiense.html');
const AUDIENSE_URL = 'https://uk.linkedin.com/company/audiense';

function company(result: LinkedInPageResult): LinkedInCompany {
  if (!result.ok) throw new Error(`expected a company, got ${result.reason}`);
  return result.company;
}

const withoutJsonLd = (html: string): string => html.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, '');

describe('parseLinkedInCompanyPage on the real Audiense page', () => {
  const audiense = company(parseLinkedInCompanyPage(audienseHtml, AUDIENSE_URL));

  it('reads every fact the corpora README lists, with exact values', () => {
    // JSON-LD Organization: name, address, numberOfEmployees, logo, sameAs.
    expect(audiense.name).toBe('Audiense');
    expect(audiense.address).toEqual({
      streetAddress: 'Kemp House',
      locality: 'London',
      region: 'London',
      postalCode: 'EC1V2NX',
      country: 'GB',
    });
    expect(audiense.employeeCountOnLinkedIn).toBe(69);
    expect(audiense.logoUrl).toBe(
      'https://media.licdn.com/dms/image/v2/C4E0BAQHWdu05nIFRWQ/company-logo_200_200/company-logo_200_200/0/1632826250380/audiense_logo?e=2147483647&v=beta&t=ZqV6Zik7OLnWmEqZwSwy5vnnl23GyPJuLjZD-6kJdaI',
    );
    expect(audiense.website).toBe('http://www.audiense.com');
    // The visible "about" list.
    expect(audiense.industry).toBe('Advertising Services');
    expect(audiense.employeeCount).toBe('51-200');
    expect(audiense.headquarters).toBe('London, London');
    expect(audiense.companyType).toBe('Privately Held');
    expect(audiense.foundedYear).toBe(2011);
  });

  it('derives the canonical URL, domain, location, followers and texts', () => {
    expect(audiense.linkedinUrl).toBe('https://www.linkedin.com/company/audiense');
    expect(audiense.websiteDomain).toBe('audiense.com');
    expect(audiense.location).toBe('London, GB');
    expect(audiense.followers).toBe(5750);
    expect(audiense.tagline).toBe('Put consumer segmentation and cultural understanding at the center of your strategy.');
    expect(audiense.description).toMatch(/^The Audiense platform combines rich social data sources with the world’s leading cognitive/);
    expect(audiense.description).toContain('advanced monitoring & listening • Understand Instagram');
    expect(audiense.description).not.toMatch(/\s{2}|\n/);
    expect(audiense.specialties).toEqual([]);
  });

  it('prefers JSON-LD where it states a fact and cites each source', () => {
    expect(audiense.sources).toMatchObject({
      name: 'json-ld',
      description: 'json-ld',
      website: 'json-ld',
      logoUrl: 'json-ld',
      address: 'json-ld',
      employeeCountOnLinkedIn: 'json-ld',
      industry: 'about-us',
      employeeCount: 'about-us',
      companyType: 'about-us',
      foundedYear: 'about-us',
      followers: 'top-card',
      linkedinUrl: 'meta',
    });
  });

  it('reads the same facts from the markup alone when the JSON-LD block is missing', () => {
    const markup = company(parseLinkedInCompanyPage(withoutJsonLd(audienseHtml), AUDIENSE_URL));
    expect(markup).toMatchObject({
      name: 'Audiense',
      industry: 'Advertising Services',
      employeeCount: '51-200',
      employeeCountOnLinkedIn: 69,
      headquarters: 'London, London',
      location: 'London',
      address: null,
      companyType: 'Privately Held',
      foundedYear: 2011,
      website: 'http://www.audiense.com',
      websiteDomain: 'audiense.com',
      logoUrl: audiense.logoUrl,
      followers: 5750,
      tagline: audiense.tagline,
      description: audiense.description,
      linkedinUrl: 'https://www.linkedin.com/company/audiense',
    });
    expect(markup.sources).toMatchObject({ name: 'top-card', website: 'about-us', headquarters: 'about-us', description: 'about-us' });
  });
});

const ABOUT_ONLY = `<!DOCTYPE html><html><head>
  <title>Acme &amp;amp; Sons | LinkedIn</title>
  <link rel="canonical" href="https://de.linkedin.com/company/acme-and-sons/">
  <meta name="description" content="Acme &amp; Sons | 12,345 followers on LinkedIn. Anvils since 1901.">
</head><body>
  <section class="top-card-layout">
    <img class="top-card-layout__entity-image" data-delayed-url="https://media.licdn.com/acme_logo.png" alt="Acme">
    <h1 class="top-card-layout__title">  Acme &amp;amp;   Sons  </h1>
    <h2 class="top-card-layout__headline">Manufacturing</h2>
    <h3 class="top-card-layout__first-subline">Springfield, Oregon <span class="before:middot"></span> 12,345 followers</h3>
    <p class="face-pile__text">View all 1,204 employees</p>
  </section>
  <section data-test-id="about-us">
    <p data-test-id="about-us__description">We make   anvils &amp; rockets.
Since 1901.</p>
    <dl>
      <div data-test-id="about-us__website"><dt>Website</dt><dd>
        <a href="https://www.linkedin.com/redir/redirect?url=https%3A%2F%2Fshop%2Eacme-sons%2Eco%2Euk%2Fen&amp;urlhash=x">https://shop.acme-sons.co.uk/en</a>
        <p class="hidden">External link for Acme &amp; Sons</p></dd></div>
      <div data-test-id="about-us__industry"><dt>Industry</dt><dd> Industrial Machinery Manufacturing </dd></div>
      <div data-test-id="about-us__size"><dt>Company size</dt><dd>1,001-5,000 employees</dd></div>
      <div data-test-id="about-us__headquarters"><dt>Headquarters</dt><dd>Springfield, Oregon</dd></div>
      <div data-test-id="about-us__organizationType"><dt>Type</dt><dd>Public Company</dd></div>
      <div data-test-id="about-us__foundedOn"><dt>Founded</dt><dd>1901</dd></div>
      <div data-test-id="about-us__specialties"><dt>Specialties</dt><dd>Anvils, Rockets, Giant Magnets, and Anvils</dd></div>
    </dl>
  </section>
</body></html>`;

describe('parseLinkedInCompanyPage on synthetic pages', () => {
  it('reads a page with only the about-section markup (no JSON-LD)', () => {
    const acme = company(parseLinkedInCompanyPage(ABOUT_ONLY, 'https://de.linkedin.com/company/acme-and-sons/about/'));
    expect(acme).toEqual({
      linkedinUrl: 'https://www.linkedin.com/company/acme-and-sons',
      name: 'Acme & Sons',
      tagline: null,
      description: 'We make anvils & rockets. Since 1901.',
      industry: 'Industrial Machinery Manufacturing',
      employeeCount: '1001-5000',
      employeeCountOnLinkedIn: 1204,
      headquarters: 'Springfield, Oregon',
      location: 'Springfield, Oregon',
      address: null,
      companyType: 'Public Company',
      foundedYear: 1901,
      website: 'https://shop.acme-sons.co.uk/en',
      websiteDomain: 'acme-sons.co.uk',
      specialties: ['Anvils', 'Rockets', 'Giant Magnets'],
      logoUrl: 'https://media.licdn.com/acme_logo.png',
      followers: 12345,
      sources: expect.objectContaining({ name: 'top-card', industry: 'about-us', linkedinUrl: 'meta', specialties: 'about-us' }) as unknown,
    });
  });

  it('reads older markup with bare <dt>/<dd> pairs and unwraps a redirect-only website link', () => {
    const html = `<html><head><title>Widgets Ltd | LinkedIn</title></head><body><main>
      <section data-test-id="about-us"><dl>
        <dt>Website</dt><dd><a href="https://www.linkedin.com/redirect?url=http%3A%2F%2Fwidgets.example.org">Visit website</a></dd>
        <dt>Company size</dt><dd>Myself Only</dd>
        <dt>Founded</dt><dd>2019</dd>
      </dl></section></main></body></html>`;
    const widgets = company(parseLinkedInCompanyPage(html, 'https://www.linkedin.com/company/widgets-ltd'));
    expect(widgets).toMatchObject({
      name: 'Widgets Ltd',
      website: 'http://widgets.example.org',
      websiteDomain: 'example.org',
      employeeCount: '1-1',
      foundedYear: 2019,
      linkedinUrl: 'https://www.linkedin.com/company/widgets-ltd',
    });
    expect(widgets.sources.linkedinUrl).toBe('page-url');
  });

  it('reads a page with only JSON-LD', () => {
    const ld = {
      '@context': 'http://schema.org',
      '@type': 'Organization',
      name: 'Café &amp; Co',
      url: 'https://fr.linkedin.com/company/cafe-co',
      description: 'Coffee,\n\n roasted.',
      address: { type: 'PostalAddress', addressLocality: 'Lyon', addressRegion: 'Auvergne-Rhône-Alpes', addressCountry: 'FR' },
      numberOfEmployees: { '@type': 'QuantitativeValue', minValue: 11, maxValue: 50 },
      logo: { '@type': 'ImageObject', contentUrl: 'https://media.licdn.com/cafe.png' },
      sameAs: ['https://www.linkedin.com/company/cafe-co', 'https://www.cafe-co.fr/'],
      foundingDate: '2015-03-01',
      industry: 'Food &amp; Beverages',
    };
    const html = `<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body></body></html>`;
    const cafe = company(parseLinkedInCompanyPage(html, 'https://fr.linkedin.com/company/cafe-co?trk=x'));
    expect(cafe).toMatchObject({
      linkedinUrl: 'https://www.linkedin.com/company/cafe-co',
      name: 'Café & Co',
      description: 'Coffee, roasted.',
      industry: 'Food & Beverages',
      employeeCount: '11-50',
      employeeCountOnLinkedIn: null,
      headquarters: 'Lyon, Auvergne-Rhône-Alpes',
      location: 'Lyon, Auvergne-Rhône-Alpes, FR',
      companyType: null,
      foundedYear: 2015,
      website: 'https://www.cafe-co.fr/',
      websiteDomain: 'cafe-co.fr',
      specialties: [],
      logoUrl: 'https://media.licdn.com/cafe.png',
      followers: null,
    });
    expect(cafe.sources.linkedinUrl).toBe('json-ld');
  });

  it('decodes entity-encoded names from every source', () => {
    const viaCard = `<html><body><section class="top-card-layout"><h1 class="top-card-layout__title">Procter &amp;amp; Gamble</h1></section>
      <section data-test-id="about-us"></section></body></html>`;
    expect(company(parseLinkedInCompanyPage(viaCard, 'https://www.linkedin.com/company/procter-and-gamble')).name).toBe('Procter & Gamble');
    const viaLd = `<script type="application/ld+json">{"@type":"Organization","name":"L&#39;Or&#233;al &#x26; Co"}</script>`;
    expect(company(parseLinkedInCompanyPage(viaLd, 'https://www.linkedin.com/company/loreal')).name).toBe("L'Oréal & Co");
  });
});

describe('pages that are not a company page', () => {
  it.each([
    [
      'the authwall itself',
      '<html><head><title>Sign Up | LinkedIn</title></head><body><form class="join-form"></form></body></html>',
      'https://www.linkedin.com/authwall?trk=gf&sessionRedirect=https%3A%2F%2Fwww.linkedin.com%2Fcompany%2Faudiense',
    ],
    [
      'the 999 block page (script redirect to /authwall)',
      '<html><head><script type="text/javascript">window.onload = function() { var domain = location.host; document.location.href = "https://" + domain + "/authwall?trk=bf&trkInfo=bf"; }</script></head></html>',
      'https://www.linkedin.com/company/audiense',
    ],
    [
      'the login page',
      '<html><head><meta name="pageKey" content="d_checkpoint_lg_consumerLogin"><title>LinkedIn Login, Sign in | LinkedIn</title></head><body></body></html>',
      'https://www.linkedin.com/login?session_redirect=x',
    ],
    ['a company page fetched but served as the login form', audienseHtml, 'https://www.linkedin.com/uas/login?session_redirect=x'],
  ])('%s → authwall', (_, html, url) => {
    expect(parseLinkedInCompanyPage(html, url)).toEqual({ ok: false, reason: 'authwall' });
  });

  it.each([
    ['an empty document', '', 'https://www.linkedin.com/company/audiense'],
    [
      'a personal profile',
      `<html><head><meta name="pageKey" content="d_public_profile"><link rel="canonical" href="https://uk.linkedin.com/in/someone">
      <script type="application/ld+json">{"@context":"http://schema.org","@graph":[{"@type":"Person","name":"Some One","worksFor":[{"@type":"Organization","name":"Audiense"}]}]}</script>
      </head><body><section class="top-card-layout"><h1>Some One</h1></section></body></html>`,
      'https://uk.linkedin.com/in/someone',
    ],
    [
      'a page not found',
      '<html><head><title>Page not found | LinkedIn</title></head><body><h1>This page doesn’t exist</h1></body></html>',
      'https://www.linkedin.com/company/nope',
    ],
    [
      'a company marker without any name',
      '<html><body><section data-test-id="about-us"></section></body></html>',
      'https://www.linkedin.com/',
    ],
  ])('%s → not_company_page', (_, html, url) => {
    expect(parseLinkedInCompanyPage(html, url)).toEqual({ ok: false, reason: 'not_company_page' });
  });
});
