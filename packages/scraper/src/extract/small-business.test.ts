import { parseAddressText } from './address-text';
import { copyrightHolder } from './copyright';
import { extractCompanyFacts } from './extract-company-facts';
import {
  asPageWritesIt,
  cleanName,
  nameFromSpelledDomain,
  nameFromSpelledOutDomain,
  nameFromTitle,
  siteNameOf,
  withoutTagline,
} from './name';
import { phonesInText } from './phone-text';
import { cityAndStateName } from './stated-place';

// The rules for small business sites (docs/confidence.md), each on the shape of page it reads.

describe('phones written as text', () => {
  it('reads a labelled number, a number after a postal code and one in the header, in any national format', () => {
    expect(phonesInText('Home About Call 1300 346 227 Experts in car finance …')[0]?.value).toBe('1300 346 227');
    expect(
      phonesInText(`${'x '.repeat(800)}Tullamore, Co. Offaly, Phone: 057 9352105 | Fax: 057 9352106 ${'y '.repeat(800)}`)[0]?.value,
    ).toBe('057 9352105');
    expect(phonesInText(`${'x '.repeat(800)}50 Mercer Street New York, NY 10012 212.672.6350 ${'y '.repeat(800)}`)[0]?.value).toBe(
      '212.672.6350',
    );
    expect(phonesInText('Mayfair | London | W1J 7BU T +44 (0)20 3167 4997 | F +44 (0)20 3167 4998')[0]?.value).toBe('+44 (0)20 3167 4997');
  });

  it('never takes a fax line, nor an unlabelled number in the body', () => {
    const body = (text: string) => `${'x '.repeat(800)}${text} ${'y '.repeat(800)}`;
    expect(phonesInText(body('Washington, DC 20009 202.299.1148 fax'))).toEqual([]);
    expect(phonesInText(body('Fax: 505-326-1112'))).toEqual([]);
    expect(phonesInText(body('Best Trailers and Supply 478-788-9039 ...'))).toEqual([]);
    // A fax label after a number labels the next number, not this one.
    expect(phonesInText(body('Tel: 778.340.1355 Fax: 778.340.1356')).map((p) => p.value)).toEqual(['778.340.1355']);
  });

  it('is the page phone when the page has no tel: link or JSON-LD', () => {
    const html = '<html><body><header>Call us today: (416) 939-1530</header><p>Plumbing in Toronto.</p></body></html>';
    expect(extractCompanyFacts(html, 'https://misterplumber.ca/', 'misterplumber.ca').phone).toMatchObject({
      value: '(416) 939-1530',
      method: 'text',
    });
  });
});

