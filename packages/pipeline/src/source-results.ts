import type { AiSourceData } from '@enrich/ai';
import { type Db, typedSql, utc } from '@enrich/db';
import type { AppError, ErrorCode } from '@enrich/errors';
import type { Metrics } from '@enrich/metrics';
import type { LinkedInSourceData, WebsiteSourceData } from '@enrich/scraper';
import {
  jobForStep,
  saveAiResult as saveAiResultRow,
  saveSourceFailures as saveSourceFailuresRow,
  saveSourceResult as saveSourceResultRow,
} from './source-results.queries';

/**
 * What a step stores for its source when it gave up for good (an internal fault that outlasted
 * its retries). Finalize reads it from Postgres and ends the job with its code.
 */
export interface SourceFailure {
  status: 'failed';
  code: ErrorCode;
  message: string;
  fetchedAt: string;
}

// What each source left for a job. Keyed by (job, source), so a repeated step overwrites
// its own earlier answer instead of adding another.
export interface SourceDataBySource {
  website?: WebsiteSourceData | SourceFailure;
  linkedin?: LinkedInSourceData | SourceFailure;
  ai?: AiSourceData | SourceFailure;
}
export type StoredSource = keyof SourceDataBySource;
export const STORED_SOURCES: readonly StoredSource[] = ['website', 'linkedin', 'ai'];

export function sourceFailure(error: AppError): SourceFailure {
  return { status: 'failed', code: error.code, message: error.message.slice(0, 1000), fetchedAt: new Date().toISOString() };
}

/**
 * The `outcome` of enrich_source_outcomes_total for what a source stored: ok, skipped, or why
 * not (the error code of a failure, the reason of an unreachable site, an unavailable LinkedIn
 * page or a dropped AI answer). All bounded words, never a domain or URL.
 */
export function sourceOutcome(data: NonNullable<SourceDataBySource[StoredSource]>): string {
  switch (data.status) {
    case 'ok':
      return 'ok';
    case 'skipped':
      return 'skipped';
    case 'failed':
      return data.code;
    default:
      return data.reason;
  }
}

/**
 * Stores what a source found for a job; with `metrics`, counts its outcome (the workers pass
 * theirs: every result a step stores is counted here, once per store).
 */
export async function saveSourceResult<S extends StoredSource>(
  db: Db,
  jobId: string,
  source: S,
  data: NonNullable<SourceDataBySource[S]>,
  metrics?: Metrics,
): Promise<void> {
  await saveSourceResultRow.run({ jobId, source, data: JSON.stringify(data) }, typedSql(db, 'source-result-save'));
  metrics?.sourceOutcomes.inc({ source, outcome: sourceOutcome(data) });
}

/**
 * The AI source's result from a model call (ok or dropped), stored with what the call spent
 * (its `usage`) added to the job's count, in one statement; with `metrics`, counts the source's
 * outcome as saveSourceResult does.
 */
export async function saveAiResult(
  db: Db,
  jobId: string,
  data: Extract<AiSourceData, { usage: unknown }>,
  metrics?: Metrics,
): Promise<void> {
  const { inputTokens, outputTokens } = data.usage;
  await saveAiResultRow.run({ jobId, data: JSON.stringify(data), inputTokens, outputTokens }, typedSql(db, 'ai-result-save'));
  metrics?.sourceOutcomes.inc({ source: 'ai', outcome: sourceOutcome(data) });
}

/**
 * Records a step's failure for each of its sources that has no result yet; with `metrics`,
 * counts the failure's code for each source it was recorded for.
 */
export async function saveSourceFailures(
  db: Db,
  jobId: string,
  sources: readonly StoredSource[],
  error: AppError,
  metrics?: Metrics,
): Promise<void> {
  const created = await saveSourceFailuresRow.run(
    { jobId, sources: [...sources], data: JSON.stringify(sourceFailure(error)) },
    typedSql(db, 'source-failures-save'),
  );
  for (const { source } of created) metrics?.sourceOutcomes.inc({ source, outcome: error.code });
}

/** A job as a step reads it: its state, whom it follows, and what its sources stored. */
export interface JobForStep {
  id: string;
  status: string;
  teamId: string;
  domain: string;
  /** The job whose run this one shares (see leader-results.ts). */
  followsJobId: string | null;
  createdAt: Date;
  results: SourceDataBySource;
  /** This read marked the job's attempt started (asked with `start`, and the job follows none). */
  started: boolean;
}

/**
 * The job and every result its sources stored, in one statement; null when there is no such
 * job. With `start`, a job that follows no other and is still processing is also marked started
 * by the same statement (the scrape step's first read; the caller announces it).
 */
export async function loadJobForStep(db: Db, jobId: string, start = false): Promise<JobForStep | null> {
  const [row] = await jobForStep.run({ jobId, start, now: utc(new Date()) }, typedSql(db, 'job-for-step'));
  if (!row) return null;
  const stored = row.sources as Record<string, unknown>;
  const results: SourceDataBySource = {};
  for (const source of STORED_SOURCES) if (stored[source] !== undefined) (results as Record<string, unknown>)[source] = stored[source];
  return {
    id: jobId,
    status: row.status,
    teamId: row.teamId,
    domain: row.domain,
    followsJobId: row.followsJobId,
    createdAt: row.createdAt,
    results,
    started: row.started,
  };
}
