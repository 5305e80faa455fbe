import type { Db, Prisma } from '@enrich/db';
import type { WebsiteSourceData } from '@enrich/scraper';

// What each source left for a job. Keyed by (job, source), so a repeated step overwrites
// its own earlier answer instead of adding another.
export interface SourceDataBySource {
  website?: WebsiteSourceData;
}

export async function saveSourceResult(db: Db, jobId: string, source: 'website', data: WebsiteSourceData): Promise<void> {
  const json = data as unknown as Prisma.InputJsonValue;
  await db.sourceResult.upsert({
    where: { jobId_source: { jobId, source } },
    create: { jobId, source, data: json },
    update: { data: json, fetchedAt: new Date() },
  });
}

export async function hasSourceResult(db: Db, jobId: string, source: 'website'): Promise<boolean> {
  return (await db.sourceResult.count({ where: { jobId, source } })) > 0;
}

export async function loadSourceResults(db: Db, jobId: string): Promise<SourceDataBySource> {
  const rows = await db.sourceResult.findMany({ where: { jobId } });
  const out: SourceDataBySource = {};
  for (const row of rows) {
    if (row.source === 'website') out.website = row.data as unknown as WebsiteSourceData;
  }
  return out;
}