describe('addresses in a page’s text', () => {
  it('reads Australian, Irish, British (with a county) and Canadian shapes', () => {
    expect(parseAddressText('Level 1, 13 Railway St\nChatswood NSW 2067')).toBe('Chatswood, NSW, Australia');
    expect(parseAddressText('Tullamore, Co. Offaly, Phone: 057 9352105')).toBe('Tullamore, Co. Offaly, Ireland');
    expect(parseAddressText('Unit 5, Cheltenham, Gloucestershire, GL51 9PL')).toBe('Cheltenham, Gloucestershire, United Kingdom');
    expect(parseAddressText('123 Esplanade\nNorth Vancouver\nV7P 1B3, BC.')).toBe('North Vancouver, BC, Canada');
    expect(parseAddressText('North Vancouver, BC, Canada')).toBe('North Vancouver, BC, Canada');
  });

  it('reads a city and a state code closing a line of an address block, not of running text', () => {
    expect(parseAddressText('Mister Plumber\n120 Front St\nToronto, ON')).toBe('Toronto, ON, Canada');
    expect(parseAddressText('Toronto, ON', { anchoredOnly: true })).toBeNull();
    expect(parseAddressText('We ship to Austin, TX and beyond')).toBeNull();
  });

  it('reads a whole page only where a postal code anchors an address', () => {
    const page = 'Offices in London, United Kingdom\nBrother LC51BK ink\nRegistered Office: Economic House, High Street, Coventry CV1 5QN.';
    expect(parseAddressText(page, { anchoredOnly: true })).toBe('Coventry, United Kingdom');
    expect(parseAddressText('Offices in London, United Kingdom', { anchoredOnly: true })).toBeNull();
  });

  it('never takes a state or province code for the city before it', () => {
    expect(parseAddressText('Choose your state: NSW, NT, Canada')).toBeNull();
    expect(parseAddressText('Vancouver, BC, Canada')).toBe('Vancouver, BC, Canada');
  });

  it('reads a city and a state in words or codes when the page names one such place only', () => {
    expect(cityAndStateName('Toledo, Ohio - New Car and Truck Pricing\nToledo, Ohio dealers')).toBe('Toledo, OH, United States');
    expect(cityAndStateName('BBB Business Review of this Screen Printing in Miami FL')).toBe('Miami, FL, United States');
    expect(cityAndStateName('Plumbers serving Toronto, ON since 1990')).toBe('Toronto, ON, Canada');
    // A list of places is where a business serves or ships, not where it is.
    expect(cityAndStateName('We ship to:\nAlbany, New York\nAtlanta, Georgia\nMiami, FL')).toBeNull();
    expect(cityAndStateName('Call Us, NO obligation')).toBeNull();
  });

  it('reads a place in words after every address with a postal code', () => {
    const html = `<html><body><p>Serving Springfield, Ohio.</p><footer>1 Main Street, Boston, MA 02110</footer></body></html>`;
    expect(extractCompanyFacts(html, 'https://acme.com/', 'acme.com').location?.value).toBe('Boston, MA, United States');
    const words = '<html><head><title>Toledo, Ohio - New Car Pricing</title></head><body><p>Quotes.</p></body></html>';
    expect(extractCompanyFacts(words, 'https://acme.com/', 'acme.com').location).toMatchObject({
      value: 'Toledo, OH, United States',
      method: 'text',
    });
  });

  it('prefers an address with a city to structured data without one', () => {
    const html = `<html><body><div class="vcard"><span class="region">MA</span></div>
      <p>Balise Chevrolet, 1 Main Street, Springfield , MA 01105</p></body></html>`;
    expect(extractCompanyFacts(html, 'https://baliseauto.com/', 'baliseauto.com').location?.value).toBe('Springfield, MA, United States');
  });
});

