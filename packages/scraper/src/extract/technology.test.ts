import { readCorpus } from '@enrich/testkit';
import { emptyCompanyFacts, extractCompanyFacts } from './extract-company-facts';
import { parseHtml } from './parse-html';
import { extractTechnologies, TECHNOLOGIES, type Technology, technologyCategory } from './technology';

const URL = 'https://www.acme.com/';
const detect = (html: string, table?: readonly Technology[]) => extractTechnologies(parseHtml(html), URL, table);
/** name → method, for compact expectations. */
const methods = (html: string) => Object.fromEntries(detect(html).map((f) => [f.value, f.method]));
const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe('extractTechnologies: generator', () => {
  it.each([
    ['WordPress 6.4', 'WordPress'],
    ['WordPress 6.4.2', 'WordPress'],
    ['Webflow', 'Webflow'],
    ['Wix.com Website Builder', 'Wix'],
    ['Squarespace', 'Squarespace'],
    ['Hugo 0.121.1', 'Hugo'],
    ['Gatsby 5.12.0', 'Gatsby'],
    ['Drupal 10 (https://www.drupal.org)', 'Drupal'],
    ['Joomla! - Open Source Content Management', 'Joomla'],
    ['Ghost 5.75', 'Ghost'],
    ['Jekyll v3.8.5', 'Jekyll'],
    ['Docusaurus v3.0.1', 'Docusaurus'],
    ['Astro v4.0.3', 'Astro'],
    ['Framer 3b5d6f1', 'Framer'],
  ])('"%s" → %s', (content, name) => {
    expect(detect(page(`<meta name="generator" content="${content}">`))).toEqual([{ value: name, url: URL, method: 'generator' }]);
  });

  it('reads every generator tag, matching the name case-insensitively', () => {
    const html = page('<META NAME="Generator" CONTENT="wordpress 6.4"><meta name="generator" content="WooCommerce 8.4.0">');
    expect(methods(html)).toEqual({ WordPress: 'generator', WooCommerce: 'generator' });
  });

  it('reads an X-Powered-By meta as a weaker signal', () => {
    expect(methods(page('<meta http-equiv="X-Powered-By" content="Next.js">'))).toEqual({ 'Next.js': 'powered-by' });
  });

  it('ignores generators it does not know and ones that only mention a name later', () => {
    const html = page(
      '<meta name="generator" content="Microsoft Word 15"><meta name="generator" content="Powered by Slider Revolution for WordPress">',
    );
    expect(detect(html)).toEqual([]);
  });
});

describe('extractTechnologies: scripts, stylesheets and iframes', () => {
  it.each([
    ['<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-ABC"></script>', 'Google Tag Manager'],
    ['<script async src="https://www.googletagmanager.com/gtag/js?id=G-XYZ123"></script>', 'Google Analytics'],
    ['<script src="https://www.google-analytics.com/analytics.js"></script>', 'Google Analytics'],
    ['<script src="https://cdn.segment.com/analytics.js/v1/KEY/analytics.min.js"></script>', 'Segment'],
    ['<script id="hs-script-loader" async defer src="//js.hs-scripts.com/123456.js"></script>', 'HubSpot'],
    ['<script src="https://widget.intercom.io/widget/abcd1234"></script>', 'Intercom'],
    ['<script src="https://js.driftt.com/include/1700000000/abc.js"></script>', 'Drift'],
    ['<script src="https://static.hotjar.com/c/hotjar-123.js?sv=6"></script>', 'Hotjar'],
    ['<script src="https://js.stripe.com/v3/"></script>', 'Stripe'],
    ['<link rel="stylesheet" href="//cdn.shopify.com/s/files/1/0001/t/1/assets/theme.css">', 'Shopify'],
    ['<script src="https://assets.website-files.com/5f1/js/webflow.abc.js"></script>', 'Webflow'],
    ['<script src="https://static.parastorage.com/services/wix-thunderbolt/dist/main.js"></script>', 'Wix'],
    ['<link rel="stylesheet" href="https://static1.squarespace.com/static/versioned-site-css/a/b/site.css">', 'Squarespace'],
    ["<script defer src='https://static.cloudflareinsights.com/beacon.min.js' data-cf-beacon='{}'></script>", 'Cloudflare Web Analytics'],
    ['<script src="/_next/static/chunks/main-abc.js"></script>', 'Next.js'],
    ['<link rel="modulepreload" href="/_nuxt/entry.abc.js">', 'Nuxt'],
    ['<script src="/_vercel/insights/script.js"></script>', 'Vercel'],
    ['<link rel="stylesheet" href="/wp-content/themes/acme/style.css">', 'WordPress'],
    ['<script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script>', 'WordPress'],
    ['<script src="https://code.jquery.com/jquery-3.7.1.min.js"></script>', 'jQuery'],
    ['<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter">', 'Google Fonts'],
    ['<script src="/cdn-cgi/scripts/5c5dd728/cloudflare-static/email-decode.min.js"></script>', 'Cloudflare'],
    ['<iframe src="https://www.googletagmanager.com/ns.html?id=GTM-ABC" height="0"></iframe>', 'Google Tag Manager'],
  ])('%s → %s', (tag, name) => {
    const found = detect(page(tag));
    expect(found.find((f) => f.value === name)).toEqual({ value: name, url: URL, method: 'script-host' });
  });

  it('resolves relative and protocol-relative URLs against the page', () => {
    // jQuery under /wp-includes/ is both WordPress and jQuery.
    expect(methods(page('<script src="wp-includes/js/jquery/jquery.min.js"></script>'))).toEqual({
      WordPress: 'script-host',
      jQuery: 'script-host',
    });
  });

  it('does not count a look-alike host', () => {
    const html = page(
      '<script src="https://cdn.shopify.com.evil.example/x.js"></script><script src="https://notjs.stripe.com.example/v3"></script>',
    );
    expect(detect(html)).toEqual([]);
  });

  it('gtag.js for a Google Ads id is not Analytics', () => {
    expect(detect(page('<script src="https://www.googletagmanager.com/gtag/js?id=AW-123"></script>'))).toEqual([]);
  });
});

