import type { Cheerio } from 'cheerio';
import type { Element } from 'domhandler';
import type { Fact } from './company-facts';
import type { HtmlDocument } from './parse-html';
import { absoluteUrl, fact } from './util';

export type TechnologyCategory =
  | 'cms'
  | 'site-builder'
  | 'static-site-generator'
  | 'ecommerce'
  | 'framework'
  | 'library'
  | 'fonts'
  | 'analytics'
  | 'tag-manager'
  | 'marketing'
  | 'chat'
  | 'payments'
  | 'cdn'
  | 'hosting'
  | 'monitoring';

/** Where the evidence was found; a technology is reported with the first method that matched. */
export type TechnologyMethod = 'generator' | 'powered-by' | 'markup' | 'script-host' | 'inline-script';

export interface TechnologyMatchers {
  /** Content of `<meta name="generator">`, and of `<meta http-equiv="X-Powered-By">` (method 'powered-by'). */
  generator?: RegExp;
  /** Elements only this technology renders (method 'markup'). */
  selector?: string;
  /** Attribute names on any element, for generated ones such as Vue's `data-v-1a2b3c4d` (method 'markup'). */
  attribute?: RegExp;
  /** Absolute URL of a script, stylesheet, preload or iframe the page loads (method 'script-host'). */
  src?: readonly RegExp[];
  /** Code of inline scripts: the loader snippets that inject the real script at run time (method 'inline-script'). */
  inline?: RegExp;
}

export interface Technology {
  name: string;
  category: TechnologyCategory;
  matchers: TechnologyMatchers;
}

/** A URL on one of the hosts (or their subdomains). */
function host(...domains: string[]): RegExp {
  const names = domains.map((d) => d.replace(/\./g, '\\.')).join('|');
  return new RegExp(`^https?://(?:[^/?#]*\\.)?(?:${names})(?::\\d+)?(?:[/?#]|$)`, 'i');
}

