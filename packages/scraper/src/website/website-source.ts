import { FetchError, type FetchErrorKind, type FetchPageOptions, fetchPage, HostAgents } from '@enrich/guarded-fetch';
import { type CrawlResult, type CrawlSettings, crawlSite, type PageKind } from '../crawl';
import type { CompanyFacts } from '../extract/company-facts';
import { extractCompanyFacts } from '../extract/extract-company-facts';
import { parseHtml } from '../extract/parse-html';
import { mergePageFacts } from './merge-page-facts';

export type ScrapeSettings = Omit<FetchPageOptions, 'signal'>;

/** Renders a page in a browser; the worker passes its Chromium pool. */
export interface PageRenderer {
  render(url: string): Promise<{ finalUrl: string; html: string }>;
}

export interface WebsiteSourceSettings {
  fetch: ScrapeSettings;
  /** Crawl bounds; without them only the homepage is read. */
  crawl?: Omit<CrawlSettings, 'fetch' | 'robots'>;
  renderer?: PageRenderer;
  /** Decides whether fetched homepage HTML is a JavaScript shell worth rendering. */
  needsRendering?: (html: string, wordCount: number) => boolean;
}

/** Visible text of one crawled page, kept for the AI source. */
export interface SitePageText {
  url: string;
  kind: PageKind;
  text: string;
}

// What the website source leaves for the later steps; stored as JSON in Postgres.
export type WebsiteSourceData =
  | {
      status: 'ok';
      url: string;
      finalUrl: string;
      fetchedAt: string;
      facts: CompanyFacts;
      pages?: SitePageText[];
      rendered?: boolean;
      renderError?: string;
      /** roundTrips: the scrape's sequential network round trips, homepage to last page (CrawlResult's stats). */
      crawl?: { pages: number; bytes: number; ms: number; skipped: number; roundTrips: number };
    }
  | { status: 'unreachable'; reason: FetchErrorKind | 'robots'; message: string; httpStatus?: number; fetchedAt: string };

// Errors after which another address form of the same site is worth a try.
const TRY_NEXT: ReadonlySet<FetchErrorKind> = new Set(['dns', 'network', 'blocked']);
// Text per page handed to the AI step; its token budget trims further.
const PAGE_TEXT_CHARS = 8000;

function candidateUrls(domain: string): string[] {
  return [`https://${domain}/`, `https://www.${domain}/`, `http://${domain}/`];
}

/** The homepage, and the round trips it took: one per address form tried, plus its redirects. */
async function fetchHomepage(
  domain: string,
  settings: ScrapeSettings,
): Promise<{ url: string; finalUrl: string; html: string; trips: number }> {
  const failures: FetchError[] = [];
  for (const url of candidateUrls(domain)) {
    try {
      const page = await fetchPage(url, settings);
      return { url, finalUrl: page.finalUrl, html: page.html, trips: failures.length + 1 + page.redirects.length };
    } catch (error) {
      if (!(error instanceof FetchError)) throw error;
      failures.push(error);
      if (!TRY_NEXT.has(error.kind)) break;
    }
  }
  // A DNS miss on every form says less than, say, a refused connection on one of them.
  throw failures.find((f) => f.kind !== 'dns') ?? failures[0]!;
}

/**
 * The website source: fetches the homepage (bare domain, then www., then plain HTTP),
 * renders it in Chromium when it is a JavaScript shell, crawls the few pages that carry
 * company facts within the crawl bounds and robots.txt, and merges what each page states.
 * Throws the homepage's FetchError when no form of it could be read, so the caller can tell
 * transient failures (retry later) from final ones (the site is unreachable). The homepage
 * is fetched before robots.txt is read; nothing of a site whose robots.txt forbids it is kept.
 */
export async function scrapeWebsiteSource(domain: string, settings: WebsiteSourceSettings): Promise<WebsiteSourceData> {
  if (settings.fetch.agents) return scrapeWith(domain, settings);
  // One keep-alive pool per host for the homepage, robots.txt, sitemap and fact pages.
  const agents = new HostAgents({ maxSockets: settings.crawl?.hostConcurrency ?? 2 });
  try {
    return await scrapeWith(domain, { ...settings, fetch: { ...settings.fetch, agents } });
  } finally {
    agents.destroy();
  }
}

async function scrapeWith(domain: string, settings: WebsiteSourceSettings): Promise<WebsiteSourceData> {
  const home = await fetchHomepage(domain, settings.fetch);
  // Parsed once: for its facts here, and for its links in the crawl.
  let homeDocument = parseHtml(home.html);
  let homeFacts = extractCompanyFacts(homeDocument, home.finalUrl, domain);
  let rendered = false;
  let renderError: string | undefined;
  if (settings.renderer && settings.needsRendering?.(home.html, homeFacts.wordCount)) {
    try {
      const page = await settings.renderer.render(home.finalUrl);
      const document = parseHtml(page.html);
      const facts = extractCompanyFacts(document, page.finalUrl, domain);
      if (facts.wordCount > homeFacts.wordCount) {
        home.html = page.html;
        homeDocument = document;
        homeFacts = facts;
        rendered = true;
      }
    } catch (error) {
      // The fetched HTML is still used; the record just holds less.
      renderError = error instanceof Error ? error.message : String(error);
    }
  }

  let crawl: CrawlResult | undefined;
  if (settings.crawl) {
    crawl = await crawlSite(
      domain,
      { url: home.finalUrl, html: home.html, document: homeDocument, trips: home.trips },
      { ...settings.crawl, fetch: settings.fetch },
    );
    if (crawl.blockedByRobots) {
      return {
        status: 'unreachable',
        reason: 'robots',
        message: `robots.txt of ${home.finalUrl} disallows our user agent`,
        fetchedAt: new Date().toISOString(),
      };
    }
  }
  const pages = [
    { url: home.finalUrl, kind: 'home' as PageKind, facts: homeFacts },
    ...(crawl?.pages ?? [])
      .filter((p) => p.kind !== 'home')
      .map((p) => ({ url: p.url, kind: p.kind, facts: extractCompanyFacts(p.html, p.url, domain) })),
  ];
  return {
    status: 'ok',
    url: home.url,
    finalUrl: home.finalUrl,
    fetchedAt: new Date().toISOString(),
    facts: mergePageFacts(pages),
    pages: pages
      .filter((p) => p.facts.textSample)
      .map((p) => ({ url: p.url, kind: p.kind, text: p.facts.textSample.slice(0, PAGE_TEXT_CHARS) })),
    rendered,
    ...(renderError ? { renderError } : {}),
    ...(crawl
      ? {
          crawl: {
            pages: crawl.stats.pages,
            bytes: crawl.stats.bytes,
            ms: crawl.stats.ms,
            skipped: crawl.skipped.length,
            roundTrips: crawl.stats.roundTrips,
          },
        }
      : {}),
  };
}

/** Homepage only, no crawl or rendering. */
export function scrapeWebsite(domain: string, settings: ScrapeSettings): Promise<WebsiteSourceData> {
  return scrapeWebsiteSource(domain, { fetch: settings });
}

export function unreachable(error: FetchError): WebsiteSourceData {
  return {
    status: 'unreachable',
    reason: error.kind,
    message: error.message,
    ...(error.status === undefined ? {} : { httpStatus: error.status }),
    fetchedAt: new Date().toISOString(),
  };
}
