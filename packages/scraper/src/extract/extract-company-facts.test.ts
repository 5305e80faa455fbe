import { extractCompanyFacts } from './extract-company-facts';

const URL = 'https://www.acme.com/';
const facts = (html: string, domain = 'acme.com', url = URL) => extractCompanyFacts(html, url, domain);

describe('extractCompanyFacts: plain homepage', () => {
  const html = `<!doctype html><html><head>
    <title>Acme Widgets | Industrial fasteners for every job</title>
    <meta name="description" content="  Acme makes   industrial fasteners &amp;amp; widgets for builders since forever. ">
    <link rel="icon" href="/favicon.ico"><link rel="apple-touch-icon" sizes="180x180" href="/apple-180.png">
    </head><body>
    <header><img class="logo" src="/logo.svg" alt="Acme Widgets logo"><nav><a href="/about">About us</a></nav></header>
    <main><h1>Fasteners</h1><p>Founded in 1998, we ship worldwide.</p><p>Write to <b>sales@acme.com</b> today.</p></main>
    <footer>
      <a href="https://www.linkedin.com/company/acme-widgets/?trk=footer">LinkedIn</a>
      <a href="https://twitter.com/AcmeWidgets?lang=en">Twitter</a>
      <a href="mailto:hello@acme.com?subject=Hi">Email</a> <a href="tel:+1 (555) 010-2030">Call</a>
      <p>Acme Widgets Inc.<br>500 Market Street, Suite 200<br>San Francisco, CA 94105</p>
    </footer></body></html>`;
  const result = facts(html);

  it('takes the title part holding the domain label as the name, marked partial', () => {
    expect(result.name).toEqual({ value: 'Acme Widgets', url: URL, method: 'title-partial' });
  });
  it('takes the meta description, decoded and collapsed', () => {
    expect(result.description).toEqual({
      value: 'Acme makes industrial fasteners & widgets for builders since forever.',
      url: URL,
      method: 'meta-description',
    });
  });
  it('takes footer profiles in canonical form', () => {
    expect(result.socialProfiles).toEqual({
      linkedin: { value: 'https://www.linkedin.com/company/acme-widgets', url: URL, method: 'footer-link' },
      twitter: { value: 'https://x.com/acmewidgets', url: URL, method: 'footer-link' },
    });
  });
  it('reads contact details, the footer address, the founding year and the touch icon', () => {
    expect(result.email?.value).toBe('hello@acme.com');
    expect(result.phone?.value).toBe('+1 (555) 010-2030');
    expect(result.location).toEqual({ value: 'San Francisco, CA, United States', url: URL, method: 'footer-address' });
    expect(result.foundedYear).toEqual({ value: 1998, url: URL, method: 'text' });
    expect(result.logoUrl?.value).toBe('https://www.acme.com/apple-180.png');
    expect(result.employeeCount).toBeNull();
    expect(result.industry).toBeNull();
  });
  it('drops nav from the text sample but keeps body and footer text', () => {
    expect(result.textSample).toContain('Founded in 1998, we ship worldwide.');
    expect(result.textSample).toContain('San Francisco, CA 94105');
    expect(result.textSample).not.toContain('About us');
    expect(result.textSample).not.toMatch(/\s{2}/);
  });
});

