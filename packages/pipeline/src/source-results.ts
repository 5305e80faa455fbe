import type { AiSourceData } from '@enrich/ai';
import type { Db, Prisma } from '@enrich/db';
import type { LinkedInSourceData, WebsiteSourceData } from '@enrich/scraper';

// What each source left for a job. Keyed by (job, source), so a repeated step overwrites
// its own earlier answer instead of adding another.
export interface SourceDataBySource {
  website?: WebsiteSourceData;
  linkedin?: LinkedInSourceData;
  ai?: AiSourceData;
}
export type StoredSource = keyof SourceDataBySource;
export const STORED_SOURCES: readonly StoredSource[] = ['website', 'linkedin', 'ai'];

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

export async function hasSourceResult(db: Db, jobId: string, source: StoredSource): Promise<boolean> {
  return (await db.sourceResult.count({ where: { jobId, source } })) > 0;
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
