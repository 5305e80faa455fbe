import { type Db, Prisma } from '@enrich/db';
import { AppError, decodeQueuedError, ErrorCode } from '@enrich/errors';
import type { JobPayload } from '@enrich/queue';
import type { CompanyDraft } from '@enrich/record';
import { scoreConfidence } from './confidence';
import { mergeSources } from './merge-sources';
import { markJobFailed, settleBatch } from './job-outcome';
import { loadSourceResults } from './source-results';

// The draft as `companies` columns: provenance is stored as served (fieldSources).
function companyColumns(draft: CompanyDraft, confidence: number, now: Date) {
  const { fieldSources, insights, b2bMatch, ...values } = draft;
  return {
    ...values,
    insights: insights ?? Prisma.DbNull,
    b2bMatch: b2bMatch ?? Prisma.DbNull,
    provenance: fieldSources,
    confidence,
    enrichedAt: now,
  };
}

/**
 * Merges what the sources stored for this job, scores it, upserts the company (one row per
 * domain) and completes the job, in one transaction. Running it twice changes nothing the
 * second time: a job that is no longer processing is left alone.
 */
export async function finalizeStep(
  db: Db,
  payload: JobPayload<'finalize'>,
  childFailures: () => Promise<string[]> = async () => [],
): Promise<{ confidence: number } | { skipped: string } | { failed: ErrorCode }> {
  const job = await db.enrichmentJob.findUnique({ where: { id: payload.jobId } });
  if (!job) throw new AppError(ErrorCode.INVALID_JOB_PAYLOAD, `job ${payload.jobId} does not exist`);
  if (job.status !== 'processing') return { skipped: `job is ${job.status}` };

  const results = await loadSourceResults(db, job.id);
  if (!results.website) {
    // A step that gave up for good ends the job with its own error code.
    const [reason] = await childFailures();
    if (reason !== undefined) {
      const error = decodeQueuedError(reason) ?? { code: ErrorCode.ENRICHMENT_FAILED, message: reason };
      await markJobFailed(db, job.id, error.code, error.message);
      return { failed: error.code };
    }
    // The scrape step finished without leaving its result: an internal fault, worth a retry.
    throw new AppError(ErrorCode.ENRICHMENT_FAILED, 'website source result is missing', { retryable: true });
  }
  const draft = mergeSources(results);
  const confidence = scoreConfidence(draft);
  const now = new Date();

  await db.$transaction(async (tx) => {
    const existing = await tx.company.findUnique({ where: { domain: job.domain }, select: { domain: true } });
    // A site that could not be read this time does not wipe what an earlier run found.
    if (draft.sources.length > 0 || !existing) {
      const columns = companyColumns(draft, confidence, now);
      await tx.company.upsert({
        where: { domain: job.domain },
        create: { domain: job.domain, ...columns },
        update: columns,
      });
    }
    // The team's own list of companies, which search covers.
    await tx.teamCompany.upsert({
      where: { teamId_domain: { teamId: job.teamId, domain: job.domain } },
      create: { teamId: job.teamId, domain: job.domain, enrichedAt: now },
      update: { enrichedAt: now },
    });
    await tx.enrichmentJob.updateMany({
      where: { id: job.id, status: 'processing' },
      data: { status: 'completed', completedAt: now, errorCode: null, errorMessage: null },
    });
  });
  await settleBatch(db, job.id);
  return { confidence };
}
