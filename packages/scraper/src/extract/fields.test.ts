import { parseAddressText } from './address-text';
import { normaliseEmail, normalisePhone } from './contact';
import { describesSite, truncateText } from './description';
import { extractCompanyFacts } from './extract-company-facts';
import { yearFromDate, yearFromText } from './founded';
import { cleanName, nameFromDomain, nameFromInitials, nameFromTitle, readsAsPhrase, siteNameOf } from './name';
import { employeeCountOf } from './organization-details';
import { parseHtml } from './parse-html';
import { blockText, countWords } from './text';

const URL = 'https://acme.com/';

describe('name', () => {
  it.each([
    ['Turns any website into data | Microlink', 'microlink.io', 'Microlink'],
    ['Learn Node — The best way to learn Node.js, Express, MongoDB, and Friends', 'learnnode.com', 'Learn Node'],
    ['Home - Acme Widgets', 'acmewidgets.com', 'Acme Widgets'],
    ['Acme: Industrial fasteners since 1920', 'acme.co.uk', 'Acme'],
    ['Welcome to Bob’s Shop · Fresh bread daily', 'bobsbakery.net', 'Bob’s Shop'],
    ['Coca-Cola', 'coca-cola.com', 'Coca-Cola'],
  ])('title %j on %s → %s', (title, domain, expected) => {
    expect(nameFromTitle(title, domain)?.value).toBe(expected);
  });

  it('cleans decorations and rejects junk', () => {
    expect(cleanName('  Acme &amp; Sons | Official Site ')).toBe('Acme & Sons');
    expect(cleanName('Acme Homepage')).toBe('Acme');
    expect(cleanName('Home')).toBeNull();
    expect(cleanName('The Home Depot')).toBe('The Home Depot');
  });

  it('follows the priority order and skips sentence-long candidates', () => {
    const sentence = 'We are the leading provider of enterprise widget solutions for the modern world';
    const name = (head: string, body = '') =>
      extractCompanyFacts(`<html><head>${head}</head><body>${body}</body></html>`, URL, 'acme.com').name;
    expect(
      name(`<meta property="og:site_name" content="${sentence}"><meta name="application-name" content="Acme App"><title>x</title>`),
    ).toEqual({ value: 'Acme App', url: URL, method: 'application-name' });
    expect(
      name(`<script type="application/ld+json">{"@type":"WebSite","name":"Acme Site"}</script><title>Acme | Tagline here</title>`)?.method,
    ).toBe('json-ld-website');
    expect(name('', '<header><a href="/"><img src="/l.svg" alt="Acme Logo"></a></header>')).toEqual({
      value: 'Acme',
      url: URL,
      method: 'logo-alt',
    });
    // A sentence-long site name is a slogan: the domain's label names the site instead (weakly).
    expect(name(`<meta property="og:site_name" content="${sentence}">`)).toEqual({ value: 'Acme', url: URL, method: 'domain-label' });
    expect(name('')).toEqual({ value: 'Acme', url: URL, method: 'domain-label' });
  });

  it('takes the part of a site name that echoes the domain, not its tagline; never a URL', () => {
    expect(siteNameOf('Acme Hacks – the Web developer blog', 'hacks.acme.org')).toBe('Acme Hacks');
    expect(siteNameOf('Acme News - Latest News & Headlines', 'news.acme.com')).toBe('Acme News');
    // No part echoes the domain: a tagline is told from the name by reading as a phrase; else the value stays.
    expect(siteNameOf('Northwind | Trading since 1970', 'example.com')).toBe('Northwind');
    expect(siteNameOf('Northwind | Traders', 'example.com')).toBe('Northwind | Traders');
    expect(cleanName('http://www.acme.com')).toBeNull();
    expect(cleanName('Acme Foundation, Inc.')).toBe('Acme Foundation');
  });

  it('takes no article headline for a name; edge parts and the domain’s own words otherwise', () => {
    const title = (text: string, domain: string) => nameFromTitle(text, domain)?.value ?? null;
    expect(nameFromTitle('Why widgets fail in winter', 'acme.com')).toBeNull();
    expect(nameFromTitle('On Widgets In Winter And Spring', 'acme.com')).toBeNull();
    // A lone title as short as a name, on a domain unlike it: a name when the page bears it out.
    expect(nameFromTitle('ShellWorks', 'jsshell.com')).toEqual({ value: 'ShellWorks', echoesDomain: false, lone: true });
    const lone = (head: string) => extractCompanyFacts(`<title>ShellWorks</title>${head}`, 'https://jsshell.com/', 'jsshell.com').name;
    expect(lone('<meta name="description" content="ShellWorks renders product catalogues for retailers.">')).toMatchObject({
      value: 'ShellWorks',
      method: 'title-edge',
    });
    expect(lone('<meta name="description" content="A page about shells of every kind and colour.">')?.method).toBe('domain-label');
    expect(nameFromTitle('Why widgets fail in winter | Acme', 'acme.com')).toEqual({ value: 'Acme', echoesDomain: true });
    expect(nameFromTitle('Why widgets fail in winter - The Daily Widget', 'example.com')).toEqual({
      value: 'The Daily Widget',
      echoesDomain: false,
    });
    expect(title('Acme v3 with the new widget input and output', 'acme.github.io')).toBe('Acme');
    expect(title('A long headline about something else entirely today [Acme Weekly]', 'example.com')).toBe('Acme Weekly');
    expect(title('一条很长的新闻标题在这里_科技_示例网', 'example.cn')).toBe('示例网');
    // Asides after a part are not part of the name; a part in sentence case is a phrase.
    expect(title('On widgets and their care - Jane Q. Doe ( Jane ) ( jqd )', 'example.org')).toBe('Jane Q. Doe');
    expect(title('Lorem ipsum dolor sit amet – Our little site', 'example.org')).toBeNull();
    expect(title('Lorem ipsum dolor sit amet – Bank of Example', 'example.org')).toBe('Bank of Example');
    expect(readsAsPhrase('Accelerate growth with Acme')).toBe(true);
    expect(readsAsPhrase('Ministère de la Culture')).toBe(false);
    expect(readsAsPhrase('acme tools for Widgets')).toBe(false);
  });

  it('finds the name a domain abbreviates in the page’s text', () => {
    const text = 'Status of this memo. Working documents of the International Widget Makers Guild (IWMG).';
    expect(nameFromInitials(text, 'docs.iwmg.org')).toBe('International Widget Makers Guild');
    expect(nameFromInitials('Prepared at the Bank of North Example, 2001', 'bne.com')).toBe('Bank of North Example');
    expect(nameFromInitials('Nothing here spells it', 'iwmg.org')).toBeNull();
    // Two letters match too much; a label of digits or a long word is not an abbreviation.
    expect(nameFromInitials('Acme Corp', 'ac.com')).toBeNull();
  });

  it('makes a name of the domain’s label when nothing else names the site', () => {
    expect(nameFromDomain('web-md.com')).toBe('Web Md');
    expect(nameFromDomain('123.com')).toBeNull();
  });
});

