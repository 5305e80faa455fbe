import { isCompanySite } from '@enrich/domain';
import { FetchError, type FetchErrorKind, type FetchPageOptions, fetchPage, HostAgents } from '@enrich/guarded-fetch';
import { type HtmlDocument, parseHtml } from '../extract/parse-html';
import type { CrawlEnv } from './crawl-env';
import { bestPerKind, type FactPageCandidate, pickFactPages } from './fact-pages';
import { fetchText } from './fetch-text';
import { HostLimiter } from './host-limiter';
import { FACT_KINDS, type FactKind } from './page-kinds';
import { loadRobots, type RobotsPolicy } from './robots';
import { RoundTrips } from './round-trips';
import { normalizeUrl, originOf } from './site-url';
import { type SitemapLimits, scanSitemaps } from './sitemap';

export interface CrawlSettings {
  /** Per-request settings (SCRAPER_*): host map, per-page deadline and size cap, user agent. */
  fetch: Omit<FetchPageOptions, 'signal'>;
  maxPages: number;
  maxBytes: number;
  budgetMs: number;
  hostConcurrency: number;
  maxDelayMs: number;
  /** Robots policy already loaded for the homepage's origin (from robotsAllowsHomepage). */
  robots?: RobotsPolicy;
  sitemapLimits?: SitemapLimits;
}

export type PageKind = FactKind | 'home';
export type SkipReason = 'robots' | 'budget' | 'max_bytes' | 'off_site' | 'duplicate' | FetchErrorKind;

export interface CrawlResult {
  pages: { url: string; html: string; kind: PageKind }[];
  skipped: { url: string; reason: SkipReason }[];
  /** True when robots.txt forbids the homepage itself: nothing of the site may be used. */
  blockedByRobots: boolean;
  robots: { origin: string; status: RobotsPolicy['status'] }[];
  /**
   * pages and bytes include the homepage; sitemap/robots bytes are capped separately.
   * roundTrips: the sequential network round trips of the site's scrape, the homepage's
   * included: the longest chain of requests that each waited for an earlier answer (homepage
   * attempts and redirects → robots.txt → sitemaps, one after another → pages), with
   * `hostConcurrency` requests side by side per host counting as one trip (see RoundTrips).
   */
  stats: { pages: number; bytes: number; ms: number; sitemapFiles: number; roundTrips: number };
}

/** The homepage as the caller fetched it (and rendered it, if it did). */
export interface CrawlHomepage {
  url: string;
  html: string;
  /** `html` parsed, when the caller already did (for its facts): its links are read from it. */
  document?: HtmlDocument;
  /** Round trips it took: attempts at the site's address forms and redirects. 1 when not said. */
  trips?: number;
}

export function crawlSettingsFrom(env: CrawlEnv, fetch: Omit<FetchPageOptions, 'signal'>): CrawlSettings {
  return {
    fetch,
    maxPages: env.CRAWL_MAX_PAGES,
    maxBytes: env.CRAWL_MAX_BYTES,
    budgetMs: env.CRAWL_BUDGET_MS,
    hostConcurrency: env.CRAWL_HOST_CONCURRENCY,
    maxDelayMs: env.CRAWL_MAX_DELAY_MS,
  };
}

interface HostState {
  limiter: HostLimiter;
  /** The origin's robots.txt (none when the budget ran out first) and the trip its pages may go out after. */
  robots: Promise<{ policy: RobotsPolicy; after: number } | undefined>;
}

/**
 * Crawls the homepage's fact pages (about, company, contact, imprint, team, careers, pricing)
 * found in its links, else in the sitemap, within the page, byte and time bounds of `settings`,
 * obeying robots.txt per origin with polite per-host concurrency and Crawl-delay.
 * Never throws for fetch failures: they end up in `skipped`.
 */
export async function crawlSite(domain: string, homepage: CrawlHomepage, settings: CrawlSettings): Promise<CrawlResult> {
  if (settings.fetch.agents) return crawlWith(domain, homepage, settings);
  // robots.txt, sitemaps and pages of one host share a few kept-alive connections for this crawl.
  const agents = new HostAgents({ maxSockets: settings.hostConcurrency });
  try {
    return await crawlWith(domain, homepage, { ...settings, fetch: { ...settings.fetch, agents } });
  } finally {
    agents.destroy();
  }
}