// Signals are the markup a technology itself emits, never prose: a page that merely mentions
// "React" or links to shopify.com detects nothing. Extend by adding rows.
export const TECHNOLOGIES: readonly Technology[] = [
  // Content management systems and site builders.
  {
    name: 'WordPress',
    category: 'cms',
    matchers: {
      generator: /^wordpress\b/i,
      selector: 'link[rel="https://api.w.org/"]',
      src: [/\/wp-(?:content|includes)\//],
    },
  },
  { name: 'WooCommerce', category: 'ecommerce', matchers: { generator: /^woocommerce\b/i, src: [/\/wp-content\/plugins\/woocommerce\//] } },
  {
    name: 'Drupal',
    category: 'cms',
    matchers: {
      generator: /^drupal\b/i,
      selector: '[data-drupal-selector], [data-drupal-link-system-path]',
      src: [/\/sites\/(?:all|default)\/(?:files|modules|themes)\//, /\/core\/misc\/drupal\.js/],
    },
  },
  { name: 'Joomla', category: 'cms', matchers: { generator: /^joomla\b/i, src: [/\/media\/jui\/js\//] } },
  { name: 'TYPO3', category: 'cms', matchers: { generator: /^typo3\b/i, src: [/\/typo3(?:conf|temp)\//] } },
  { name: 'Ghost', category: 'cms', matchers: { generator: /^ghost\b/i } },
  {
    name: 'Wix',
    category: 'site-builder',
    matchers: { generator: /^wix\.com\b/i, src: [host('static.parastorage.com', 'static.wixstatic.com')] },
  },
  {
    name: 'Squarespace',
    category: 'site-builder',
    matchers: {
      generator: /^squarespace\b/i,
      src: [host('static1.squarespace.com', 'assets.squarespace.com')],
      inline: /\bStatic\.SQUARESPACE_CONTEXT\b/,
    },
  },
  // d3e54v103j8qbb.cloudfront.net serves the jQuery build every Webflow site loads.
  {
    name: 'Webflow',
    category: 'site-builder',
    matchers: {
      generator: /^webflow\b/i,
      selector: 'html[data-wf-site], html[data-wf-page]',
      src: [host('website-files.com', 'd3e54v103j8qbb.cloudfront.net')],
    },
  },
  { name: 'Framer', category: 'site-builder', matchers: { generator: /^framer\b/i, src: [host('framerusercontent.com')] } },
  {
    name: 'Shopify',
    category: 'ecommerce',
    matchers: {
      generator: /^shopify\b/i,
      selector: 'meta[name="shopify-checkout-api-token"], meta[name="shopify-digital-wallet"]',
      src: [host('cdn.shopify.com')],
      inline: /\bShopify\.shop\s*=/,
    },
  },
  { name: 'Hugo', category: 'static-site-generator', matchers: { generator: /^hugo\b/i } },
  { name: 'Jekyll', category: 'static-site-generator', matchers: { generator: /^jekyll\b/i } },
  { name: 'Hexo', category: 'static-site-generator', matchers: { generator: /^hexo\b/i } },
  { name: 'Eleventy', category: 'static-site-generator', matchers: { generator: /^eleventy\b/i } },
  { name: 'Docusaurus', category: 'static-site-generator', matchers: { generator: /^docusaurus\b/i } },

  // JavaScript frameworks and libraries.
  { name: 'Gatsby', category: 'framework', matchers: { generator: /^gatsby\b/i, selector: '#___gatsby' } },
  {
    name: 'Next.js',
    category: 'framework',
    matchers: {
      generator: /^next\.js\b/i,
      selector: 'script#__NEXT_DATA__',
      src: [/^https?:\/\/[^/]+\/_next\/static\//],
    },
  },
  {
    name: 'Nuxt',
    category: 'framework',
    matchers: {
      generator: /^nuxt\b/i,
      selector: '#__nuxt',
      src: [/^https?:\/\/[^/]+\/_nuxt\//],
      inline: /\bwindow\.__NUXT__\s*=/,
    },
  },
  { name: 'Astro', category: 'framework', matchers: { generator: /^astro\b/i, selector: 'astro-island' } },
  // data-react-helmet is written by React Helmet, which only runs inside a React app.
  { name: 'React', category: 'framework', matchers: { selector: '[data-reactroot], [data-reactid], [data-react-helmet]' } },
  { name: 'Vue.js', category: 'framework', matchers: { selector: '[data-server-rendered]', attribute: /^data-v-[0-9a-f]{6,8}$/ } },
  { name: 'Angular', category: 'framework', matchers: { selector: '[ng-version]', attribute: /^_ng(?:host|content)-/ } },
  { name: 'AngularJS', category: 'framework', matchers: { selector: '[ng-app], [data-ng-app]' } },
  {
    name: 'jQuery',
    category: 'library',
    matchers: { src: [/\/jquery(?:-\d[\w.]*)?(?:\.slim)?(?:\.min)?\.js(?:$|[?#])/i, host('code.jquery.com')] },
  },
  { name: 'Bootstrap', category: 'library', matchers: { src: [/\/bootstrap(?:\.bundle)?(?:\.min)?\.(?:js|css)(?:$|[?#])/i] } },
  { name: 'Polyfill.io', category: 'library', matchers: { src: [host('polyfill.io')] } },
  { name: 'Font Awesome', category: 'fonts', matchers: { src: [/font-?awesome/i, host('fontawesome.com')] } },
  { name: 'Google Fonts', category: 'fonts', matchers: { src: [host('fonts.googleapis.com')] } },

  // Analytics, marketing and support widgets: mostly loader snippets in inline scripts.
  {
    name: 'Google Tag Manager',
    category: 'tag-manager',
    matchers: {
      src: [/googletagmanager\.com\/(?:gtm\.js|ns\.html)/],
      inline: /googletagmanager\.com\/gtm\.js/,
    },
  },
  // gtag.js with an AW- id is Google Ads, not Analytics.
  {
    name: 'Google Analytics',
    category: 'analytics',
    matchers: {
      src: [/google-analytics\.com\/(?:analytics|ga|urchin)\.js/, /googletagmanager\.com\/gtag\/js\?id=(?:G|UA)-/],
      inline: /google-analytics\.com\/(?:analytics|ga|urchin)\.js|\bgtag\(\s*['"]config['"]\s*,\s*['"](?:G|UA)-/,
    },
  },
  { name: 'Segment', category: 'analytics', matchers: { src: [host('cdn.segment.com')], inline: /cdn\.segment\.com\/analytics\.js/ } },
  { name: 'Mixpanel', category: 'analytics', matchers: { src: [host('cdn.mxpnl.com')], inline: /cdn\.mxpnl\.com\/libs\/mixpanel/ } },
  { name: 'Hotjar', category: 'analytics', matchers: { src: [host('static.hotjar.com')], inline: /static\.hotjar\.com|\b_hjSettings\b/ } },
  { name: 'Cloudflare Web Analytics', category: 'analytics', matchers: { src: [host('static.cloudflareinsights.com')] } },
  {
    name: 'HubSpot',
    category: 'marketing',
    matchers: {
      generator: /^hubspot\b/i,
      src: [host('hs-scripts.com', 'hsforms.net', 'hs-analytics.net', 'hs-banner.com', 'js.hubspot.com')],
      inline: /js\.hs-scripts\.com|js\.hsforms\.net/,
    },
  },
  {
    name: 'Facebook Pixel',
    category: 'marketing',
    matchers: {
      src: [/connect\.facebook\.net\/[\w-]+\/fbevents\.js/],
      inline: /connect\.facebook\.net\/[\w-]+\/fbevents\.js/,
    },
  },
  {
    name: 'LinkedIn Insight Tag',
    category: 'marketing',
    matchers: {
      src: [/snap\.licdn\.com\/li\.lms-analytics\//],
      inline: /snap\.licdn\.com\/li\.lms-analytics\/|\b_linkedin_partner_id\b/,
    },
  },
  {
    name: 'Twitter Ads',
    category: 'marketing',
    matchers: {
      src: [/platform\.twitter\.com\/oct\.js/, /static\.ads-twitter\.com\/uwt\.js/],
      inline: /static\.ads-twitter\.com\/uwt\.js/,
    },
  },
  {
    name: 'Intercom',
    category: 'chat',
    matchers: {
      src: [host('widget.intercom.io', 'js.intercomcdn.com')],
      inline: /widget\.intercom\.io|\bintercomSettings\b/,
    },
  },
  { name: 'Drift', category: 'chat', matchers: { src: [host('js.driftt.com')], inline: /js\.driftt\.com/ } },
  { name: 'Crisp', category: 'chat', matchers: { src: [host('client.crisp.chat')], inline: /client\.crisp\.chat/ } },
  { name: 'Zendesk', category: 'chat', matchers: { src: [host('static.zdassets.com')] } },
  { name: 'Stripe', category: 'payments', matchers: { src: [host('js.stripe.com')] } },
  { name: 'Sentry', category: 'monitoring', matchers: { src: [host('browser.sentry-cdn.com', 'js.sentry-cdn.com', 'cdn.ravenjs.com')] } },

  // Hosting and delivery.
  // /cdn-cgi/ is served by Cloudflare's edge on the proxied site itself (email obfuscation, apps, challenges).
  { name: 'Cloudflare', category: 'cdn', matchers: { src: [/^https?:\/\/[^/]+\/cdn-cgi\//] } },
  // d33wubrfki0l68.cloudfront.net is where Netlify's asset optimisation serves a site's CSS and JS.
  {
    name: 'Netlify',
    category: 'hosting',
    matchers: {
      src: [host('d33wubrfki0l68.cloudfront.net', 'identity.netlify.com'), /^https?:\/\/[^/]+\/\.netlify\//],
    },
  },
  {
    name: 'Vercel',
    category: 'hosting',
    matchers: {
      src: [/^https?:\/\/[^/]+\/_vercel\/(?:insights|speed-insights)\//, host('va.vercel-scripts.com', 'vercel.live')],
    },
  },
];

// Links that make the browser load something; canonical, alternate, preconnect and the like do not.
const LOADING_RELS = new Set(['stylesheet', 'preload', 'modulepreload', 'prefetch', 'icon', 'apple-touch-icon', 'manifest']);
const MAX_SOURCES = 1000;
const MAX_INLINE_CHARS = 1_000_000;

interface PageSignals {
  /**
   * The elements matching any technology's selector, found in one search of the page: most
   * pages have none, and each technology's own selector is then tried on these alone.
   */
  marked: Cheerio<Element>;
  generators: string[];
  poweredBy: string[];
  attributes: Set<string>;
  sources: string[];
  inline: string;
}

function collectSignals($: HtmlDocument, pageUrl: string, table: readonly Technology[]): PageSignals {
  // The content of each <meta> whose `attribute` is `value`, in any case (meta[attribute="value" i]).
  const content = (attribute: string, value: string): string[] =>
    $.elements('meta')
      .filter((el) => el.attribs[attribute]?.toLowerCase() === value)
      .map((el) => (el.attribs.content ?? '').trim())
      .filter(Boolean);
  const sources: string[] = [];
  const attributes = new Set<string>();
  for (const el of $.elements()) {
    for (const name of Object.keys(el.attribs)) attributes.add(name.toLowerCase());
    if (sources.length >= MAX_SOURCES) continue;
    const tag = el.tagName.toLowerCase();
    const rels = (el.attribs.rel ?? '').toLowerCase().split(/\s+/);
    let href: string | undefined;
    if (tag === 'script' || tag === 'iframe') href = el.attribs.src;
    else if (tag === 'link' && rels.some((rel) => LOADING_RELS.has(rel))) href = el.attribs.href;
    const url = absoluteUrl(href, pageUrl);
    if (url) sources.push(url);
  }
  let inline = '';
  for (const el of $.elements('script')) {
    if (el.attribs.src !== undefined) continue;
    const type = (el.attribs.type ?? '').trim().toLowerCase();
    // JSON and templates carry data, not loader code.
    if (type !== '' && type !== 'module' && !type.includes('javascript')) continue;
    inline += `${$(el).text()}\n`;
    if (inline.length >= MAX_INLINE_CHARS) break;
  }
  const markup = table.flatMap((t) => (t.matchers.selector ? [t.matchers.selector] : []));
  return {
    marked: $(markup.length > 0 ? markup.join(', ') : []) as Cheerio<Element>,
    generators: content('name', 'generator'),
    poweredBy: content('http-equiv', 'x-powered-by'),
    attributes,
    sources,
    inline: inline.slice(0, MAX_INLINE_CHARS),
  };
}

function detect(signals: PageSignals, matchers: TechnologyMatchers): TechnologyMethod | null {
  const { generator, selector, attribute, src, inline } = matchers;
  if (generator && signals.generators.some((g) => generator.test(g))) return 'generator';
  if (generator && signals.poweredBy.some((g) => generator.test(g))) return 'powered-by';
  if (selector && signals.marked.length > 0 && signals.marked.is(selector)) return 'markup';
  if (attribute && [...signals.attributes].some((name) => attribute.test(name))) return 'markup';
  if (src && signals.sources.some((url) => src.some((re) => re.test(url)))) return 'script-host';
  if (inline?.test(signals.inline)) return 'inline-script';
  return null;
}

/**
 * The technologies a page shows it is built with (CMS, framework, analytics, widgets, hosting),
 * one Fact per technology in table order, each with the strongest evidence found.
 */
export function extractTechnologies($: HtmlDocument, pageUrl: string, table: readonly Technology[] = TECHNOLOGIES): Fact<string>[] {
  const signals = collectSignals($, pageUrl, table);
  const found = new Map<string, Fact<string>>();
  for (const technology of table) {
    if (found.has(technology.name)) continue;
    const method = detect(signals, technology.matchers);
    if (method) found.set(technology.name, fact(technology.name, pageUrl, method));
  }
  return [...found.values()];
}

/** The category of a technology name reported by extractTechnologies. */
export function technologyCategory(name: string): TechnologyCategory | null {
  return TECHNOLOGIES.find((t) => t.name === name)?.category ?? null;
}