describe('description', () => {
  it('skips candidates under 20 characters and caps length at a sentence or word boundary', () => {
    const r = extractCompanyFacts(
      '<meta property="og:description" content="Too short"><meta name="twitter:description" content="A perfectly fine description of Acme.">',
      URL,
      'acme.com',
    );
    expect(r.description).toEqual({ value: 'A perfectly fine description of Acme.', url: URL, method: 'twitter:description' });
    const long = `${'word '.repeat(150)}end`;
    const cut = truncateText(long, 500);
    expect(cut.length).toBeLessThanOrEqual(500);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('falls back to a paragraph that says what the site is, never an article’s opening', () => {
    const page = (body: string) => extractCompanyFacts(`<title>Acme | Widgets</title><body>${body}</body>`, URL, 'acme.com').description;
    const about = 'Acme is a maker of industrial widgets for bakeries and breweries, founded in Leeds and sold in forty countries.';
    const article = 'Last week I tried to install a new widget on my bakery line, and it did not go the way I had hoped at all.';
    expect(page(`<p>${article}</p><p>${about}</p>`)).toEqual({ value: about, url: URL, method: 'first-paragraph' });
    expect(page(`<p>${article}</p>`)).toBeNull();
    expect(page(`<footer><p>${about}</p></footer>`)).toBeNull();
    // Text of a script inside the paragraph is not the paragraph's.
    expect(page(`<p><script>var ad_slot = "1";</script>${about}</p>`)?.value).toBe(about);
    expect(describesSite('We are a small team building widgets for bakeries across Europe since 1990.', ['Acme'])).toBe(true);
    expect(describesSite('Acme, the widget maker from Leeds, helps bakeries keep their lines running.', ['Acme'])).toBe(true);
    expect(describesSite('Acme uses several plug-ins to publish this site.', ['Acme'])).toBe(false);
  });
});

describe('location', () => {
  it.each([
    ['Acme Ltd\nKemp House, 160 City Road\nLondon EC1V 2NX\nUnited Kingdom', 'London, United Kingdom'],
    ['123 Main Street Springfield, IL 62701', 'Springfield, IL, United States'],
    ['1 Front St W, Toronto, ON M5J 2X5', 'Toronto, ON, Canada'],
    ['Friedrichstraße 1, 10115 Berlin, Germany', 'Berlin, Germany'],
    ['St. Louis, MO 63101', 'St. Louis, MO, United States'],
    ['© 2024 Acme Inc. All rights reserved.', null],
    ['We ship to Germany and France', null],
    ['Call us on 555 1234', null],
  ])('%j → %s', (text, expected) => {
    expect(parseAddressText(text)).toBe(expected);
  });

  const location = (html: string) => extractCompanyFacts(html, URL, 'acme.com').location;
  it('reads microdata, microformats and <address>', () => {
    expect(
      location(
        '<div itemscope itemtype="https://schema.org/Organization"><div itemprop="address" itemscope><span itemprop="addressLocality">Austin</span>, <span itemprop="addressRegion">TX</span> <meta itemprop="addressCountry" content="US"></div></div>',
      ),
    ).toEqual({ value: 'Austin, TX, US', url: URL, method: 'microdata' });
    expect(
      location('<div class="h-card"><span class="p-locality">Lyon</span> <span class="p-country-name">France</span></div>')?.value,
    ).toBe('Lyon, France');
    expect(location('<address>Acme<br>Hauptstraße 5<br>8001 Zürich, Switzerland</address>')).toEqual({
      value: 'Zürich, Switzerland',
      url: URL,
      method: 'address-element',
    });
    expect(location('<address><a href="mailto:hi@acme.com">hi@acme.com</a></address><footer>© Acme</footer>')).toBeNull();
  });

  it('reads JSON-LD string addresses and Place locations', () => {
    const ld = (o: object) => `<script type="application/ld+json">${JSON.stringify(o)}</script>`;
    expect(location(ld({ '@type': 'Organization', address: '500 Market St, San Francisco, CA 94105' }))?.value).toBe(
      'San Francisco, CA, United States',
    );
    expect(
      location(
        ld({
          '@type': 'Organization',
          location: { '@type': 'Place', address: { addressLocality: 'Oslo', addressCountry: { '@type': 'Country', name: 'Norway' } } },
        }),
      )?.value,
    ).toBe('Oslo, Norway');
    expect(location(ld({ '@type': 'Organization', address: '1 Road 22' }))).toBeNull();
  });
});

describe('contact', () => {
  it('normalises emails and phones, rejecting placeholders', () => {
    expect(normaliseEmail('mailto:Hello@Acme.com?subject=Hi%20there')).toBe('hello@acme.com');
    expect(normaliseEmail('mailto:?subject=Look&body=https://acme.com')).toBeNull();
    expect(normaliseEmail('mailto:you@example.com')).toBeNull();
    expect(normalisePhone('tel:+44%2020%207946%200000')).toBe('+44 20 7946 0000');
    expect(normalisePhone('tel:123')).toBeNull();
    expect(normalisePhone('tel:call-us')).toBeNull();
  });

  it('prefers an email on the company domain over other mailto links', () => {
    const html = '<body><a href="mailto:press@agency.io">press</a><footer><a href="mailto:hi@mail.acme.com">hi</a></footer></body>';
    expect(extractCompanyFacts(html, URL, 'acme.com').email).toEqual({ value: 'hi@mail.acme.com', url: URL, method: 'mailto' });
    expect(extractCompanyFacts('<a href="mailto:press@agency.io">press</a>', URL, 'acme.com').email?.value).toBe('press@agency.io');
  });
});

describe('founded year and employees', () => {
  it('reads years only within 1800..now', () => {
    expect(yearFromDate('2011-05-01')).toBe(2011);
    expect(yearFromDate('1700')).toBeNull();
    expect(yearFromDate(String(new Date().getUTCFullYear() + 1))).toBeNull();
    expect(yearFromText('Acme was founded in 2011 by two friends.')).toBe(2011);
    expect(yearFromText('Family-run. Since 1952.')).toBe(1952);
    expect(yearFromText('Member since 2019')).toBeNull();
    expect(yearFromText('© 2011-2024 Acme')).toBeNull();
  });

  it.each([
    [120, '120'],
    ['51-200', '51-200'],
    ['1,001 – 5,000', '1001-5000'],
    ['10000+', '10000+'],
    [{ value: 69 }, '69'],
    [{ minValue: 11, maxValue: 50 }, '11-50'],
    ['many', null],
    [-3, null],
  ])('numberOfEmployees %j → %s', (input, expected) => {
    expect(employeeCountOf(input)).toBe(expected);
  });
});

describe('text', () => {
  it('separates blocks, drops scripts, hidden and nav content', () => {
    const $ = parseHtml(
      '<body><nav>Menu</nav><p>One</p><p>Two<br>Three</p><div hidden>secret</div><span style="display: none">x</span><script>var a</script><img alt="Logo"></body>',
    );
    expect(blockText($('body').toArray(), { skipNav: true })).toBe('One\nTwo\nThree\nLogo');
  });

  it('counts words, roughly two CJK characters per word', () => {
    expect(countWords('Hello, world — 42 times!')).toBe(4);
    expect(countWords('株式会社アクメ')).toBe(4);
  });

  it('caps the text sample at 20,000 characters but counts every word', () => {
    const r = extractCompanyFacts(`<body><p>${'lorem ipsum '.repeat(5000)}</p></body>`, URL, 'acme.com');
    expect(r.textSample.length).toBeLessThanOrEqual(20_000);
    expect(r.wordCount).toBe(10_000);
  });
});