describe('extractCompanyFacts: JSON-LD Organization', () => {
  const jsonLd = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebSite', '@id': 'https://acme.com/#website', name: 'Acme Site', publisher: { '@id': 'https://acme.com/#org' } },
      {
        '@type': ['Organization', 'Corporation'],
        '@id': 'https://acme.com/#org',
        name: 'Acme Corp',
        legalName: 'Acme Corporation Ltd',
        url: 'https://acme.com',
        description: 'Acme builds rockets, anvils and other essentials for the discerning coyote.',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '1 Road',
          addressLocality: 'Manchester',
          addressRegion: 'Greater Manchester',
          addressCountry: 'GB',
        },
        sameAs: [
          'https://www.linkedin.com/company/acme-corp/',
          'https://x.com/acmecorp',
          'https://www.facebook.com/AcmeCorp/',
          'https://github.com/acme-corp',
          'https://www.youtube.com/@AcmeCorp',
          'https://www.instagram.com/acme.corp/',
          'https://www.crunchbase.com/organization/acme-corp',
        ],
        foundingDate: '2011-05-01',
        logo: { '@type': 'ImageObject', url: '/img/logo.png' },
        numberOfEmployees: { '@type': 'QuantitativeValue', minValue: 51, maxValue: 200 },
        email: 'mailto:info@acme.com',
        telephone: '+44 161 000 0000',
        industry: 'Aerospace',
        knowsAbout: ['Rockets'],
      },
    ],
  };
  const html = `<html><head><title>Welcome | Acme</title><meta property="og:site_name" content="Acme Site">
    <script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head>
    <body><footer><a href="https://twitter.com/someoneelse">t</a></footer></body></html>`;
  const result = facts(html);

  it('prefers the Organization name and reads every structured field', () => {
    expect(result.name).toEqual({ value: 'Acme Corp', url: URL, method: 'json-ld' });
    expect(result.description?.method).toBe('json-ld');
    expect(result.location).toEqual({ value: 'Manchester, Greater Manchester, GB', url: URL, method: 'json-ld' });
    expect(result.foundedYear).toEqual({ value: 2011, url: URL, method: 'json-ld' });
    expect(result.logoUrl).toEqual({ value: 'https://www.acme.com/img/logo.png', url: URL, method: 'json-ld' });
    expect(result.employeeCount).toEqual({ value: '51-200', url: URL, method: 'json-ld' });
    expect(result.email?.value).toBe('info@acme.com');
    expect(result.phone?.value).toBe('+44 161 000 0000');
    expect(result.industry?.value).toBe('Aerospace');
  });

  it('takes sameAs over footer links, for all seven networks', () => {
    const values = Object.fromEntries(Object.entries(result.socialProfiles).map(([k, v]) => [k, v.value]));
    expect(values).toEqual({
      linkedin: 'https://www.linkedin.com/company/acme-corp',
      twitter: 'https://x.com/acmecorp',
      facebook: 'https://www.facebook.com/acmecorp',
      github: 'https://github.com/acme-corp',
      youtube: 'https://www.youtube.com/@acmecorp',
      instagram: 'https://www.instagram.com/acme.corp',
      crunchbase: 'https://www.crunchbase.com/organization/acme-corp',
    });
    expect(result.socialProfiles.twitter?.method).toBe('json-ld-sameAs');
  });

  it('uses legalName when there is no name, and a plain numberOfEmployees', () => {
    const ld = { '@type': 'LocalBusiness', legalName: 'Acme Bakery Ltd', numberOfEmployees: 12, address: 'Bristol, United Kingdom' };
    const r = facts(`<script type="application/ld+json">${JSON.stringify(ld)}</script>`);
    expect(r.name?.value).toBe('Acme Bakery Ltd');
    expect(r.employeeCount?.value).toBe('12');
    expect(r.location?.value).toBe('Bristol, United Kingdom');
  });
});

describe('extractCompanyFacts: a tenant of a shared host', () => {
  // acme.github.io and x.github.io are two companies: JSON-LD and links pointing at x.github.io
  // are someone else's, however much they say.
  const other = {
    '@type': 'Organization',
    name: 'Widget Partners',
    url: 'https://x.github.io/',
    description: 'Partners of many.',
    address: 'Leeds, United Kingdom',
    logo: 'https://x.github.io/logo.png',
    sameAs: ['https://x.github.io/about', 'https://x.com/widgetpartners', 'https://www.linkedin.com/company/widget-partners'],
  };
  const own = { '@type': 'Organization', name: 'Zeta Labs', url: 'https://acme.github.io/', sameAs: ['https://x.com/zetalabs'] };
  const html = `<html><head>
    <script type="application/ld+json">${JSON.stringify(other)}</script>
    <script type="application/ld+json">${JSON.stringify(own)}</script></head>
    <body><p><a href="mailto:hello@x.github.io">Our partners</a></p><p>Write to team@acme.github.io</p></body></html>`;
  const result = facts(html, 'acme.github.io', 'https://acme.github.io/');

  it('takes the Organization whose url is on the company site, not the one on another tenant', () => {
    expect(result.name).toEqual({ value: 'Zeta Labs', url: 'https://acme.github.io/', method: 'json-ld' });
    expect(result.location).toBeNull();
  });

  it("takes sameAs profiles from the company's own Organization only", () => {
    expect(result.socialProfiles.twitter).toEqual({
      value: 'https://x.com/zetalabs',
      url: 'https://acme.github.io/',
      method: 'json-ld-sameAs',
    });
    expect(result.socialProfiles.linkedin).toBeUndefined();
  });

  it("prefers an address on the company's own host to another tenant's", () => {
    expect(result.email).toEqual({ value: 'team@acme.github.io', url: 'https://acme.github.io/', method: 'text' });
  });
});

