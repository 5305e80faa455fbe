import type { Db } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { announceJobStarted, type JobEvents, markJobStarted } from '@enrich/jobs';
import type { Metrics } from '@enrich/metrics';
import {
  FetchError,
  fetchLinkedInCompany,
  type LinkedInDeps,
  type LinkedInSourceData,
  type PageRenderer,
  scrapeWebsiteSource,
  unreachable,
  type WebsiteSourceData,
  type WebsiteSourceSettings,
} from '@enrich/scraper';
import type { Step, StepContext } from '@enrich/worker-runtime';
import { reuseLeaderResults } from '../leader-results';
import { loadJobForStep, saveSourceFailures, saveSourceResult } from '../source-results';

export interface ScrapeStepDeps {
  db: Db;
  events: JobEvents;
  website: WebsiteSourceSettings;
  /** Null when the LinkedIn source is switched off. */
  linkedin: LinkedInDeps | null;
  sharedRun: { pollMs: number; maxWaitMs: number };
  /** The worker's metrics: source outcomes and the LinkedIn fetch's duration (the render's is the renderer's). */
  metrics: Metrics;
}

// The label children this step observes, resolved once.
function scrapeTimers(metrics: Metrics) {
  return {
    linkedinOk: metrics.stepDuration.labels('linkedin', 'ok'),
    linkedinFailed: metrics.stepDuration.labels('linkedin', 'failed'),
    linkedinSkipped: metrics.sourceOutcomes.labels('linkedin', 'skipped'),
  };
}
type ScrapeTimers = ReturnType<typeof scrapeTimers>;

/** The renderer, each Chromium render timed (step="render", outcome ok or failed). */
export function timedRenderer(renderer: PageRenderer, metrics: Metrics): PageRenderer {
  const ok = metrics.stepDuration.labels('render', 'ok');
  const failed = metrics.stepDuration.labels('render', 'failed');
  return {
    async render(url) {
      const started = performance.now();
      let rendered = false;
      try {
        const page = await renderer.render(url);
        rendered = true;
        return page;
      } finally {
        (rendered ? ok : failed).observe((performance.now() - started) / 1000);
      }
    },
  };
}

const SOURCES = ['website', 'linkedin'] as const;

/**
 * The website and LinkedIn sources for one job. Results go to Postgres, not to Redis, so a
 * lost queue or a repeated step reuses them instead of fetching again. A site failing
 * transiently (timeout, 5xx, reset) is retried with backoff; on the last attempt, or when the
 * failure is final (no such host, 404, blocked address), the site is recorded as unreachable
 * and the job goes on to complete with what little is known. LinkedIn never fails the step.
 * An internal fault that outlasts the retries is stored as the sources' failure.
 */
export function scrapeStep(deps: ScrapeStepDeps): Step<'scrape'> {
  const timers = scrapeTimers(deps.metrics);
  return {
    run: (payload, ctx) => scrape(deps, timers, payload, ctx),
    giveUp: (payload, error) => saveSourceFailures(deps.db, payload.jobId, SOURCES, error, deps.metrics),
  };
}

async function scrape(
  deps: ScrapeStepDeps,
  timers: ScrapeTimers,
  payload: { jobId: string; domain: string },
  ctx: StepContext,
): Promise<string> {
  const { db, events } = deps;
  // One statement: the job's state, whom it follows, what an earlier attempt already stored,
  // and, for a job that follows none, its attempt marked started.
  const job = await loadJobForStep(db, payload.jobId, true);
  if (job?.status !== 'processing') return 'job no longer processing';
  if (job.followsJobId) {
    const shared = await reuseLeaderResults(db, job, SOURCES, deps.sharedRun.maxWaitMs);
    if (shared.kind === 'wait') return ctx.waitAndRetry(deps.sharedRun.pollMs);
    if (!(await markJobStarted(db, events, payload.jobId))) return 'job no longer processing';
    if (shared.kind === 'reused') return `reused the run of job ${shared.leaderJobId}`;
  } else if (!(await announceJobStarted(events, payload.jobId, job.started))) return 'job no longer processing';

  // What an earlier attempt of this step already stored is kept, not fetched again.
  const stored = job.results;
  let website = stored.website;
  if (!website) {
    website = await scrapeWebsite(deps, payload, ctx);
    await saveSourceResult(db, payload.jobId, 'website', website, deps.metrics);
  }
  if (!stored.linkedin && website.status !== 'failed') {
    // Not asked at all (switched off, or no site to match a page against): counted as skipped.
    const asked = deps.linkedin !== null && website.status === 'ok';
    const linkedin = await linkedInSource(deps, timers, payload.domain, website);
    if (linkedin.status !== 'ok') ctx.logger.debug('linkedin source unavailable', { reason: linkedin.reason });
    await saveSourceResult(db, payload.jobId, 'linkedin', linkedin, asked ? deps.metrics : undefined);
    if (!asked) timers.linkedinSkipped.inc();
  }
  return website.status;
}

async function scrapeWebsite(
  deps: ScrapeStepDeps,
  payload: { jobId: string; domain: string },
  ctx: StepContext,
): Promise<WebsiteSourceData> {
  try {
    return await scrapeWebsiteSource(payload.domain, deps.website);
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    if (error.transient && !ctx.isLastAttempt) {
      throw new AppError(ErrorCode.SCRAPE_FAILED, `${payload.domain}: ${error.message}`, { retryable: true, cause: error });
    }
    ctx.logger.info('site unreachable', { domain: payload.domain, reason: error.kind, message: error.message });
    return unreachable(error);
  }
}

async function linkedInSource(
  deps: ScrapeStepDeps,
  timers: ScrapeTimers,
  domain: string,
  website: WebsiteSourceData,
): Promise<LinkedInSourceData> {
  const unavailable = (message: string): Promise<LinkedInSourceData> =>
    Promise.resolve({ status: 'unavailable', reason: 'no_page', message, fetchedAt: new Date().toISOString(), tried: [] });
  if (!deps.linkedin) return unavailable('the LinkedIn source is switched off');
  // Without the company's own site there is nothing to find or check a LinkedIn page against.
  if (website.status !== 'ok') return unavailable('the website could not be read');
  const started = performance.now();
  let result: LinkedInSourceData | undefined;
  try {
    result = await fetchLinkedInCompany(
      { domain, name: website.facts.name?.value ?? null, linkedinUrl: website.facts.socialProfiles.linkedin?.value ?? null },
      deps.linkedin,
    );
    return result;
  } finally {
    (result?.status === 'ok' ? timers.linkedinOk : timers.linkedinFailed).observe((performance.now() - started) / 1000);
  }
}
