import { type StorableJson, storableJson, storableText } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { webhookUrlSchema } from '@enrich/webhooks';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { parseOrThrow } from '../middleware/validate';

export const MAX_BULK_DOMAINS = 1000;

export const bulkRequestSchema = z
  .object({
    domains: z
      .array(z.unknown())
      .min(1, 'domains must hold at least one entry')
      .max(MAX_BULK_DOMAINS, `at most ${MAX_BULK_DOMAINS} domains per request`)
      .meta({
        description: `1 to ${MAX_BULK_DOMAINS} domains or URLs; invalid entries are reported, not fatal`,
        example: ['acme.com', 'https://www.globex.io/about'],
      }),
    refresh: z.boolean().optional().meta({ description: 'Run the pipeline even for companies with a fresh stored record' }),
    webhookUrl: webhookUrlSchema.optional().meta({
      description:
        'A one-off webhook for this batch: every item’s job.completed or job.failed and the batch.completed are POSTed there, ' +
        'signed with the webhookSecret of the answer',
    }),
  })
  .meta({ id: 'BulkEnrichRequest' });

/** A bulk request's entries, each with the input row it came from (kept with the batch). */
export interface BulkInput {
  entries: unknown[];
  /** Names of the input rows' cells: the CSV's header row, or ["domain"] for a JSON list. */
  columns: string[];
  /** Per entry, its input row, storable (results.csv gives it back beside the result). */
  rows: StorableJson[][];
}

export function entriesFromJson(body: unknown): BulkInput & { refresh: boolean | undefined; webhookUrl: string | undefined } {
  const parsed = parseOrThrow(bulkRequestSchema, body, 'request body');
  const rows = parsed.domains.map((entry) => [storableJson(entry)]);
  return { entries: parsed.domains, columns: ['domain'], rows, refresh: parsed.refresh, webhookUrl: parsed.webhookUrl };
}

// `?refresh=true` and `?webhookUrl=…` do for a CSV body what the fields do in a JSON one.
export const bulkQuerySchema = z.object({
  refresh: z.enum(['true', 'false']).optional().meta({ description: 'For a CSV body: as `refresh` in a JSON one' }),
  webhookUrl: webhookUrlSchema.optional().meta({ description: 'For a CSV body: as `webhookUrl` in a JSON one' }),
});
export type BulkQuery = z.output<typeof bulkQuerySchema>;
export function optionsFromQuery({ refresh, webhookUrl }: BulkQuery): { refresh: boolean | undefined; webhookUrl: string | undefined } {
  return { refresh: refresh === undefined ? undefined : refresh === 'true', webhookUrl };
}

// Input columns kept with a batch: enough for any customer list, and a bound on results.csv,
// which writes every cell of every row (a 2 MB header of commas would be a million columns).
export const MAX_INPUT_COLUMNS = 200;

// Header names that hold the domain, in order of preference.
const DOMAIN_COLUMNS = ['domain', 'website', 'url'];

/**
 * A CSV list as customers keep them: a header row naming a `domain`, `website` or `url`
 * column (any case; other columns are kept with the batch, not read), one company per row.
 * Quoting, a BOM and CRLF are handled by csv-parse. Rows with an empty cell are kept, so they
 * are reported as invalid. A row longer than the header names its extra cells column_<n>; cells
 * past the MAX_INPUT_COLUMNS-th are not kept.
 */
export function entriesFromCsv(text: string): BulkInput {
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    throw new AppError(ErrorCode.INVALID_CSV, `the CSV body could not be read: ${(error as Error).message}`);
  }
  const [header, ...data] = rows;
  const names = (header ?? []).map((cell) => cell.toLowerCase());
  const column = DOMAIN_COLUMNS.map((name) => names.indexOf(name)).find((index) => index >= 0);
  if (column === undefined) {
    throw new AppError(ErrorCode.VALIDATION_ERROR, `the CSV header row must name a ${DOMAIN_COLUMNS.join(', ')} column`, {
      details: [{ path: 'header', message: `found: ${names.join(', ') || '(nothing)'}` }],
    });
  }
  const entries = data.map((row) => row[column] ?? '');
  if (entries.length === 0) {
    throw new AppError(ErrorCode.VALIDATION_ERROR, 'the CSV holds no rows under its header', {
      details: [{ path: 'rows', message: 'empty' }],
    });
  }
  if (entries.length > MAX_BULK_DOMAINS) {
    throw new AppError(ErrorCode.VALIDATION_ERROR, `at most ${MAX_BULK_DOMAINS} domains per request; the CSV holds ${entries.length}`, {
      details: [{ path: 'rows', message: `${entries.length} rows` }],
    });
  }
  const width = Math.min(MAX_INPUT_COLUMNS, Math.max(names.length, ...data.map((row) => row.length)));
  const columns = Array.from({ length: width }, (_, i) => storableText(header?.[i] ?? `column_${i + 1}`));
  return { entries, columns, rows: data.map((row) => row.slice(0, width).map(storableText)) };
}
