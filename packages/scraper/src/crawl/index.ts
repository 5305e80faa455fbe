export { crawlEnv, type CrawlEnv } from './crawl-env';
export {
  crawlSettingsFrom,
  crawlSite,
  type CrawlHomepage,
  type CrawlResult,
  type CrawlSettings,
  type PageKind,
  type SkipReason,
} from './crawl-site';
export { pickFactPages, type FactPageCandidate } from './fact-pages';
export { FACT_KINDS, type FactKind } from './page-kinds';
export { loadRobots, parseRobots, robotsAllowsHomepage, ROBOTS_MAX_BYTES, type RobotsPolicy, type RobotsStatus } from './robots';
export { parseSitemap, scanSitemaps, SITEMAP_LIMITS, type SitemapLimits } from './sitemap';
export { RoundTrips } from './round-trips';
export { normalizeUrl } from './site-url';
