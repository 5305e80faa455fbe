import type { Db } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { recordFromStored } from '@enrich/record';
import { offsetOf, type PaginationQuery, pagination } from '../schemas/pagination';

export interface ItemCounts {
  completed: number;
  failed: number;
  /** Still processing. */
  pending: number;
}

/**
 * A batch's state from its items' counts, as the poll and the list of batches both give it:
 * completed once no item is processing, and when. Settled by the last item to end; until that
 * write lands, the last end time among its items says the same.
 */
export async function batchProgress(db: Db, batch: { id: string; createdAt: Date; completedAt: Date | null }, counts: ItemCounts) {
  const { completed, failed, pending } = counts;
  const total = completed + failed + pending;
  let completedAt = pending === 0 ? batch.completedAt : null;
  if (pending === 0 && !completedAt) {
    completedAt =
      (await db.enrichmentJob.aggregate({ where: { batchId: batch.id }, _max: { completedAt: true } }))._max.completedAt ?? batch.createdAt;
  }
  return {
    status: pending === 0 ? ('completed' as const) : ('processing' as const),
    total,
    completed,
    failed,
    pending,
    // Whole percent of items that have ended; 100 only when every one has.
    progress: total === 0 ? 100 : Math.floor(((completed + failed) * 100) / total),
    completedAt,
  };
}

/**
 * A batch's progress for its team, counted from the jobs' real states in Postgres, with one
 * page of its items in submission order. Another team's batch is not found.
 */
export async function batchView(db: Db, teamId: string, batchId: string, page: PaginationQuery) {
  const batch = await db.batch.findFirst({ where: { id: batchId, teamId } });
  if (!batch) throw new AppError(ErrorCode.BATCH_NOT_FOUND, `no batch ${batchId}`);

  const counts = await db.enrichmentJob.groupBy({ by: ['status'], where: { batchId }, _count: { _all: true } });
  const count = (status: string) => counts.find((c) => c.status === status)?._count._all ?? 0;
  const progress = await batchProgress(db, batch, { completed: count('completed'), failed: count('failed'), pending: count('processing') });

  const jobs = await db.enrichmentJob.findMany({
    where: { batchId },
    orderBy: { batchPosition: 'asc' },
    skip: offsetOf(page),
    take: page.limit,
  });
  const doneDomains = jobs.filter((job) => job.status === 'completed').map((job) => job.domain);
  const companies = new Map(
    (doneDomains.length ? await db.company.findMany({ where: { domain: { in: doneDomains } } }) : []).map((c) => [c.domain, c]),
  );
  const items = jobs.map((job) => {
    const company = companies.get(job.domain);
    return {
      domain: job.domain,
      jobId: job.id,
      status: job.status,
      statusEndpoint: `/api/enrich/${job.id}`,
      ...(job.status === 'completed' && company ? { data: recordFromStored(company) } : {}),
      ...(job.status === 'failed'
        ? { error: { code: job.errorCode ?? ErrorCode.ENRICHMENT_FAILED, message: job.errorMessage ?? 'enrichment failed' } }
        : {}),
    };
  });

  const { completedAt, ...state } = progress;
  return {
    batchId: batch.id,
    ...state,
    createdAt: batch.createdAt.toISOString(),
    completedAt: completedAt?.toISOString() ?? null,
    entriesReceived: batch.entriesReceived,
    duplicateEntries: batch.duplicateEntries,
    invalid: batch.invalidEntries as unknown[],
    items,
    pagination: pagination(page, state.total),
  };
}
