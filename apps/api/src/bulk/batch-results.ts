import { type Db, typedSql } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { type InvalidEntry, invalidEntriesOf, jobFailure, storedCompany } from '@enrich/jobs';
import { FLAT_RECORD_COLUMNS, flattenRecord, recordFromStored } from '@enrich/record';
import type { Response } from 'express';
import { type IResultsPageResult, type Json, resultsBatch, resultsPage } from './batch-reads.queries';
import { csvLine } from './csv-line';

/** Entries read per query: a 1,000-entry batch is a few round trips, and memory stays flat. */
export const RESULTS_PAGE_SIZE = 250;

// The statements and their row types: ResultsBatch and ResultsPage in batch-reads.sql.
type EntryRow = IResultsPageResult;

const text = (value: Json | undefined): string => (value === null || value === undefined ? '' : String(value));

/**
 * The header: the input columns as uploaded, then the flat record's and status and error. One
 * of ours whose name an input column already has (a JSON list's `domain`, a CSV's own `name`)
 * is written `enriched_<name>`, so that every column can be told apart in a spreadsheet.
 */
export function resultColumns(inputColumns: readonly string[]): string[] {
  const taken = new Set(inputColumns.map((name) => name.toLowerCase()));
  const ours = [...FLAT_RECORD_COLUMNS, 'status', 'error'].map((name) => {
    let unique = name;
    while (taken.has(unique.toLowerCase())) unique = `enriched_${unique}`;
    taken.add(unique.toLowerCase());
    return unique;
  });
  return [...inputColumns, ...ours];
}

function resultCells(row: EntryRow, width: number, invalid: Map<number, InvalidEntry>): string[] {
  const entry = Array.isArray(row.input) ? row.input : [];
  const input = Array.from({ length: width }, (_, i) => text(entry[i]));
  const company = storedCompany(row);
  const record = company ? flattenRecord(recordFromStored(company)) : FLAT_RECORD_COLUMNS.map(() => '');
  if (row.jobId === null) {
    const why = invalid.get(row.position);
    return [...input, ...record, 'invalid', why ? `${why.reason}: ${why.message}` : ''];
  }
  const status = row.status ?? 'failed';
  const failure = status === 'failed' ? jobFailure(row) : null;
  const error = failure ? `${failure.code}: ${failure.message}` : '';
  return [...input, ...record, row.duplicate ? 'duplicate' : status, error];
}

export interface ResultsOptions {
  pageSize?: number;
  /** Called after each page is read (tests count them). */
  onPage?: (rows: number) => void;
}

/**
 * GET /enrich/bulk/{batchId}/results.csv: one CSV row per entry of the request, in the order
 * sent, from the batch's entries and their jobs' current states, read page by page (keyset on
 * the position) and written as the client takes them: the next page is read only once the
 * response has drained, and not at all once the client has gone. Headers are sent only after
 * the first page was read, so a failure before it is still a proper error answer. Another
 * team's batch is not found.
 */
export async function writeBatchResults(db: Db, teamId: string, batchId: string, res: Response, options: ResultsOptions = {}) {
  const pageSize = options.pageSize ?? RESULTS_PAGE_SIZE;
  const [batch] = await resultsBatch.run({ batchId, teamId }, typedSql(db, 'batch-results-batch'));
  if (!batch) throw new AppError(ErrorCode.BATCH_NOT_FOUND, `no batch ${batchId}`);
  const inputColumns = batch.inputColumns.length > 0 ? batch.inputColumns : ['domain'];
  const invalid = new Map(invalidEntriesOf(batch.invalid).map((entry) => [entry.index, entry]));

  let gone = false;
  res.once('close', () => {
    gone = true;
  });
  const page = async (after: number) => {
    const rows = await resultsPage.run({ batchId, after, limit: pageSize }, typedSql(db, 'batch-results-page'));
    options.onPage?.(rows.length);
    return rows;
  };

  let rows = await page(-1);
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="batch-${batchId}.csv"`);
  res.setHeader('Cache-Control', 'no-store');
  res.write(csvLine(resultColumns(inputColumns)));
  for (;;) {
    const chunk = rows.map((row) => csvLine(resultCells(row, inputColumns.length, invalid))).join('');
    if (!res.write(chunk) && !gone) await drainedOrGone(res);
    const last = rows.at(-1);
    if (gone || !last || rows.length < pageSize) break;
    rows = await page(last.position);
  }
  if (!gone) res.end();
}

function drainedOrGone(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