describe('extractCompanyFacts: share-button traps', () => {
  const traps = `
    <div class="post-actions">
      <a href="https://twitter.com/intent/tweet?url=https%3A%2F%2Fwww.acme.com%2F&text=Hi">Tweet</a>
      <a href="https://twitter.com/share?url=https://www.acme.com/">Share</a>
      <a href="https://www.linkedin.com/shareArticle?mini=true&url=https://www.acme.com/">Share on LinkedIn</a>
      <a href="https://www.linkedin.com/sharing/share-offsite/?url=https://www.acme.com/">in</a>
      <a href="https://www.facebook.com/sharer/sharer.php?u=https://www.acme.com/">f</a>
      <a href="https://www.facebook.com/dialog/share?app_id=1&href=https://www.acme.com/">f</a>
    </div>
    <div class="a2a_kit addtoany_list"><a class="a2a_button_facebook" href="https://www.facebook.com/otherbrand">f</a></div>
    <div class="share"><a href="https://twitter.com/othercorp">@othercorp</a><a href="https://www.linkedin.com/company/othercorp">in</a></div>
    <a class="tweet-this" href="https://twitter.com/othercorp">Tweet this</a>
    <a href="https://twitter.com/acme/status/123456">a tweet</a>
    <a href="https://www.linkedin.com/in/jane-doe">Jane, our CEO</a>
    <a href="https://www.instagram.com/p/ABC123/">post</a>
    <a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">video</a>`;

  it('ignores every share link but keeps the real footer profiles', () => {
    const html = `<html><head><title>Acme</title></head><body>${traps}
      <footer><a href="https://twitter.com/acme">Twitter</a><a href="https://www.linkedin.com/company/acme">LinkedIn</a>
      <a href="https://facebook.com/acme">Facebook</a></footer></body></html>`;
    const profiles = facts(html).socialProfiles;
    expect(Object.fromEntries(Object.entries(profiles).map(([k, v]) => [k, v.value]))).toEqual({
      twitter: 'https://x.com/acme',
      linkedin: 'https://www.linkedin.com/company/acme',
      facebook: 'https://www.facebook.com/acme',
    });
  });

  it('does not take a footer credit or a social-proof testimonial as the company', () => {
    const html = `<body><section class="social-proof"><a href="https://twitter.com/happycustomer">@happycustomer</a></section>
      <footer><p>Website by <a href="https://www.instagram.com/studiox">Studio X</a></p></footer></body>`;
    expect(facts(html).socialProfiles).toEqual({});
  });

  it('returns no profiles for a page with only share buttons', () => {
    expect(facts(`<html><body>${traps}${traps}</body></html>`).socialProfiles).toEqual({});
  });

  it('prefers a slug resembling the company among body links, else the most frequent', () => {
    const html = `<body><a href="https://github.com/acme-labs">a</a><a href="https://github.com/randomdev">r</a>
      <a href="https://github.com/acme-labs/tool">repo</a></body>`;
    expect(facts(html).socialProfiles.github?.value).toBe('https://github.com/acme-labs');
    // A single unrelated body link is not evidence of the company's account.
    expect(facts('<body><p>Thanks <a href="https://twitter.com/randomdev">@randomdev</a></p></body>').socialProfiles).toEqual({});
  });
});

describe('extractCompanyFacts: garbage in, nulls out', () => {
  it('survives malformed HTML and broken JSON-LD', () => {
    const html = `<html><head><title>Acme — Home</title>
      <script type="application/ld+json">{ "@type": "Organization", "name": </script>
      <script type="application/ld+json">[1, null, "x", {"@graph": 5}, {"@type": 7, "name": {"x": 1}}]</script>
      <script type="application/ld+json">{"@type":"Organization","address":{"addressLocality":{"nested":[]}},"logo":42,"sameAs":[null,{},"not a url"],"numberOfEmployees":"lots","foundingDate":"3011"}</script>
      </head><body><div><p>unclosed <b>tags <a href="mailto:">x</a> <a href="tel:abc">y</a><table><td>cell</div></p>`;
    const result = facts(html);
    expect(result.name?.value).toBe('Acme');
    expect(result.location).toBeNull();
    expect(result.foundedYear).toBeNull();
    expect(result.employeeCount).toBeNull();
    expect(result.email).toBeNull();
    expect(result.phone).toBeNull();
    expect(result.socialProfiles).toEqual({});
  });

  it.each([
    ['empty string', ''],
    ['binary junk', '\u0000\u0001<<<>>>&&&;;'],
    ['deep nesting', `${'<div>'.repeat(5_000)}deep${'</div>'.repeat(5_000)}`],
  ])('does not throw on %s', (_, html) => {
    expect(() => extractCompanyFacts(html, 'not a url', '')).not.toThrow();
  });

  it('does not throw on a non-string input from untyped callers', () => {
    expect(extractCompanyFacts(undefined as unknown as string, URL, 'acme.com').wordCount).toBe(0);
  });
});

describe('extractCompanyFacts: JavaScript shells', () => {
  it('reports a tiny word count for an SPA shell', () => {
    const html = `<!doctype html><html><head><title>Acme</title><style>body{margin:0}</style></head>
      <body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div>
      <script>window.__STATE__ = {"a": "lots of words that are not visible at all to anyone"}</script>
      <script src="/static/js/main.1234.js"></script></body></html>`;
    const result = facts(html);
    expect(result.wordCount).toBeLessThan(3);
    expect(result.textSample).toBe('');
    expect(result.name?.value).toBe('Acme');
  });
});