describe('extractTechnologies: markup', () => {
  it.each([
    ['<div id="root" data-reactroot=""><p>Hi</p></div>', 'React'],
    ['<app-root ng-version="17.0.5"></app-root>', 'Angular'],
    ['<div _nghost-ng-c123="" class="x"></div>', 'Angular'],
    ['<div data-v-7ba5bd90 class="hero"><p data-v-7ba5bd90>Hi</p></div>', 'Vue.js'],
    ['<div id="__next"></div><script id="__NEXT_DATA__" type="application/json">{"props":{}}</script>', 'Next.js'],
    ['<div id="__nuxt"></div>', 'Nuxt'],
    ['<div id="___gatsby"></div>', 'Gatsby'],
    ['<html data-wf-site="5f1" data-wf-page="5f2"></html>', 'Webflow'],
    ['<div data-drupal-selector="edit-search"></div>', 'Drupal'],
    ['<astro-island uid="1" component-url="/x.js"></astro-island>', 'Astro'],
  ])('%s → %s', (markup, name) => {
    expect(detect(page('', markup))).toEqual([{ value: name, url: URL, method: 'markup' }]);
  });

  it("reads WordPress's REST API link and Shopify's checkout meta", () => {
    const html = page(
      '<link rel="https://api.w.org/" href="https://www.acme.com/wp-json/"><meta name="shopify-checkout-api-token" content="x">',
    );
    expect(methods(html)).toEqual({ WordPress: 'markup', Shopify: 'markup' });
  });
});

describe('extractTechnologies: loader snippets in inline scripts', () => {
  it.each([
    [
      "(function(w,d,s,l,i){j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;})(window,document,'script','dataLayer','GTM-X');",
      'Google Tag Manager',
    ],
    [
      "window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config', 'G-ABC123');",
      'Google Analytics',
    ],
    ['t.src="https://cdn.segment.com/analytics.js/v1/" + key + "/analytics.min.js";', 'Segment'],
    ["window.intercomSettings = { app_id: 'abc' };", 'Intercom'],
    ["h._hjSettings={hjid:123,hjsv:6};r.src='https://static.hotjar.com/c/hotjar-'", 'Hotjar'],
    ['drift.load("abc123"); t.src = "https://js.driftt.com/include/" + n + "/" + e + ".js";', 'Drift'],
    ["Shopify.shop = 'acme.myshopify.com';", 'Shopify'],
    ['window.__NUXT__=(function(a){return {}}(1));', 'Nuxt'],
    ["n.src='https://connect.facebook.net/en_US/fbevents.js';fbq('init','123');", 'Facebook Pixel'],
  ])('%s → %s', (code, name) => {
    expect(detect(page(`<script>${code}</script>`))).toEqual([{ value: name, url: URL, method: 'inline-script' }]);
  });

  it('does not read JSON or template scripts as code', () => {
    const html = page(
      '<script type="application/ld+json">{"description":"We use static.hotjar.com and js.driftt.com"}</script>' +
        '<script type="text/template"><p>intercomSettings</p></script>',
    );
    expect(detect(html)).toEqual([]);
  });
});