describe('names on small business sites', () => {
  it('never takes an address or a phone number for a name', () => {
    expect(cleanName('325 Cherry Street Bridgeport, CT 06605')).toBeNull();
    expect(cleanName('Connecticut Ice Cream Truck (203) 367-3000')).toBeNull();
    expect(cleanName('Bank of America')).toBe('Bank of America');
  });

  it('takes the title part holding the whole label before one holding a word of it', () => {
    const title = "Braces - Ace Braces O'Regan Orthodontics | Teeth Straightening Ireland Braces Tullamore";
    expect(nameFromTitle(title, 'acebraces.ie')).toEqual({ value: "Ace Braces O'Regan Orthodontics", echoesDomain: true, partial: true });
    expect(nameFromTitle('Acme | Blog', 'acme.com')).toEqual({ value: 'Acme', echoesDomain: true });
  });

  it('reads the copyright line’s holder, after its marks and years, before its reservation', () => {
    expect(copyrightHolder('Home\nCopyright © 2014, Upward Construction & Renovations Ltd. - All Rights Reserved.')).toBe(
      'Upward Construction & Renovations Ltd',
    );
    expect(copyrightHolder('Web site and all contents © 2001-2011, R.S. Pressman & Associates, Inc., All rights reserved.')).toBe(
      'R.S. Pressman & Associates, Inc',
    );
    expect(copyrightHolder('© 2014 zynk Design. 3rd Floor The Hospital Club, 24 Endell Street')).toBe('zynk Design');
    expect(copyrightHolder('Woods Insurance Service © 1926 - 2012. All Rights Reserved.')).toBe('Woods Insurance Service');
    expect(copyrightHolder('©Copyright\n2009- 2013\nMister Softee of Connecticut')).toBe('Mister Softee of Connecticut');
    expect(copyrightHolder('© Long Island Schools.com, 2014')).toBe('Long Island Schools.com');
    expect(copyrightHolder('Copyright 2014 Scoutforce | All Rights Reserved | Privacy Policy')).toBe('Scoutforce');
  });

  it('reads no holder from a reservation alone, a designer’s credit or a notice about copyright', () => {
    expect(copyrightHolder('© 2010 All Rights Reserved')).toBeNull();
    expect(copyrightHolder('© 2014 Website designed by Studio X')).toBeNull();
    expect(copyrightHolder('Copyright notice and infringement policy')).toBeNull();
    expect(copyrightHolder('No copyright line here')).toBeNull();
  });

  it('names the site by its copyright line only when nothing else on the page names it', () => {
    const footer = '<footer>© 2009-2013 Mister Softee of Connecticut</footer>';
    const bare = `<html><head><title>Ice Cream Truck (203) 367-3000 - 325 Cherry Street Bridgeport, CT 06605</title></head><body>${footer}</body></html>`;
    expect(extractCompanyFacts(bare, 'https://mistersofteect.com/', 'mistersofteect.com').name).toMatchObject({
      value: 'Mister Softee of Connecticut',
      method: 'copyright',
    });
    const titled = `<html><head><title>Acme Widgets</title><meta property="og:site_name" content="Acme"></head><body>${footer}</body></html>`;
    expect(extractCompanyFacts(titled, 'https://acme.com/', 'acme.com').name?.value).toBe('Acme');
  });

  it('takes a name two slots of the page agree on before one slot’s alone', () => {
    const head = '<meta property="og:site_name" content="Home Loans"><title>Mortgages</title>';
    const page = (body: string) => `<html><head>${head}</head><body>${body}</body></html>`;
    const logo = '<header><img class="logo" alt="Northwind Lending"></header>';
    const witnessed = page(`${logo}<footer>© 2024 Northwind Lending Ltd. All rights reserved.</footer>`);
    expect(extractCompanyFacts(witnessed, 'https://nwlend.com/', 'nwlend.com').name).toMatchObject({
      value: 'Northwind Lending',
      method: 'logo-alt',
    });
    // One slot alone keeps the order.
    expect(extractCompanyFacts(page(logo), 'https://nwlend.com/', 'nwlend.com').name?.value).toBe('Home Loans');
  });

  it('finds the domain as the page spells it, most often, with a capital, not in an address', () => {
    const text =
      'Welcome to BlueDogInk.com! Bluedogink.com ships free. Email sales@bluedogink.com or visit www.bluedogink.com. Bluedogink.com';
    expect(nameFromSpelledDomain(text, 'bluedogink.com')).toBe('Bluedogink.com');
    expect(nameFromSpelledDomain('Blue Dog Ink prints for you', 'bluedogink.com')).toBe('Blue Dog Ink');
    expect(nameFromSpelledDomain('visit www.bluedogink.com today', 'bluedogink.com')).toBeNull();
    expect(nameFromSpelledDomain('Acme makes things', 'acme.com')).toBeNull();
  });

  it('prefers the spelled domain to a title part taken by its place alone', () => {
    const html = `<html><head><title>Free Auto Classifieds - Buy &amp; Sell - Used Cars For Sale</title></head>
      <body><p>MotoClassifieds.US is free. Post your ad on MotoClassifieds.US today.</p></body></html>`;
    expect(extractCompanyFacts(html, 'https://motoclassifieds.us/', 'motoclassifieds.us').name).toMatchObject({
      value: 'MotoClassifieds.US',
      method: 'domain-spelled',
    });
  });

  it('finds the domain spelled with an apostrophe, initials’ full stops or "&" for its "and"', () => {
    expect(nameFromSpelledDomain("Welcome to Bob's Auto Repair, family owned.", 'bobsautorepair.com')).toBe("Bob's Auto Repair");
    expect(nameFromSpelledDomain('Hartley & Sons build homes', 'hartleyandsons.co.uk')).toBe('Hartley & Sons');
    expect(nameFromSpelledDomain('J. M. Smith Corporation provides', 'jmsmith.com')).toBe('J. M. Smith');
    // "and" spelled out stays a match; a word that merely holds the letters does not.
    expect(nameFromSpelledDomain('Sand and Stone Ltd', 'sandandstone.com')).toBe('Sand and Stone');
    expect(nameFromSpelledDomain('Bobsled rentals', 'bobsautorepair.com')).toBeNull();
  });

  it('finds the domain written out in full where its label shortens the words', () => {
    const text = 'Welcome to First California Bank. First California lends. Call First Call Plumbing.';
    expect(nameFromSpelledOutDomain(text, 'firstcal.net')).toBe('First California');
    expect(nameFromSpelledOutDomain('Source Technologies Inc. builds things', 'source-tech.net')).toBe('Source Technologies');
    // The words whole are the spelled domain's; lower case words, an address or one word alone are not a name.
    expect(nameFromSpelledOutDomain('The Tropical Web Works team', 'tropicalwebworks.com')).toBeNull();
    expect(nameFromSpelledOutDomain('first california lends', 'firstcal.net')).toBeNull();
    expect(nameFromSpelledOutDomain('mail us at www.firstcal.net', 'firstcal.net')).toBeNull();
    expect(nameFromSpelledOutDomain('Firstcallers unite', 'firstcal.net')).toBeNull();
  });

  it('takes the words spelling the label, and its legal form, out of a title part that adds the page’s words', () => {
    const name = (title: string, domain = 'acmeplumbing.com') => nameFromTitle(title, domain);
    expect(name('Contact Acme Plumbing')).toEqual({ value: 'Acme Plumbing', echoesDomain: true });
    expect(name('About Us - Acme Plumbing Inc.')).toEqual({ value: 'Acme Plumbing Inc.', echoesDomain: true });
    expect(name('Homepage Acme Plumbing | Toledo plumbers')).toEqual({ value: 'Acme Plumbing', echoesDomain: true });
    // More words than the page's: the page words in front go, the rest stays a partial echo.
    expect(name('Contact Smith Law Firm', 'smithlaw.com')).toEqual({ value: 'Smith Law Firm', echoesDomain: true, partial: true });
    // Words that are not a page's or a legal form keep the part whole.
    expect(name('Acme Plumbing Supplies')).toEqual({ value: 'Acme Plumbing Supplies', echoesDomain: true, partial: true });
  });

  it('knows "home", "welcome" and a page’s words in the languages small business sites use', () => {
    expect(cleanName('Startseite')).toBeNull();
    expect(cleanName('Willkommen bei Müller Bau')).toBe('Müller Bau');
    expect(cleanName('Bienvenue chez Boulangerie Paul')).toBe('Boulangerie Paul');
    expect(nameFromTitle('Hem | Norrland Bygg', 'norrlandbygg.se')).toEqual({ value: 'Norrland Bygg', echoesDomain: true });
    expect(nameFromTitle('Kontakt Schmidt Bau GmbH', 'schmidtbau.de')).toEqual({ value: 'Schmidt Bau GmbH', echoesDomain: true });
  });

  it('reads initials among a name’s words, as the page writes them', () => {
    const html =
      '<html><head><title>Welcome</title></head><body><p>R.S. Pressman &amp; Associates, Inc. is an engineering firm.</p></body></html>';
    expect(extractCompanyFacts(html, 'https://rspa.com/', 'rspa.com').name).toMatchObject({
      value: 'R.S. Pressman & Associates',
      method: 'domain-initials',
    });
  });

  it('never takes for the name a title’s edge part that names the company’s own town or what the page offers', () => {
    const page = (title: string) =>
      `<html><head><title>${title}</title></head><body><header><img class="logo" alt="Smile Dental Care"></header><footer>120 King St W, Toronto, ON M5V 2T6</footer></body></html>`;
    expect(
      extractCompanyFacts(page('Dentist Toronto - Family Dentistry'), 'https://bestdentist.com/', 'bestdentist.com').name,
    ).toMatchObject({
      value: 'Smile Dental Care',
      method: 'logo-alt',
    });
    expect(
      extractCompanyFacts(page('Dentist Miami, FL | Cosmetic and Family Dentistry Today'), 'https://bestdentist.com/', 'bestdentist.com')
        .name?.value,
    ).toBe('Smile Dental Care');
    // Nor one that says what the page offers.
    expect(
      extractCompanyFacts(page('Used Cars For Sale | Auto classifieds in your area'), 'https://bestdentist.com/', 'bestdentist.com').name
        ?.value,
    ).toBe('Smile Dental Care');
    // An edge part naming no place is still the name by its place.
    expect(extractCompanyFacts(page('Cosmetic Dentistry | Bright Smiles'), 'https://bestdentist.com/', 'bestdentist.com').name?.value).toBe(
      'Bright Smiles',
    );
  });

  it('takes the name another slot states over a title part that opens with it and names a product or a section', () => {
    const page = (title: string, body: string) => `<html><head><title>${title}</title></head><body>${body}</body></html>`;
    expect(
      extractCompanyFacts(
        page('ZenBrew Pro 3000 Coffee Maker', '<p>Copyright 2012 ZenBrew Inc.</p>'),
        'https://zenbrew.com/',
        'zenbrew.com',
      ).name,
    ).toMatchObject({ value: 'ZenBrew', method: 'copyright' });
    expect(
      extractCompanyFacts(page('AcmeZen Support', '<header><img alt="AcmeZen"></header>'), 'https://help.acmezen.com/', 'help.acmezen.com')
        .name,
    ).toMatchObject({ value: 'AcmeZen', method: 'logo-alt' });
    // Nothing else names it: the title part stays.
    expect(extractCompanyFacts(page('AcmeZen Support', ''), 'https://help.acmezen.com/', 'help.acmezen.com').name?.value).toBe(
      'AcmeZen Support',
    );
  });

  it('finds the logo by its file name or id where no class says it, the first outside the footer, weighed below markup', () => {
    const page = (body: string) => `<html><head><title>We fix what others cannot</title></head><body>${body}</body></html>`;
    const partner = '<footer><img src="/img/bbb-logo.png" alt="Better Business Bureau"></footer>';
    expect(
      extractCompanyFacts(
        page(`${partner}<div><img src="/images/logo.png?v=2" alt="Northwind Plumbing"></div>`),
        'https://nwp.com/',
        'nwp.com',
      ).name,
    ).toMatchObject({ value: 'Northwind Plumbing', method: 'logo-file' });
    expect(
      extractCompanyFacts(page('<div id="site-logo"><img src="/a.png" alt="Northwind"></div>'), 'https://nwp.com/', 'nwp.com').name,
    ).toMatchObject({
      value: 'Northwind',
      method: 'logo-file',
    });
    // Only a partner's logo in the footer: no name from it.
    expect(extractCompanyFacts(page(partner), 'https://nwp.com/', 'nwp.com').name?.method).not.toBe('logo-file');
  });

  it('reads og:title for the site’s name where the title is a slogan', () => {
    const html =
      '<html><head><title>We fix what others cannot</title><meta property="og:title" content="Home | Acme Plumbing"></head><body></body></html>';
    expect(extractCompanyFacts(html, 'https://acmeplumbing.com/', 'acmeplumbing.com').name).toMatchObject({
      value: 'Acme Plumbing',
      method: 'title',
    });
  });

  it('cuts a tagline after a full stop, a colon or a dash from a site name that does not echo the domain', () => {
    expect(withoutTagline("Upward Construction. Let's build a better future.")).toBe('Upward Construction');
    expect(siteNameOf('Northwind Traders: we ship what you need', 'nwt.com')).toBe('Northwind Traders');
    expect(siteNameOf('Northwind - Traders', 'nwt.com')).toBe('Northwind - Traders');
    expect(withoutTagline('St. Louis Dental')).toBeNull();
  });

  it('writes the name as the page writes it: ordinary case, accents, no legal form the page leaves out', () => {
    expect(asPageWritesIt('BOND NEW YORK', 'Welcome to Bond New York. Bond New York rents flats.')).toBe('Bond New York');
    expect(asPageWritesIt('Cafe Rene', 'Le Café René vous accueille. Café René, Paris')).toBe('Café René');
    expect(asPageWritesIt('Acme Widgets Ltd', 'Acme Widgets makes widgets. © Acme Widgets Ltd')).toBe('Acme Widgets');
    expect(asPageWritesIt('Acme Widgets', 'Acme Widgets makes widgets.')).toBe('Acme Widgets');
    expect(asPageWritesIt('IBM', 'IBM builds computers.')).toBe('IBM');
  });
});
