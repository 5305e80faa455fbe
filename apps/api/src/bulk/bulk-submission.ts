import type { Request } from 'express';
import { type BulkInput, type BulkQuery, entriesFromCsv, entriesFromJson, optionsFromQuery } from './bulk-entries';
import { type ClassifiedEntries, classifyEntries } from './classify-entries';

export interface BulkSubmission {
  entries: ClassifiedEntries;
  /** Distinct valid domains, in submission order: one job each. */
  domains: string[];
  refresh: boolean;
  /** A one-off webhook URL for the batch (its address not yet checked). */
  webhookUrl: string | undefined;
  /** The entries' input rows and the names of their cells. */
  input: Pick<BulkInput, 'columns' | 'rows'>;
}

/**
 * A bulk body as POST /enrich/bulk and its preview read it (read onto req.body by bulkBody),
 * with the options a CSV body takes in the query: a JSON list or a CSV file, every entry
 * normalised and classified; each distinct valid domain is admitted once.
 */
export function readBulkSubmission(req: Request, query: BulkQuery): BulkSubmission {
  const fromQuery = optionsFromQuery(query);
  const json = typeof req.body === 'string' ? undefined : entriesFromJson(req.body);
  const input = json ?? entriesFromCsv(req.body as string);
  const entries = classifyEntries(input.entries);
  return {
    entries,
    domains: entries.accepted.map((entry) => entry.domain),
    refresh: json?.refresh ?? fromQuery.refresh ?? false,
    webhookUrl: json?.webhookUrl ?? fromQuery.webhookUrl,
    input: { columns: input.columns, rows: input.rows },
  };
}