async function crawlWith(domain: string, homepage: CrawlHomepage, settings: CrawlSettings): Promise<CrawlResult> {
  const started = Date.now();
  const deadline = started + settings.budgetMs;
  const hosts = new Map<string, HostState>();
  const trips = new RoundTrips(settings.hostConcurrency);
  const result: CrawlResult = {
    pages: [],
    skipped: [],
    blockedByRobots: false,
    robots: [],
    stats: { pages: 0, bytes: 0, ms: 0, sitemapFiles: 0, roundTrips: 0 },
  };
  const finish = (): CrawlResult => {
    result.stats.pages = result.pages.length;
    result.stats.ms = Date.now() - started;
    result.stats.roundTrips = trips.depth;
    return result;
  };

  /** The origin's limiter and robots.txt, asked for once `after` trips were done. */
  const hostFor = (origin: string, after: number): HostState => {
    let state = hosts.get(origin);
    if (!state) {
      const limiter = new HostLimiter(settings.hostConcurrency);
      const preloaded = settings.robots?.origin === origin ? settings.robots : undefined;
      const robots = (
        preloaded
          ? Promise.resolve(preloaded)
          : limiter
              .run(deadline, () => loadRobots(origin, { fetch: settings.fetch, maxDelayMs: settings.maxDelayMs }))
              .then((r) => r?.value)
      ).then((policy) => {
        if (!policy) return undefined;
        limiter.setDelay(policy.crawlDelayMs);
        result.robots.push({ origin, status: policy.status });
        // A policy passed in was read by the caller, before the homepage: not a trip of this chain.
        return { policy, after: policy === preloaded ? after : trips.add(origin, after, policy.roundTrips ?? 1) };
      });
      state = { limiter, robots };
      hosts.set(origin, state);
    }
    return state;
  };

  const homeUrl = normalizeUrl(homepage.url) ?? homepage.url;
  const homeTrips = trips.add(originOf(homeUrl), 0, homepage.trips ?? 1);
  const home = hostFor(originOf(homeUrl), homeTrips);
  const homeState = await home.robots;
  const homeRobots = homeState?.policy;
  if (!homeRobots?.isAllowed(homeUrl)) {
    result.blockedByRobots = homeRobots !== undefined;
    result.skipped.push({ url: homeUrl, reason: homeRobots ? 'robots' : 'budget' });
    return finish();
  }
  result.pages.push({ url: homeUrl, html: homepage.html, kind: 'home' });
  result.stats.bytes = Buffer.byteLength(homepage.html);

  const slots = settings.maxPages - 1;
  let candidates = slots > 0 ? pickFactPages(homepage.document ?? parseHtml(homepage.html), homeUrl, domain, slots) : [];
  // The trip after which the candidates are known: the homepage's links, or the sitemaps read after robots.txt.
  let candidatesAfter = homeTrips;
  if (candidates.length < Math.min(slots, FACT_KINDS.length) && Date.now() < deadline) {
    const sitemapTrips = { after: homeState!.after, trips };
    candidates = await withSitemap(candidates, homeRobots, home.limiter, domain, slots, deadline, settings, result, sitemapTrips);
    candidatesAfter = sitemapTrips.after;
  }

  const fetched = new Set([homeUrl]);
  let reserved = 0;
  const outcomes = await Promise.all(
    candidates.map(async (candidate): Promise<CrawlResult['pages'][number] | undefined> => {
      const skip = (reason: SkipReason): undefined => void result.skipped.push({ url: candidate.url, reason });
      const origin = originOf(candidate.url);
      const host = hostFor(origin, candidatesAfter);
      const robots = await host.robots;
      if (!robots) return skip('budget');
      if (!robots.policy.isAllowed(candidate.url)) return skip('robots');
      const after = Math.max(candidatesAfter, robots.after);
      let allot = 0;
      let sent = false;
      try {
        const ran = await host.limiter.run(deadline, () => {
          // Bytes are reserved at start, so concurrent fetches together stay within the bound.
          allot = Math.min(settings.fetch.maxBytes, settings.maxBytes - result.stats.bytes - reserved);
          if (allot <= 0) return Promise.resolve(undefined);
          reserved += allot;
          sent = true;
          return fetchPage(candidate.url, { ...settings.fetch, maxBytes: allot }).finally(() => (reserved -= allot));
        });
        if (!ran) return skip('budget');
        const page = ran.value;
        if (!page) return skip('max_bytes');
        trips.add(origin, after, 1 + page.redirects.length);
        result.stats.bytes += page.bytes;
        const finalUrl = normalizeUrl(page.finalUrl) ?? page.finalUrl;
        if (!isCompanySite(finalUrl, domain)) return skip('off_site');
        if (fetched.has(finalUrl)) return skip('duplicate');
        fetched.add(finalUrl);
        return { url: finalUrl, html: page.html, kind: candidate.kind };
      } catch (error) {
        if (!(error instanceof FetchError)) throw error;
        if (sent) trips.add(origin, after, 1);
        const squeezed = error.kind === 'too_large' && allot < settings.fetch.maxBytes;
        return skip(squeezed ? 'max_bytes' : error.kind);
      }
    }),
  );
  // Kept in candidate order (most useful first), not completion order.
  for (const page of outcomes) if (page) result.pages.push(page);
  return finish();
}

/** Adds sitemap candidates for the kinds the homepage links did not cover. */
async function withSitemap(
  fromLinks: FactPageCandidate[],
  robots: RobotsPolicy,
  limiter: HostLimiter,
  domain: string,
  slots: number,
  deadline: number,
  settings: CrawlSettings,
  result: CrawlResult,
  /** The chain so far: sitemaps are read one after another, each after the one before. */
  chain: { after: number; trips: RoundTrips },
): Promise<FactPageCandidate[]> {
  const roots = robots.sitemaps.length > 0 ? robots.sitemaps : [`${robots.origin}/sitemap.xml`];
  const allowedRoots = roots.filter((url) => robots.origin !== originOf(url) || robots.isAllowed(url));
  const scan = await scanSitemaps(allowedRoots, domain, settings.fetch, {
    limits: settings.sitemapLimits,
    max: slots,
    deadline,
    // Sitemap requests go through the host's limiter too (Crawl-delay, concurrency).
    fetchText: async (url, options) => {
      try {
        const text = (await limiter.run(Number.POSITIVE_INFINITY, () => fetchText(url, options)))!.value;
        chain.after = chain.trips.add(robots.origin, chain.after, 1 + text.redirects);
        return text;
      } catch (error) {
        chain.after = chain.trips.add(robots.origin, chain.after, 1);
        throw error;
      }
    },
  });
  result.stats.sitemapFiles = scan.files;
  const kinds = new Set(fromLinks.map((c) => c.kind));
  const urls = new Set(fromLinks.map((c) => c.url));
  const extra = scan.candidates.filter((c) => !kinds.has(c.kind) && !urls.has(c.url));
  // Link candidates win a tie on kind; the merged list is re-ordered by usefulness.
  return bestPerKind([...fromLinks, ...extra], slots);
}
