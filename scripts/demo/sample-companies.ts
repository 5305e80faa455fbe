import type { LinkedInProfile } from '@enrich/testkit';

/**
 * The made-up companies the demo enriches. Each has a website (served locally) whose homepage
 * states its facts in a different way, and a LinkedIn company page. `expect` is what the
 * finished record should show, for the demo's own test.
 */
export interface SampleCompany {
  domain: string;
  /** How its homepage states the company's facts. */
  style: 'json-ld' | 'open-graph' | 'js-shell' | 'plain-footer' | 'sitemap-only';
  name: string;
  tagline: string;
  about: string;
  founded: number;
  email: string;
  phone: string;
  address: { street: string; line: string };
  /** Handle of its X/Twitter account (at most 15 characters, as X allows). */
  twitter: string;
  /** Whether the website links its LinkedIn page (otherwise the scraper guesses the URL from the name). */
  linksLinkedIn: boolean;
  /** Served at /robots.txt (with a Sitemap line) and /sitemap.xml. */
  robots: boolean;
  linkedin: LinkedInProfile;
}

const logo = (slug: string) => `https://media.licdn.com/dms/image/v2/demo/company-logo_200_200/0/1700000000000/${slug}_logo`;

export const SAMPLE_COMPANIES: SampleCompany[] = [
  {
    domain: 'northwind-analytics.com',
    style: 'json-ld',
    name: 'Northwind Analytics',
    tagline: 'Demand forecasting for regional retailers',
    about:
      'Northwind Analytics builds demand-forecasting software for regional grocery and hardware chains. Our models read point-of-sale data, weather and local events to tell store managers what to order, store by store, a week ahead.',
    founded: 2016,
    email: 'hello@northwind-analytics.com',
    phone: '+1 512-555-0142',
    address: { street: '901 Congress Avenue, Suite 400', line: 'Austin, TX 78701' },
    twitter: 'northwindhq',
    linksLinkedIn: true,
    robots: true,
    linkedin: {
      slug: 'northwind-analytics',
      name: 'Northwind Analytics',
      tagline: 'Demand forecasting for regional retailers',
      description:
        'Northwind Analytics helps regional retailers order the right stock for every store. Our forecasting platform combines point-of-sale history, weather and local events.',
      website: 'https://www.northwind-analytics.com',
      industry: 'Software Development',
      size: '51-200 employees',
      employeesOnLinkedIn: 87,
      followers: 4210,
      address: { street: '901 Congress Avenue', locality: 'Austin', region: 'Texas', postalCode: '78701', country: 'US' },
      companyType: 'Privately Held',
      founded: 2016,
      specialties: ['Demand Forecasting', 'Retail Analytics', 'Machine Learning'],
      logoUrl: logo('northwind'),
    },
  },
  {
    domain: 'harborline-freight.com',
    style: 'open-graph',
    name: 'Harborline Freight',
    tagline: 'Container drayage and cross-docking on the West Coast',
    about:
      'Harborline Freight moves containers between the ports of Oakland, Long Beach and Seattle and the warehouses around them. Founded in 2004, we run 300 trucks and four cross-dock terminals.',
    founded: 2004,
    email: 'dispatch@harborline-freight.com',
    phone: '+1 510-555-0188',
    address: { street: '410 Embarcadero West', line: 'Oakland, CA 94607' },
    twitter: 'harborlinefrt',
    linksLinkedIn: true,
    robots: false,
    linkedin: {
      slug: 'harborline-freight',
      name: 'Harborline Freight',
      tagline: 'Port drayage, cross-docking and regional trucking',
      description:
        'Harborline Freight is a West Coast drayage and cross-docking carrier serving the ports of Oakland, Long Beach and Seattle.',
      website: 'harborline-freight.com',
      industry: 'Truck Transportation',
      size: '501-1,000 employees',
      employeesOnLinkedIn: 612,
      followers: 12890,
      address: { street: '410 Embarcadero West', locality: 'Oakland', region: 'California', postalCode: '94607', country: 'US' },
      companyType: 'Public Company',
      founded: 2004,
      specialties: ['Drayage', 'Cross-docking', 'Intermodal'],
      logoUrl: logo('harborline'),
    },
  },
  {
    domain: 'cobaltleaf.io',
    style: 'js-shell',
    name: 'Cobalt Leaf',
    tagline: 'Carbon accounting for mid-sized manufacturers',
    about:
      'Cobalt Leaf measures the carbon footprint of factories from their energy bills, purchase orders and shipping records, and turns it into the reports that customers and regulators ask for.',
    founded: 2021,
    email: 'team@cobaltleaf.io',
    phone: '+351 21 555 0190',
    address: { street: 'Rua Augusta 100', line: '1100-053 Lisboa, Portugal' },
    twitter: 'cobaltleaf',
    // The LinkedIn link is in the rendered page only, and the vanity name is not one the scraper
    // would guess: a LinkedIn source in the record means Chromium rendered the homepage.
    linksLinkedIn: true,
    robots: false,
    linkedin: {
      slug: 'cobalt-leaf-carbon',
      name: 'Cobalt Leaf',
      tagline: 'Carbon accounting for manufacturers',
      description:
        'Cobalt Leaf is carbon accounting software for manufacturers: emissions from energy bills, purchasing and logistics data, ready for CSRD reporting.',
      website: 'https://cobaltleaf.io/',
      industry: 'Environmental Services',
      size: '11-50 employees',
      employeesOnLinkedIn: 23,
      followers: 1875,
      address: { street: 'Rua Augusta 100', locality: 'Lisbon', region: 'Lisbon', postalCode: '1100-053', country: 'PT' },
      companyType: 'Privately Held',
      founded: 2021,
      specialties: ['Carbon Accounting', 'CSRD', 'Sustainability Reporting'],
      logoUrl: logo('cobaltleaf'),
    },
  },
  {
    domain: 'fernhill-bakery.co.uk',
    style: 'plain-footer',
    name: 'Fernhill Bakery',
    tagline: 'Sourdough and pastries, baked in Bristol',
    about:
      'Fernhill Bakery has baked sourdough, rye and pastries in Bristol since 1987. We supply cafés, delis and restaurants across the South West from our bakery on Mill Lane, and sell at three markets every weekend.',
    founded: 1987,
    email: 'orders@fernhill-bakery.co.uk',
    phone: '+44 117 496 0123',
    address: { street: '12 Mill Lane', line: 'Bristol BS1 4DJ, United Kingdom' },
    // No LinkedIn link on the site: the scraper guesses /company/fernhill-bakery and keeps it
    // because that page names this website.
    twitter: 'fernhillbakery',
    linksLinkedIn: false,
    robots: false,
    linkedin: {
      slug: 'fernhill-bakery',
      name: 'Fernhill Bakery',
      tagline: 'Bristol sourdough since 1987',
      description:
        'Fernhill Bakery is an independent bakery in Bristol supplying sourdough, rye and pastries to cafés and restaurants across the South West.',
      website: 'http://www.fernhill-bakery.co.uk',
      industry: 'Food and Beverage Manufacturing',
      size: '11-50 employees',
      employeesOnLinkedIn: 19,
      followers: 640,
      address: { street: '12 Mill Lane', locality: 'Bristol', region: 'England', postalCode: 'BS1 4DJ', country: 'GB' },
      companyType: 'Partnership',
      founded: 1987,
      specialties: ['Sourdough', 'Wholesale Baking', 'Pastry'],
      logoUrl: logo('fernhill'),
    },
  },
  {
    domain: 'quantagrid.de',
    style: 'sitemap-only',
    name: 'QuantaGrid',
    tagline: 'Grid-scale battery controllers',
    about:
      'QuantaGrid GmbH designs the control electronics and software that let grid-scale battery storage react to frequency changes within milliseconds. Established 2019 in Berlin, our controllers run storage parks in Germany, Austria and the Netherlands.',
    founded: 2019,
    email: 'info@quantagrid.de',
    phone: '+49 30 5550 1234',
    address: { street: 'Friedrichstraße 68', line: '10117 Berlin, Germany' },
    twitter: 'quantagrid',
    linksLinkedIn: true,
    robots: true,
    linkedin: {
      slug: 'quantagrid',
      name: 'QuantaGrid GmbH',
      tagline: 'Control systems for grid-scale storage',
      description:
        'QuantaGrid develops controllers and software for grid-scale battery storage, providing fast frequency response for transmission system operators.',
      website: 'https://www.quantagrid.de',
      industry: 'Renewable Energy Semiconductor Manufacturing',
      size: '11-50 employees',
      employeesOnLinkedIn: 34,
      followers: 2302,
      address: { street: 'Friedrichstraße 68', locality: 'Berlin', region: 'Berlin', postalCode: '10117', country: 'DE' },
      companyType: 'Privately Held',
      founded: 2019,
      specialties: ['Battery Storage', 'Frequency Response', 'Power Electronics'],
      logoUrl: logo('quantagrid'),
    },
  },
];
