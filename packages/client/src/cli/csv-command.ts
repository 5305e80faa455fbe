import { createReadStream, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import type { BatchItem, BulkAccepted } from '../api-types';
import { BULK_LIMIT, type EnrichClient } from '../client';
import { EnrichError } from '../errors';
import { type Counts, progressReporter } from './progress';

export type OutputFormat = 'csv' | 'json' | 'ndjson';

export interface CsvOptions {
  input: string;
  /** A file, or '-' for stdout. */
  output: string;
  column?: string;
  format: OutputFormat;
  /** Record fields appended to each row (dot paths: socialProfiles.linkedin). */
  fields: string[];
  refresh: boolean;
  pollIntervalMs: number;
  /** Rows per batch, at most 1,000 (the default). */
  chunkSize?: number;
  /** The command line that resumes this run, printed when it is interrupted. */
  resumeCommand: string;
  signal: AbortSignal;
  progress?: NodeJS.WriteStream;
}

export const DEFAULT_FIELDS = [
  'name',
  'description',
  'industry',
  'employeeCount',
  'location',
  'businessStage',
  'fundingStatus',
  'foundedYear',
  'socialProfiles.linkedin',
  'socialProfiles.twitter',
  'confidence',
];
// Headers the domain is looked for in, when --column does not name one.
const DOMAIN_HEADERS = /^(?:domain|website|url|site|homepage|web|company[ _-]?(?:domain|website|url))$/i;
// A cell a spreadsheet would run as a formula (CSV injection): the scraped values are prefixed.
const FORMULA_START = /^[=+\-@\t\r]/;

/** The column a field is written in: `enrich_name`, `enrich_linkedin`. */
export const columnOf = (field: string) => `enrich_${field.replace(/^socialProfiles\./, '')}`;

/** A cell that would run as a formula in a spreadsheet, made inert with a leading apostrophe. */
export const inertCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

function cellOf(record: Record<string, unknown> | undefined, field: string): string {
  let value: unknown = record;
  for (const part of field.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join('; ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** What a run has written, kept beside the output so that the same command resumes it. */
interface Checkpoint {
  version: 1;
  runId: string;
  input: string;
  format: OutputFormat;
  /** Rows per batch: a chunk's Idempotency-Key names the same rows when the run is resumed. */
  chunkSize: number;
  /** Input rows (after the header) whose output is written. */
  rowsDone: number;
  completed: number;
  failed: number;
}

export const checkpointPathOf = (output: string) => `${output}.enrich-checkpoint.json`;

function saveCheckpoint(file: string, checkpoint: Checkpoint): void {
  // Written whole and renamed: an interrupted write never leaves half a checkpoint.
  writeFileSync(`${file}.tmp`, JSON.stringify(checkpoint));
  renameSync(`${file}.tmp`, file);
}

/** The data rows of a CSV file or of stdin, header first, as a stream (csv-parse; a UTF-8 BOM is dropped). */
function readRows(input: string): AsyncIterable<string[]> {
  const source = input === '-' ? process.stdin : createReadStream(input);
  return source.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
}

async function countRows(input: string): Promise<number | null> {
  if (input === '-') return null;
  let rows = -1;
  for await (const _ of readRows(input)) rows += 1;
  return Math.max(0, rows);
}

/** One output row: the input's cells in order, then the record's fields, status and error. */
type Result = { status: 'completed' | 'failed' | 'invalid'; data?: Record<string, unknown>; error?: string };

class Output {
  private readonly file: Awaited<ReturnType<typeof open>> | null;
  private wroteItem: boolean;

  private constructor(
    private readonly format: OutputFormat,
    file: Awaited<ReturnType<typeof open>> | null,
    private readonly header: string[],
    resumed: boolean,
  ) {
    this.file = file;
    this.wroteItem = resumed;
  }

  static async open(target: string, format: OutputFormat, header: string[], resumed: boolean): Promise<Output> {
    const file = target === '-' ? null : await open(target, resumed ? 'a' : 'w');
    const output = new Output(format, file, header, resumed);
    if (!resumed) {
      if (format === 'csv') await output.write(stringify([header]));
      if (format === 'json') await output.write('[');
    }
    return output;
  }

  private async write(text: string): Promise<void> {
    if (this.file) await this.file.write(text);
    else if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once('drain', resolve));
  }

  async rows(rows: string[][]): Promise<void> {
    if (rows.length === 0) return;
    if (this.format === 'csv') return this.write(stringify(rows));
    const objects = rows.map((row) => JSON.stringify(Object.fromEntries(this.header.map((name, i) => [name, row[i] ?? '']))));
    if (this.format === 'ndjson') return this.write(`${objects.join('\n')}\n`);
    const text = `${this.wroteItem ? ',' : ''}\n${objects.join(',\n')}`;
    this.wroteItem = true;
    return this.write(text);
  }

  async close(finished: boolean): Promise<void> {
    if (finished && this.format === 'json') await this.write('\n]\n');
    await this.file?.sync();
    await this.file?.close();
  }
}

/**
 * `enrich csv`: enriches every row of a CSV through the bulk API, 1,000 rows per batch, and
 * writes each row with its input cells in order and the record's fields appended. Each batch is
 * submitted with an Idempotency-Key made of the run's id and the chunk's number, and its rows
 * are written only once it has ended; the checkpoint beside the output says how many rows are
 * written. Interrupted, the same command resumes: written rows are skipped, and the chunk that
 * was running is submitted again with its key, which the API answers with the same batch, so
 * every row is enriched once. Returns the exit status: 0 when every row completed, 1 when some
 * failed or were not domains, 130 when interrupted.
 */
export async function csvCommand(client: EnrichClient, options: CsvOptions, log: (line: string) => void): Promise<number> {
  const checkpointFile = options.output === '-' ? null : checkpointPathOf(options.output);
  const inputPath = options.input === '-' ? '-' : path.resolve(options.input);
  let checkpoint: Checkpoint = {
    version: 1,
    runId: crypto.randomUUID(),
    input: inputPath,
    format: options.format,
    chunkSize: Math.min(BULK_LIMIT, Math.max(1, Math.floor(options.chunkSize ?? BULK_LIMIT))),
    rowsDone: 0,
    completed: 0,
    failed: 0,
  };
  const resumed = checkpointFile !== null && existsSync(checkpointFile);
  if (resumed) {
    checkpoint = JSON.parse(readFileSync(checkpointFile, 'utf8')) as Checkpoint;
    if (checkpoint.input !== inputPath || checkpoint.format !== options.format) {
      throw new Error(`${checkpointFile} belongs to a run of ${checkpoint.input} (${checkpoint.format}); remove it to start over`);
    }
    log(`enrich: resuming after ${checkpoint.rowsDone} rows written`);
  }

  const { chunkSize } = checkpoint;
  const total = await countRows(options.input);
  const rows = readRows(options.input)[Symbol.asyncIterator]();
  const first = await rows.next();
  if (first.done) throw new Error(`${options.input} has no header row`);
  const header = first.value;
  const domainColumn = options.column
    ? header.findIndex((name) => name.trim().toLowerCase() === options.column!.trim().toLowerCase())
    : header.findIndex((name) => DOMAIN_HEADERS.test(name.trim()));
  if (domainColumn === -1) {
    throw new Error(
      options.column
        ? `no column named ${JSON.stringify(options.column)} in the header (${header.join(', ')})`
        : `no domain column found in the header (${header.join(', ')}): name it with --column`,
    );
  }

  const output = await Output.open(
    options.output,
    options.format,
    [...header, ...options.fields.map(columnOf), 'enrich_status', 'enrich_error'],
    resumed,
  );
  const progress = progressReporter(options.progress);
  const counts = (): Counts => ({ done: checkpoint.rowsDone, total, completed: checkpoint.completed, failed: checkpoint.failed });
  try {
    for (let row = 0, chunkIndex = 0; ; chunkIndex += 1) {
      const chunk: string[][] = [];
      while (chunk.length < chunkSize) {
        const next = await rows.next();
        if (next.done) break;
        chunk.push(next.value);
      }
      if (chunk.length === 0) break;
      const chunkStart = row;
      row += chunk.length;
      if (row <= checkpoint.rowsDone) continue;
      const results = await enrichChunk(
        client,
        chunk.map((cells) => cells[domainColumn] ?? ''),
        `${checkpoint.runId}:${chunkIndex}`,
        options,
        (ended) => progress.update({ ...counts(), done: Math.max(checkpoint.rowsDone, chunkStart + ended) }),
      );
      // Rows of this chunk written before an interruption are not written again.
      const from = Math.max(0, checkpoint.rowsDone - chunkStart);
      const lines = chunk.slice(from).map((cells, i) => {
        const result = results[from + i]!;
        if (result.status === 'completed') checkpoint.completed += 1;
        else checkpoint.failed += 1;
        return [
          ...cells,
          ...options.fields.map((field) => inertCell(cellOf(result.data, field))),
          result.status,
          inertCell(result.error ?? ''),
        ];
      });
      await output.rows(lines);
      checkpoint.rowsDone = row;
      if (checkpointFile) saveCheckpoint(checkpointFile, checkpoint);
      progress.update(counts());
    }
  } catch (error) {
    progress.stop();
    await output.close(false);
    if (checkpointFile) saveCheckpoint(checkpointFile, checkpoint);
    if (options.signal.aborted) {
      log(`enrich: interrupted after ${checkpoint.rowsDone} rows written; resume with:\n  ${options.resumeCommand}`);
      return 130;
    }
    if (error instanceof EnrichError) {
      log(`enrich: stopped after ${checkpoint.rowsDone} rows written: ${error.code}: ${error.message}`);
      if (checkpointFile) log(`resume with:\n  ${options.resumeCommand}`);
      return 1;
    }
    throw error;
  }
  progress.stop();
  await output.close(true);
  if (checkpointFile) rmSync(checkpointFile, { force: true });
  log(`enrich: ${checkpoint.rowsDone} rows: ${checkpoint.completed} enriched, ${checkpoint.failed} failed or not a domain`);
  return checkpoint.failed > 0 ? 1 : 0;
}

/** One chunk through one batch: a result per entry, in order. */
async function enrichChunk(
  client: EnrichClient,
  domains: string[],
  idempotencyKey: string,
  options: CsvOptions,
  onEnded: (ended: number) => void,
): Promise<Result[]> {
  const call = { signal: options.signal };
  const accepted: BulkAccepted = await client.submitBatch(domains, { idempotencyKey, refresh: options.refresh, ...call });
  for (;;) {
    const summary = await client.batch(accepted.batchId, { limit: 1 }, call);
    onEnded(summary.completed + summary.failed + summary.invalid.length + summary.duplicateEntries);
    if (summary.status === 'completed') break;
    await sleep(options.pollIntervalMs, undefined, { signal: options.signal });
  }
  const items = new Map<string, BatchItem>();
  const fields = [...new Set(options.fields.filter((field) => field !== 'domain'))];
  for await (const item of client.batchItems(accepted.batchId, { fields: fields.length ? fields : undefined }, call))
    items.set(item.jobId, item);
  const jobOf = new Map<number, string>([
    ...accepted.jobs.map((j) => [j.index, j.jobId] as const),
    ...accepted.duplicates.map((d) => [d.index, d.jobId] as const),
  ]);
  const invalid = new Map(accepted.invalid.map((entry) => [entry.index, entry.reason]));
  return domains.map((_, index): Result => {
    const reason = invalid.get(index);
    if (reason !== undefined) return { status: 'invalid', error: `not a domain: ${reason}` };
    const item = items.get(jobOf.get(index) ?? '');
    if (!item) return { status: 'failed', error: 'no result for this row' };
    if (item.status === 'completed') return { status: 'completed', data: item.data as Record<string, unknown> | undefined };
    return { status: 'failed', error: item.error ? `${item.error.code}: ${item.error.message}` : item.status };
  });
}
