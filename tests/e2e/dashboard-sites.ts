import { FixtureSites } from '@enrich/testkit';

// The company websites the e2e run enriches, served locally and mapped in with
// SCRAPER_HOST_MAP, as the integration tests do.

/** Enriched from the Enrich page: JSON-LD, meta tags and social links, each with its provenance. Its homepage is slow so the page shows "processing" first. */
export const MAIN_DOMAIN = 'northwind-e2e.com';
export const MAIN_NAME = 'Northwind Traders';
/** Enriched by a user of another team with the event stream refused (the job page polls instead); slow like the main one. */
export const FALLBACK_DOMAIN = 'fallback-e2e.com';
/** Enriched from Node with the new API key. */
export const KEY_DOMAIN = 'keycheck-e2e.com';
/** The 40 distinct companies of the bulk CSV. */
export const BULK_DOMAINS = Array.from({ length: 40 }, (_, i) => `bulk-${String(i + 1).padStart(2, '0')}-e2e.com`);
const MAIN_DELAY_MS = 1500;

const page = (name: string, description: string, extra = '') => `<!doctype html><html><head><title>${name}</title>
  <meta property="og:site_name" content="${name}"><meta name="description" content="${description}">${extra}</head>
  <body><h1>${name}</h1><p>${description}</p></body></html>`;

const northwind = `<!doctype html><html><head><title>Northwind Traders | Specialty food wholesale</title>
  <meta name="description" content="Northwind Traders imports and distributes specialty foods to restaurants and retailers.">
  <script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: MAIN_NAME,
    description: 'Northwind Traders imports and distributes specialty foods to restaurants and retailers.',
    foundingDate: '1994',
    email: 'hello@northwind-e2e.com',
    address: { '@type': 'PostalAddress', addressLocality: 'Seattle', addressRegion: 'WA', addressCountry: 'US' },
    sameAs: ['https://www.linkedin.com/company/northwind-e2e', 'https://twitter.com/northwind_e2e'],
  })}</script></head>
  <body><h1>Northwind Traders</h1><p>Specialty foods from around the world, delivered to your kitchen.</p>
  <footer><a href="https://www.linkedin.com/company/northwind-e2e">LinkedIn</a> <a href="https://twitter.com/northwind_e2e">Twitter</a></footer>
  </body></html>`;

export function dashboardSites(): FixtureSites {
  const sites = new FixtureSites();
  sites.site(MAIN_DOMAIN, {
    '/': async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, MAIN_DELAY_MS));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(northwind);
    },
  });
  sites.site(FALLBACK_DOMAIN, {
    '/': async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, MAIN_DELAY_MS));
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(page('Fallback Foods', 'Fallback Foods cooks when the stream is down.'));
    },
  });
  sites.site(KEY_DOMAIN, { '/': page('Keycheck Labs', 'Keycheck Labs tests API keys for a living.') });
  BULK_DOMAINS.forEach((domain, i) => {
    sites.site(domain, { '/': page(`Bulk Company ${i + 1}`, `Bulk Company ${i + 1} makes things for other companies.`) });
  });
  return sites;
}

/**
 * The 50-row CSV: 40 companies, 5 rows naming one of them again in another form (duplicates)
 * and 5 that are not domains (invalid), mixed through the file, plus a second column that the
 * results CSV must keep.
 */
export function bulkCsv(): { text: string; rows: { domain: string; kind: 'valid' | 'duplicate' | 'invalid' }[] } {
  const rows: { domain: string; kind: 'valid' | 'duplicate' | 'invalid' }[] = BULK_DOMAINS.map((domain) => ({ domain, kind: 'valid' }));
  const duplicates = [
    'https://www.bulk-01-e2e.com/',
    'BULK-02-E2E.COM',
    'http://bulk-03-e2e.com/about',
    'bulk-04-e2e.com.',
    'www.bulk-05-e2e.com',
  ];
  const invalid = ['localhost', '127.0.0.1', 'not a domain', 'no-suffix', 'ftp://bulk-06-e2e.com'];
  // Interleaved so that neither kind sits at the end of the file.
  for (const [i, domain] of duplicates.entries()) rows.splice(8 * (i + 1), 0, { domain, kind: 'duplicate' });
  for (const [i, domain] of invalid.entries()) rows.splice(7 * (i + 1) + 3, 0, { domain, kind: 'invalid' });
  const text = [
    'domain,owner',
    ...rows.map((row, i) => `${row.domain.includes(' ') ? `"${row.domain}"` : row.domain},owner-${i + 1}`),
  ].join('\n');
  return { text: `${text}\n`, rows };
}
