import { FetchError } from '@enrich/guarded-fetch';
import robotsParser from 'robots-parser';
import { type FetchTextOptions, fetchText } from './fetch-text';

/**
 * How robots.txt was obtained, following RFC 9309 §2.3.1 (and Google's documented behaviour):
 * - `parsed`: 2xx, rules apply to our product token (else to `*`).
 * - `missing`: any 4xx (404, 410, also 401/403): no rules, everything allowed.
 * - `unreachable`: 5xx, 429, timeout, network/DNS error, guard refusal, body over the cap:
 *   the site may be in trouble, so everything is disallowed for this crawl (retry on a later job).
 * Redirects are followed (up to the fetcher's limit of 5), as the RFC asks.
 */
export type RobotsStatus = 'parsed' | 'missing' | 'unreachable';

export interface RobotsPolicy {
  origin: string;
  status: RobotsStatus;
  /** Why it is unreachable (a FetchError kind), for logs. */
  error?: string;
  isAllowed(url: string): boolean;
  /** Crawl-delay for our agent in ms, already capped; 0 when none. */
  crawlDelayMs: number;
  /** Sitemap: lines, absolute URLs. */
  sitemaps: string[];
  /** Round trips loading it took (1, plus one per redirect); absent when it was not fetched. */
  roundTrips?: number;
}

export interface RobotsOptions {
  fetch: FetchTextOptions;
  /** Upper bound for Crawl-delay, so a hostile value cannot stall the crawl. */
  maxDelayMs: number;
}

/** RFC 9309 requires parsing at least 500 KiB; we read no more than that. */
export const ROBOTS_MAX_BYTES = 500 * 1024;

/** The token robots.txt groups are matched against: "CompanyEnrichmentBot/1.0 (+…)" → "CompanyEnrichmentBot". */
export function productToken(userAgent: string): string {
  return userAgent.trim().split(/[\s/]/)[0] ?? userAgent;
}

function fixed(origin: string, status: RobotsStatus, allowed: boolean, error?: string): RobotsPolicy {
  return { origin, status, error, isAllowed: () => allowed, crawlDelayMs: 0, sitemaps: [], roundTrips: 1 };
}

/** Builds a policy from robots.txt text for the given origin. */
export function parseRobots(origin: string, text: string, userAgent: string, maxDelayMs: number): RobotsPolicy {
  const robotsUrl = `${origin}/robots.txt`;
  const robots = robotsParser(robotsUrl, text);
  const token = productToken(userAgent);
  const delaySeconds = robots.getCrawlDelay(token);
  const sitemaps = robots.getSitemaps().flatMap((s) => {
    try {
      return [new URL(s, robotsUrl).href];
    } catch {
      return [];
    }
  });
  return {
    origin,
    status: 'parsed',
    // undefined means "another origin": robots.txt of one origin says nothing about another.
    isAllowed: (url) => robots.isAllowed(url, token) ?? false,
    crawlDelayMs:
      delaySeconds === undefined || !Number.isFinite(delaySeconds) || delaySeconds <= 0
        ? 0
        : Math.min(Math.round(delaySeconds * 1000), maxDelayMs),
    sitemaps,
  };
}

/** Fetches and parses `${origin}/robots.txt`; never throws for fetch failures (see RobotsStatus). */
export async function loadRobots(origin: string, options: RobotsOptions): Promise<RobotsPolicy> {
  const fetch = { ...options.fetch, maxBytes: Math.min(options.fetch.maxBytes, ROBOTS_MAX_BYTES) };
  try {
    // Rules of a robots.txt reached by redirect still govern the origin that was asked.
    const { text, redirects } = await fetchText(`${origin}/robots.txt`, fetch);
    return { ...parseRobots(origin, text, options.fetch.userAgent, options.maxDelayMs), roundTrips: 1 + redirects };
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    const status = error.status;
    if (error.kind === 'http' && status !== undefined && status >= 400 && status < 500 && status !== 429) {
      return fixed(origin, 'missing', true);
    }
    return fixed(origin, 'unreachable', false, error.kind);
  }
}

/**
 * For the caller, before it fetches the homepage: whether our user agent may fetch `url` at all.
 * Pass the returned policy on to crawlSite so robots.txt is not fetched twice.
 */
export async function robotsAllowsHomepage(url: string, options: RobotsOptions): Promise<{ allowed: boolean; robots: RobotsPolicy }> {
  const robots = await loadRobots(new URL(url).origin, options);
  return { allowed: robots.isAllowed(url), robots };
}
