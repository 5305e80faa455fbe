import { type FixtureSite, type LinkedInProfile, linkedInCompanyPage, linkedInPageUrl } from '@enrich/testkit';

// The benchmark's generated companies: a homepage linking its about and contact pages and its
// LinkedIn page, the two fact pages, and a LinkedIn company page each. No robots.txt and no
// sitemap (both answer 404, after the same latency as every page). A few homepages can be
// JavaScript shells whose content exists only after Chromium has run /static/app.js.

export interface FleetCompany {
  domain: string;
  name: string;
  slug: string;
  jsShell: boolean;
}

const INDUSTRIES = [
  'Software Development',
  'Logistics',
  'Financial Services',
  'Medical Devices',
  'Renewable Energy',
  'Retail',
  'Construction',
  'Education',
];
const CITIES = [
  { street: '100 Main Street', line: 'Austin, TX 78701', locality: 'Austin', region: 'Texas', postalCode: '78701', country: 'US' },
  { street: '22 Market Street', line: 'Denver, CO 80202', locality: 'Denver', region: 'Colorado', postalCode: '80202', country: 'US' },
  {
    street: '7 Harbour Road',
    line: 'Leeds LS1 4AP, United Kingdom',
    locality: 'Leeds',
    region: 'England',
    postalCode: 'LS1 4AP',
    country: 'GB',
  },
];
const WORDS = ['Alder', 'Birch', 'Cedar', 'Delta', 'Ember', 'Fjord', 'Garnet', 'Harbor', 'Iris', 'Juniper', 'Kestrel', 'Lumen'];

/** `count` companies named `<prefix>-001.com`, …; every `shellEvery`-th homepage (0: none) is a JavaScript shell. */
export function fleetCompanies(count: number, shellEvery: number, prefix = 'bench-company'): FleetCompany[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    const name = `${WORDS[i % WORDS.length]} ${WORDS[Math.floor(i / WORDS.length) % WORDS.length]} Systems ${n}`;
    return { domain: `${prefix}-${n}.com`, name, slug: `${prefix}-${n}`, jsShell: shellEvery > 0 && (i + 1) % shellEvery === 0 };
  });
}

function profile(c: FleetCompany, i: number): LinkedInProfile {
  const city = CITIES[i % CITIES.length]!;
  return {
    slug: c.slug,
    name: c.name,
    tagline: `${INDUSTRIES[i % INDUSTRIES.length]} for mid-sized businesses`,
    description: `${c.name} builds ${INDUSTRIES[i % INDUSTRIES.length]!.toLowerCase()} products for mid-sized businesses in Europe and North America.`,
    website: `https://www.${c.domain}`,
    industry: INDUSTRIES[i % INDUSTRIES.length]!,
    size: ['11-50 employees', '51-200 employees', '201-500 employees'][i % 3]!,
    employeesOnLinkedIn: 20 + (i % 150),
    followers: 500 + i * 37,
    address: { street: city.street, locality: city.locality, region: city.region, postalCode: city.postalCode, country: city.country },
    companyType: 'Privately Held',
    founded: 1990 + (i % 33),
    specialties: ['Software', 'Consulting', 'Support'],
    logoUrl: `https://media.licdn.com/dms/image/bench/${c.slug}_logo`,
  };
}

const ABOUT_TEXT = (c: FleetCompany) =>
  `${c.name} helps mid-sized companies plan, run and measure their operations. Our team of engineers and analysts works with ` +
  'customers in manufacturing, retail and logistics, and our platform connects to the systems they already use. We publish ' +
  'our roadmap, answer support requests within a working day and price by the number of sites, not by user.';

function page(c: FleetCompany, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta property="og:site_name" content="${c.name}"><meta property="og:description" content="${c.name}: operations software for mid-sized companies.">
</head><body><header><nav><a href="/">Home</a> <a href="/about">About us</a> <a href="/contact">Contact</a></nav></header>
<main>${body}</main>
<footer><a href="${linkedInPageUrl(c.slug)}">LinkedIn</a> <p>&copy; ${c.name}</p></footer></body></html>`;
}

function homepage(c: FleetCompany): FixtureSite {
  if (!c.jsShell) return { '/': page(c, `${c.name} — operations software`, `<h1>${c.name}</h1><p>${ABOUT_TEXT(c)}</p>`) };
  const rendered = page(c, `${c.name} — operations software`, `<h1>${c.name}</h1><p>${ABOUT_TEXT(c)}</p>`);
  const body = /<body>([\s\S]*)<\/body>/.exec(rendered)![1]!;
  return {
    '/': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loading…</title><script defer src="/static/app.js"></script></head>
<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`,
    '/static/app.js': {
      type: 'application/javascript',
      body: `fetch('/api/page.json').then((r) => r.json()).then((p) => { document.title = p.title; document.getElementById('root').innerHTML = p.body; });`,
    },
    '/api/page.json': { type: 'application/json', body: JSON.stringify({ title: `${c.name} — operations software`, body }) },
  };
}

export function fleetSitePages(c: FleetCompany, i: number): FixtureSite {
  const city = CITIES[i % CITIES.length]!;
  return {
    ...homepage(c),
    '/about': page(c, `About — ${c.name}`, `<h1>About ${c.name}</h1><p>${ABOUT_TEXT(c)}</p><p>Founded in ${profile(c, i).founded}.</p>`),
    '/contact': page(
      c,
      `Contact — ${c.name}`,
      `<h1>Contact</h1><p><a href="mailto:hello@${c.domain}">hello@${c.domain}</a> · <a href="tel:+15125550100">+1 512-555-0100</a></p><address>${c.name}, ${city.street}, ${city.line}</address>`,
    ),
  };
}

export function fleetLinkedInPages(companies: FleetCompany[]): FixtureSite {
  return Object.fromEntries(companies.map((c, i) => [`/company/${c.slug}`, linkedInCompanyPage(profile(c, i))]));
}
