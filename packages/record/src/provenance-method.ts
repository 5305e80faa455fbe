// Every way a value can be read, with how far a value read that way is trusted (0-1) before
// the merge weighs its source. One table, so that a method cannot be renamed in an extractor
// without the compiler asking what it is worth. Structured data a company publishes about
// itself beats values inferred from page titles or free text (docs/confidence.md).
export const METHOD_QUALITY = {
  // The company's site: schema.org JSON-LD.
  'json-ld': 1,
  'json-ld-publisher': 1,
  'json-ld-website': 1,
  'json-ld-sameAs': 1,
  // The site's meta tags.
  'og:site_name': 0.9,
  'og:description': 0.9,
  'og:logo': 0.9,
  'meta-description': 0.9,
  'application-name': 0.9,
  'twitter:description': 0.8,
  'twitter:site': 0.8,
  // Other markup and visible text of the site.
  microdata: 0.8,
  microformat: 0.8,
  'address-element': 0.8,
  'footer-address': 0.8,
  'contact-address': 0.8,
  'itemprop-logo': 0.8,
  'apple-touch-icon': 0.8,
  'link-icon': 0.8,
  mailto: 0.8,
  tel: 0.8,
  text: 0.8,
  'rel-me': 0.8,
  'footer-link': 0.8,
  'social-link': 0.8,
  'header-link': 0.8,
  'page-link': 0.8,
  // A part of the page's title that echoes the domain; the logo's alternative text.
  title: 0.75,
  'logo-alt': 0.75,
  // A title part holding the domain's label among other words, or held in it ("AgileZen Support"):
  // the name with a section or a place as often as the name alone.
  'title-partial': 0.65,
  // A run of capitalised words in the page's text whose initials spell the domain's label.
  'domain-initials': 0.7,
  // The domain's label as the page's text spells it ("Blue Dog Ink" on bluedogink.com).
  'domain-spelled': 0.65,
  // The alternative text of an image taken for the logo by its file name or id alone
  // ("/images/logo.png"): no markup says it is the site's own.
  'logo-file': 0.65,
  // The holder a copyright line names ("© 2014 Acme Widgets Ltd."): the owner by its own
  // statement, though as often its legal entity or parent company as the name people use.
  copyright: 0.65,
  // The title part at an edge, taken for the site's name by its place alone.
  'title-edge': 0.55,
  // No description in the page's metadata: a paragraph of its content that says what the site
  // is ("Acme is a …").
  'first-paragraph': 0.6,
  // Nothing on the page named the site: a name made from the domain's label, marked inferred.
  'domain-label': 0.3,
  // What the site is built with (technology detection).
  generator: 0.8,
  'powered-by': 0.8,
  markup: 0.8,
  'script-host': 0.8,
  'inline-script': 0.8,
  // The company's LinkedIn page.
  'linkedin:json-ld': 1,
  'linkedin:about-us': 1,
  'linkedin:top-card': 0.9,
  'linkedin:meta': 0.9,
  'linkedin:page-url': 0.9,
  'linkedin:page': 0.9,
  // The AI source; its values are marked inferred and weighed as such (confidence.ts).
  llm: 1,
} as const satisfies Record<string, number>;

export type ProvenanceMethod = keyof typeof METHOD_QUALITY;
export type LinkedInMethod = Extract<ProvenanceMethod, `linkedin:${string}`>;
export type WebsiteMethod = Exclude<ProvenanceMethod, LinkedInMethod | 'llm'>;

export const PROVENANCE_METHODS = Object.keys(METHOD_QUALITY) as ProvenanceMethod[];

/**
 * What a page says when it states nothing better: a name made from the domain or guessed from
 * the title's layout, a description from a paragraph. A value stated another way, on any of the
 * site's pages, is taken before these.
 */
export const FALLBACK_METHODS: ReadonlySet<ProvenanceMethod> = new Set<ProvenanceMethod>(['domain-label', 'title-edge', 'first-paragraph']);

export const isProvenanceMethod = (value: unknown): value is ProvenanceMethod =>
  typeof value === 'string' && Object.hasOwn(METHOD_QUALITY, value);
