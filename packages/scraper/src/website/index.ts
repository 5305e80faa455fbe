export { mergePageFacts, type PageFacts } from './merge-page-facts';
export {
  type PageRenderer,
  type ScrapeSettings,
  type SitePageText,
  scrapeWebsite,
  scrapeWebsiteSource,
  unreachable,
  type WebsiteSourceData,
  type WebsiteSourceSettings,
} from './website-source';
