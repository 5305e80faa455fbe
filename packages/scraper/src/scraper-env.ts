import { envInt, envString } from '@enrich/config';
import { hostMapSetting } from '@enrich/net-guard';
import { z } from 'zod';

// The scraper's settings. SCRAPER_HOST_MAP is parsed here, so a typo stops the process at
// start-up instead of sending traffic to the real site.
export const scraperEnv = z.object({
  SCRAPER_HOST_MAP: hostMapSetting('SCRAPER_HOST_MAP'),
  SCRAPER_TIMEOUT_MS: envInt(10_000, 100, 120_000),
  SCRAPER_MAX_BYTES: envInt(5 * 1024 * 1024, 1024, 100 * 1024 * 1024),
  SCRAPER_MAX_REDIRECTS: envInt(5, 0, 20),
  SCRAPER_USER_AGENT: envString('CompanyEnrichmentBot/1.0 (+https://github.com/company-enrichment)'),
});