describe('extractTechnologies: precision', () => {
  it('finds nothing on a plain page that only talks about and links to technologies', () => {
    const html = page(
      `<title>Acme</title><link rel="canonical" href="https://www.acme.com/"><link rel="preconnect" href="https://js.stripe.com">
       <link rel="dns-prefetch" href="//fonts.googleapis.com">
       <link rel="alternate" href="https://acme.myshopify.com/feed"><link rel="stylesheet" href="/css/site.css"><script src="/js/app.js"></script>`,
      `<h1>We build with React, Vue, Angular and WordPress</h1>
       <p>Our shop moved off Shopify; see <a href="https://www.shopify.com/">shopify.com</a>, <a href="https://wordpress.org/wp-content/x">WordPress</a>,
       <a href="https://js.stripe.com/v3/">Stripe docs</a> and <a href="/_next/static/readme">Next.js notes</a>.</p>
       <pre>&lt;script src="https://www.googletagmanager.com/gtm.js"&gt;&lt;/script&gt; data-reactroot ng-version __NEXT_DATA__</pre>
       <p data-value="x" data-vendor="acme">Powered by Webflow? No. Hosted on Netlify? No.</p>`,
    );
    expect(detect(html)).toEqual([]);
  });

  it('reports each technology once, with its strongest evidence, in table order', () => {
    const html = page(
      '<meta name="generator" content="WordPress 6.4"><link rel="stylesheet" href="/wp-content/themes/a/style.css">' +
        '<script src="/wp-includes/js/wp-emoji.js"></script><script src="https://www.google-analytics.com/analytics.js"></script>',
      '<script>gtag("config", "UA-1-1")</script><script src="https://www.googletagmanager.com/gtm.js?id=GTM-1"></script>',
    );
    expect(detect(html)).toEqual([
      { value: 'WordPress', url: URL, method: 'generator' },
      { value: 'Google Tag Manager', url: URL, method: 'script-host' },
      { value: 'Google Analytics', url: URL, method: 'script-host' },
    ]);
  });

  it('takes an extended table, and the default table has unique names and valid selectors', () => {
    const extra: Technology = { name: 'Plausible', category: 'analytics', matchers: { src: [/plausible\.io\/js\//] } };
    expect(detect(page('<script defer src="https://plausible.io/js/script.js"></script>'), [...TECHNOLOGIES, extra])).toEqual([
      { value: 'Plausible', url: URL, method: 'script-host' },
    ]);
    expect(new Set(TECHNOLOGIES.map((t) => t.name)).size).toBe(TECHNOLOGIES.length);
    const $ = parseHtml(page(''));
    for (const { matchers } of TECHNOLOGIES) if (matchers.selector) expect(() => $(matchers.selector)).not.toThrow();
    expect(technologyCategory('Stripe')).toBe('payments');
    expect(technologyCategory('Nothing')).toBeNull();
  });
});

describe('extractCompanyFacts: technologies', () => {
  it('fills technologies and starts empty', () => {
    expect(emptyCompanyFacts().technologies).toEqual([]);
    const facts = extractCompanyFacts(page('<meta name="generator" content="Hugo 0.120">', '<p>Acme</p>'), URL, 'acme.com');
    expect(facts.technologies).toEqual([{ value: 'Hugo', url: URL, method: 'generator' }]);
    expect(extractCompanyFacts('', URL, 'acme.com').technologies).toEqual([]);
  });
});

// metascraper's saved pages (see metascraper-corpus.test.ts); each expectation below was checked in the page source.
describe('extractTechnologies on the metascraper corpus', () => {
  const read = (file: string): string => readCorpus('metascraper', file);
  const onPage = (domain: string, file = `${domain}.html`) =>
    Object.fromEntries(extractCompanyFacts(read(file), `https://${domain}/`, domain).technologies.map((f) => [f.value, f.method]));

  it('kikobeats.com: Jekyll generator, GA snippet, Cloudflare /cdn-cgi/, Netlify asset CDN', () => {
    expect(onPage('kikobeats.com')).toEqual({
      Jekyll: 'generator', // <meta name="generator" content="Jekyll v3.8.5" />
      'Google Analytics': 'inline-script', // analytics.js loader snippet
      Cloudflare: 'script-host', // /cdn-cgi/apps/head/… and /cdn-cgi/scripts/…/email-decode.min.js
      Netlify: 'script-host', // stylesheet on d33wubrfki0l68.cloudfront.net
    });
  });

  it('learnnode.com: jQuery, Stripe.js, Sentry (Raven), Twitter conversion tag, Font Awesome, GA, Cloudflare', () => {
    // The page's prose mentions React, Vue and Angular many times; none of them is detected.
    expect(onPage('learnnode.com')).toEqual({
      jQuery: 'script-host', // /javascripts/jquery.min.js
      'Font Awesome': 'script-host', // netdna.bootstrapcdn.com/font-awesome/… (not Bootstrap itself)
      'Google Analytics': 'inline-script',
      'Twitter Ads': 'script-host', // platform.twitter.com/oct.js
      Stripe: 'script-host', // js.stripe.com/v2/
      Sentry: 'script-host', // cdn.ravenjs.com
      Cloudflare: 'script-host',
    });
  });

  it('microlink.io: Gatsby (generator and #___gatsby), React Helmet markup, polyfill.io, GA, Cloudflare, Netlify', () => {
    expect(onPage('microlink.io')).toEqual({
      Gatsby: 'generator', // <meta name="generator" content="Gatsby 2.1.27"/>
      React: 'markup', // data-react-helmet="true"
      'Polyfill.io': 'script-host',
      'Google Analytics': 'inline-script',
      Cloudflare: 'script-host',
      Netlify: 'script-host',
    });
  });

  it('LinkedIn company page: its own static.licdn.com bundles and "segmentation" prose detect nothing', () => {
    expect(onPage('linkedin.com', 'linkedin-company-audiense.html')).toEqual({});
  });
});
