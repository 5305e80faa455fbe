import { type Db, typedSql } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { batchStatus, type ItemCounts, invalidEntriesOf, jobFailure, storedCompany } from '@enrich/jobs';
import { type FieldSelection, recordFromStored, selectFields } from '@enrich/record';
import type { z } from 'zod';
import { coalescedQuery, type Lookup } from '../coalesced-lookup';
import { type CachedResponse, type ResponseCache, type SerializedResponse, selectionKey, serializeResponse } from '../response-cache';
import type { batchStatusSchema } from '../schemas/bulk';
import { offsetOf, type PaginationQuery, pagination } from '../schemas/pagination';
import {
  type IPollBatchOfStatusResult,
  type IPollBatchResult,
  type IPollBatchVersionsResult,
  pollBatch,
  pollBatchOfStatus,
  pollBatchVersions,
} from './batch-reads.queries';

const itemsIn = (counts: ItemCounts, status: ItemStatus): number => (status === 'processing' ? counts.pending : counts[status]);

/** The coalesced batch-version lookup of a process, made on its database client with the app context (caches.ts). */
export type BatchVersions = Lookup<VersionAsked, IPollBatchVersionsResult | null>;

type VersionAsked = { batchId: string; teamId: string; completed: string[] };

/** Batch answers kept with their version and their page's completed domains (batchVersions), built in caches.ts. */
export type BatchAnswers = ResponseCache<CachedResponse & { completed: string[] }>;

// The statements, their row types and the batch's version: batch-reads.sql.
export const batchVersions = coalescedQuery('poll-batch-versions', pollBatchVersions, (asked: readonly VersionAsked[]) => ({
  ids: asked.map((a) => a.batchId),
  teamIds: asked.map((a) => a.teamId),
  completed: asked.map((a) => JSON.stringify(a.completed)),
}));

type BatchRow = IPollBatchResult | IPollBatchOfStatusResult;

export type ItemStatus = BatchRow['itemStatus'];

export interface BatchQuery extends PaginationQuery {
  /** Only the items in this state; the pages count those. */
  status?: ItemStatus;
  fields?: FieldSelection;
}

/**
 * A batch's progress for its team, counted from the jobs' real states in Postgres, with one
 * page of its items in submission order (those in `status` only, when given), as sent.
 * Another team's batch is not found. The answer is kept per page (response-cache.ts) with the
 * batch's version: a poll of a batch that has not changed since reads the version only.
 */
export function batchAnswers(db: Db, kept: BatchAnswers, versions: BatchVersions) {
  return async function answer(teamId: string, batchId: string, page: BatchQuery): Promise<SerializedResponse> {
    const key = `${batchId}\0${teamId}\0${page.page}\0${page.limit}\0${page.status ?? ''}\0${selectionKey(page.fields)}`;
    const held = kept.get(key);
    if (held) {
      const now = await versions.load({ batchId, teamId, completed: held.completed });
      // The version begins with the item ends: equal, it was read for the same page.
      if (now?.version === held.version) return held;
    }
    const values = { batchId, teamId, offset: offsetOf(page), limit: page.limit };
    // Polled often: named statements on the driver, not the ORM (see sqlPool).
    const rows: BatchRow[] = page.status
      ? await pollBatchOfStatus.run({ ...values, status: page.status }, typedSql(db, 'poll-batch-status'))
      : await pollBatch.run(values, typedSql(db, 'poll-batch'));
    const row = rows[0];
    if (!row) {
      kept.delete(key);
      throw new AppError(ErrorCode.BATCH_NOT_FOUND, `no batch ${batchId}`);
    }
    // A page past the last item is the batch's row alone, without an item (batch_position null).
    const items = rows.filter((item) => item.batch_position !== null);
    const answer = serializeResponse(JSON.stringify(batchView(row, items, page)));
    const completed = items.filter((item) => item.itemStatus === 'completed').map((item) => item.itemDomain);
    kept.set(key, { ...answer, version: row.version, completed });
    return answer;
  };
}

/** GET /enrich/bulk/{batchId}'s answer before it is serialised: the compiler holds it to the documented schema. */
function batchView(batch: BatchRow, rows: BatchRow[], page: BatchQuery): z.output<typeof batchStatusSchema> {
  const items = rows.map((job) => {
    const company = job.itemStatus === 'completed' ? storedCompany(job) : null;
    return {
      domain: job.itemDomain,
      jobId: job.itemId,
      status: job.itemStatus,
      statusEndpoint: `/api/enrich/${job.itemId}`,
      ...(company ? { data: selectFields(recordFromStored(company), page.fields) } : {}),
      ...(job.itemStatus === 'failed' ? { error: jobFailure(job) } : {}),
    };
  });
  const invalid = invalidEntriesOf(batch.invalid);
  const status = batchStatus({ ...batch, id: batch.batchId, invalid });
  return { ...status, invalid, items, pagination: pagination(page, page.status ? itemsIn(batch, page.status) : status.total) };
}
