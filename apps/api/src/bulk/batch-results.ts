import { type Db, type StorableJson, sqlPool } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { jobFailure, STORED_COMPANY_SQL } from '@enrich/jobs';
import { FLAT_RECORD_COLUMNS, flattenRecord, recordFromStored, type StoredCompany } from '@enrich/record';
import type { Response } from 'express';
import type { InvalidEntry } from './classify-entries';
import { csvLine } from './csv-line';

/** Entries read per query: a 1,000-entry batch is a few round trips, and memory stays flat. */
export const RESULTS_PAGE_SIZE = 250;

interface EntryRow {
  position: number;
  input: StorableJson[];
  duplicate: boolean;
  jobId: string | null;
  status: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  company: StoredCompany | null;
}

const PAGE_SQL = `
  SELECT e.position, e.input, e.duplicate, e.job_id AS "jobId", j.status::text AS status,
    j.error_code AS "errorCode", j.error_message AS "errorMessage", ${STORED_COMPANY_SQL} AS company
  FROM batch_entries e
  LEFT JOIN enrichment_jobs j ON j.id = e.job_id
  LEFT JOIN companies c ON j.status = 'completed' AND c.domain = j.domain
  WHERE e.batch_id = $1 AND e.position > $2
  ORDER BY e.position
  LIMIT $3`;

const text = (value: StorableJson | undefined): string => (value === null || value === undefined ? '' : String(value));

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
  const input = Array.from({ length: width }, (_, i) => text(row.input[i]));
  const record = row.company ? flattenRecord(recordFromStored(row.company)) : FLAT_RECORD_COLUMNS.map(() => '');
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
  const pool = sqlPool(db);
  const found = await pool.query<{ inputColumns: string[]; invalid: InvalidEntry[] }>({
    name: 'batch-results-batch',
    text: 'SELECT input_columns AS "inputColumns", invalid_entries AS invalid FROM batches WHERE id = $1 AND team_id = $2',
    values: [batchId, teamId],
  });
  const batch = found.rows[0];
  if (!batch) throw new AppError(ErrorCode.BATCH_NOT_FOUND, `no batch ${batchId}`);
  const inputColumns = batch.inputColumns.length > 0 ? batch.inputColumns : ['domain'];
  const invalid = new Map(batch.invalid.map((entry) => [entry.index, entry]));

  let gone = false;
  res.once('close', () => {
    gone = true;
  });
  const page = async (after: number) => {
    const { rows } = await pool.query<EntryRow>({ name: 'batch-results-page', text: PAGE_SQL, values: [batchId, after, pageSize] });
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
