import type { Db } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import type { Logger } from '@enrich/logger';
import { hasSourceResult, markJobStarted, saveSourceResult } from '@enrich/pipeline';
import type { JobPayload } from '@enrich/queue';
import { FetchError, type ScrapeSettings, scrapeWebsite, unreachable } from '@enrich/scraper';

export interface ScrapeStepDeps {
  db: Db;
  settings: ScrapeSettings;
  logger: Logger;
}

/**
 * The website source for one job. Its result goes to Postgres, not to Redis, so a lost queue
 * or a repeated step reuses it instead of scraping again. A site failing transiently (timeout,
 * 5xx, reset) is retried with backoff; on the last attempt, or when the failure is final
 * (no such host, 404, blocked address), the site is recorded as unreachable and the job goes
 * on to complete with what little is known.
 */
export async function scrapeStep(deps: ScrapeStepDeps, payload: JobPayload<'scrape'>, isLastAttempt: boolean): Promise<string> {
  const { db, logger } = deps;
  if (!(await markJobStarted(db, payload.jobId))) return 'job no longer processing';
  if (await hasSourceResult(db, payload.jobId, 'website')) return 'website already scraped';
  try {
    const data = await scrapeWebsite(payload.domain, deps.settings);
    await saveSourceResult(db, payload.jobId, 'website', data);
    return 'scraped';
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    if (error.transient && !isLastAttempt) {
      throw new AppError(ErrorCode.SCRAPE_FAILED, `${payload.domain}: ${error.message}`, { retryable: true, cause: error });
    }
    logger.info('site unreachable', { jobId: payload.jobId, domain: payload.domain, reason: error.kind, message: error.message });
    await saveSourceResult(db, payload.jobId, 'website', unreachable(error));
    return 'unreachable';
  }
}
