export { mergePageFacts, type PageFacts } from './merge-page-facts';
export {
  type PageRenderer,
  type SitePageText,
  type ScrapeSettings,
  scrapeWebsite,
  scrapeWebsiteSource,
  unreachable,
  type WebsiteSourceData,
  type WebsiteSourceSettings,
} from './website-source';
