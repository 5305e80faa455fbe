import { type FixtureSite, linkedInCompanyPage, linkedInPageUrl } from '@enrich/testkit';
import type { SampleCompany } from './sample-companies';

// The demo companies' websites, page by page. Each homepage states the facts in its own way
// (see SampleCompany.style); every site has an about and a contact page.

const esc = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const origin = (c: SampleCompany) => `https://www.${c.domain}`;
const twitter = (c: SampleCompany) => `https://twitter.com/${c.twitter}`;

function layout(c: SampleCompany, options: { title: string; head?: string; nav?: boolean; body: string }): string {
  const nav = options.nav === false ? '' : `<nav><a href="/">Home</a> <a href="/about">About us</a> <a href="/contact">Contact</a></nav>`;
  const social = [
    c.linksLinkedIn ? `<a href="${linkedInPageUrl(c.linkedin.slug)}">LinkedIn</a>` : '',
    `<a href="${twitter(c)}">Twitter</a>`,
  ].join(' ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(options.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">${options.head ?? ''}
</head><body>
<header><a class="logo" href="/"><img src="/logo.svg" alt="${esc(c.name)} logo"></a>${nav}</header>
<main>${options.body}</main>
<footer><p>Follow us: ${social}</p><p>&copy; ${new Date().getUTCFullYear()} ${esc(c.name)}. All rights reserved.</p></footer>
</body></html>`;
}

function homeBody(c: SampleCompany): string {
  return `<section class="hero"><h1>${esc(c.tagline)}</h1><p>${esc(c.about)}</p>
<p>Talk to us about a pilot: our team answers within one working day, and most customers are live within a month.</p></section>`;
}

function jsonLdOrganization(c: SampleCompany): string {
  const [locality, regionAndZip] = c.address.line.split(', ');
  const [region, postalCode] = (regionAndZip ?? '').split(' ');
  const org = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: c.name,
    url: `${origin(c)}/`,
    logo: `${origin(c)}/logo.svg`,
    description: c.about,
    foundingDate: String(c.founded),
    email: c.email,
    telephone: c.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: c.address.street,
      addressLocality: locality,
      addressRegion: region,
      postalCode,
      addressCountry: 'US',
    },
    sameAs: [linkedInPageUrl(c.linkedin.slug), twitter(c)],
  };
  return `\n<script type="application/ld+json">${JSON.stringify(org)}</script>`;
}

function openGraph(c: SampleCompany): string {
  return `
<meta name="description" content="${esc(c.about)}">
<meta property="og:site_name" content="${esc(c.name)}">
<meta property="og:title" content="${esc(`${c.name} | ${c.tagline}`)}">
<meta property="og:description" content="${esc(c.about)}">
<meta property="og:image" content="${origin(c)}/og-image.png">
<meta property="og:url" content="${origin(c)}/">`;
}

// A single-page app: the homepage is an empty mount point, and the text, links and address
// exist only after its script has fetched /api/site.json. Only the Chromium fallback reads it.
function jsShellPages(c: SampleCompany): FixtureSite {
  const shell = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Loading…</title>
<script defer src="/static/app.js"></script></head>
<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`;
  const app = `fetch('/api/site.json').then((r) => r.json()).then((site) => {
  document.title = site.name + ' | ' + site.tagline;
  const link = (href, text) => '<a href="' + href + '">' + text + '</a>';
  document.getElementById('root').innerHTML =
    '<header><nav>' + link('/', 'Home') + ' ' + link('/about', 'About') + ' ' + link('/contact', 'Contact') + '</nav></header>' +
    '<main><h1>' + site.name + '</h1><h2>' + site.tagline + '</h2><p>' + site.about + '</p>' +
    '<p>Book a walkthrough and we will model one of your plants with your own data in the first call.</p></main>' +
    '<footer><p>' + link(site.linkedin, 'LinkedIn') + ' ' + link(site.twitter, 'Twitter') + '</p>' +
    '<address>' + site.name + ', ' + site.address + '</address></footer>';
});`;
  const site = {
    name: c.name,
    tagline: c.tagline,
    about: c.about,
    address: `${c.address.street}, ${c.address.line}`,
    linkedin: linkedInPageUrl(c.linkedin.slug),
    twitter: twitter(c),
  };
  return {
    '/': shell,
    '/static/app.js': { type: 'application/javascript', body: app },
    '/api/site.json': { type: 'application/json', body: JSON.stringify(site) },
  };
}

function homePage(c: SampleCompany): FixtureSite {
  switch (c.style) {
    case 'json-ld':
      return { '/': layout(c, { title: `${c.name} — ${c.tagline}`, head: jsonLdOrganization(c), body: homeBody(c) }) };
    case 'open-graph':
      return {
        '/': layout(c, {
          title: `${c.name} | ${c.tagline}`,
          head: openGraph(c),
          body: `${homeBody(c)}<p class="footer-address">${esc(c.name)} · ${esc(c.address.street)}, ${esc(c.address.line)}</p>`,
        }),
      };
    case 'js-shell':
      return jsShellPages(c);
    case 'plain-footer':
      return {
        '/': layout(c, {
          title: `${c.name} — ${c.tagline}`,
          body: `${homeBody(c)}<address>${esc(c.name)}, ${esc(c.address.street)}, ${esc(c.address.line)}</address>`,
        }),
      };
    case 'sitemap-only':
      // Links neither the about nor the contact page: the crawler finds them in the sitemap.
      return {
        '/': layout(c, {
          title: `${c.name} — ${c.tagline}`,
          head: openGraph(c),
          nav: false,
          body: `${homeBody(c)}<p><a href="/products">Our controllers</a></p>`,
        }),
        '/products': layout(c, {
          title: `Products — ${c.name}`,
          nav: false,
          body: '<h1>Controllers</h1><p>QG-200 and QG-800 battery park controllers.</p>',
        }),
      };
  }
}

const aboutPath = (c: SampleCompany) => (c.style === 'sitemap-only' ? '/about-us' : '/about');

function robotsAndSitemap(c: SampleCompany): FixtureSite {
  if (!c.robots) return {};
  const paths = ['/', aboutPath(c), '/contact', ...(c.style === 'sitemap-only' ? ['/products'] : [])];
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${paths.map((p) => `  <url><loc>${origin(c)}${p}</loc></url>`).join('\n')}
</urlset>`;
  return {
    '/robots.txt': { type: 'text/plain', body: `User-agent: *\nDisallow: /internal/\n\nSitemap: ${origin(c)}/sitemap.xml\n` },
    '/sitemap.xml': { type: 'application/xml', body: sitemap },
  };
}

/** Every page of one sample company's website. */
export function sampleSitePages(c: SampleCompany): FixtureSite {
  return {
    ...homePage(c),
    [aboutPath(c)]: layout(c, {
      title: `About — ${c.name}`,
      nav: c.style !== 'sitemap-only',
      body: `<h1>About ${esc(c.name)}</h1><p>${esc(c.about)}</p><p>Founded in ${c.founded}, we are still run by the people who started the company.</p>`,
    }),
    '/contact': layout(c, {
      title: `Contact — ${c.name}`,
      nav: c.style !== 'sitemap-only',
      body: `<h1>Contact us</h1><p>Email <a href="mailto:${c.email}">${c.email}</a> or call <a href="tel:${c.phone.replace(/[^+\d]/g, '')}">${esc(c.phone)}</a>.</p>
<address>${esc(c.name)}<br>${esc(c.address.street)}<br>${esc(c.address.line)}</address>`,
    }),
    ...robotsAndSitemap(c),
  };
}

/** The linkedin.com stand-in: each company's page at /company/<slug>; anything else is a 404. */
export function linkedInSitePages(companies: SampleCompany[]): FixtureSite {
  return Object.fromEntries(companies.map((c) => [`/company/${c.linkedin.slug}`, linkedInCompanyPage(c.linkedin)]));
}
