import { envInt } from '@enrich/config';
import { z } from 'zod';

// The crawler's settings; bounds are per company domain and per crawl.
export const crawlEnv = z.object({
  /** Pages kept per domain, the homepage included. */
  CRAWL_MAX_PAGES: envInt(6, 1, 50),
  /** Page bytes per domain (decompressed), the homepage included. */
  CRAWL_MAX_BYTES: envInt(8 * 1024 * 1024, 64 * 1024, 200 * 1024 * 1024),
  /** No new fetch starts after this; fetches in flight end by their own deadline. */
  CRAWL_BUDGET_MS: envInt(20_000, 1_000, 300_000),
  /** Requests in flight at once per host. */
  CRAWL_HOST_CONCURRENCY: envInt(2, 1, 8),
  /** Cap on a robots.txt Crawl-delay; longer delays are shortened to this. */
  CRAWL_MAX_DELAY_MS: envInt(5_000, 0, 60_000),
});

export type CrawlEnv = z.infer<typeof crawlEnv>;
