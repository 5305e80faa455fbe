import type { AiSourceData } from '@enrich/ai';
import type { Db, Prisma } from '@enrich/db';
import type { AppError, ErrorCode } from '@enrich/errors';
import type { LinkedInSourceData, WebsiteSourceData } from '@enrich/scraper';

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

export async function saveSourceResult<S extends StoredSource>(
  db: Db,
  jobId: string,
  source: S,
  data: NonNullable<SourceDataBySource[S]>,
): Promise<void> {
  const json = data as unknown as Prisma.InputJsonValue;
  await db.sourceResult.upsert({
    where: { jobId_source: { jobId, source } },
    create: { jobId, source, data: json },
    update: { data: json, fetchedAt: new Date() },
  });
}

/** Records a step's failure for each of its sources that has no result yet. */
export async function saveSourceFailures(db: Db, jobId: string, sources: readonly StoredSource[], error: AppError): Promise<void> {
  const failure = sourceFailure(error) as unknown as Prisma.InputJsonValue;
  await db.sourceResult.createMany({ data: sources.map((source) => ({ jobId, source, data: failure })), skipDuplicates: true });
}

export async function loadSourceResults(db: Db, jobId: string): Promise<SourceDataBySource> {
  const rows = await db.sourceResult.findMany({ where: { jobId } });
  const out: SourceDataBySource = {};
  for (const row of rows) {
    if ((STORED_SOURCES as readonly string[]).includes(row.source)) {
      (out as Record<string, unknown>)[row.source] = row.data;
    }
  }
  return out;
}
