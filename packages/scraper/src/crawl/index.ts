export { type CrawlEnv, crawlEnv } from './crawl-env';
export {
  type CrawlHomepage,
  type CrawlResult,
  type CrawlSettings,
  crawlSettingsFrom,
  crawlSite,
  type PageKind,
  type SkipReason,
} from './crawl-site';
export { type FactPageCandidate, pickFactPages } from './fact-pages';
export { FACT_KINDS, type FactKind } from './page-kinds';
export { loadRobots, parseRobots, ROBOTS_MAX_BYTES, type RobotsPolicy, type RobotsStatus, robotsAllowsHomepage } from './robots';
export { RoundTrips } from './round-trips';
export { normalizeUrl } from './site-url';
export { parseSitemap, SITEMAP_LIMITS, type SitemapLimits, scanSitemaps } from './sitemap';
