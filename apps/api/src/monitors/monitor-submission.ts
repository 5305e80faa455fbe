import { AppError, ErrorCode } from '@enrich/errors';
import type { MonitorInterval } from '@enrich/jobs';
import type { Request } from 'express';
import type { z } from 'zod';
import { entriesFromCsv } from '../bulk/bulk-entries';
import { type ClassifiedEntries, classifyEntries } from '../bulk/classify-entries';
import { parseOrThrow } from '../middleware/validate';
import { type monitorCreateQuerySchema, monitorCreateSchema } from '../schemas/monitors';

export interface MonitorSubmission {
  entries: ClassifiedEntries;
  interval: MonitorInterval;
  fields: string[];
}

/**
 * A POST /monitors body as bulkBody read it onto req.body: JSON `{domains, interval, fields}`,
 * or a CSV file read as a bulk one is (a domain, website or url column) with the interval and
 * fields in the query. Entries are classified as a bulk submission's are.
 */
export function readMonitorSubmission(req: Request, query: z.output<typeof monitorCreateQuerySchema>): MonitorSubmission {
  if (typeof req.body !== 'string') {
    const body = parseOrThrow(monitorCreateSchema, req.body, 'request body');
    return { entries: classifyEntries(body.domains), interval: body.interval, fields: body.fields ?? [] };
  }
  const { interval } = query;
  if (interval === undefined) {
    throw new AppError(ErrorCode.VALIDATION_ERROR, 'query: interval: a CSV body takes its interval as ?interval=', {
      details: [{ path: 'interval', message: 'required with a CSV body' }],
    });
  }
  return { entries: classifyEntries(entriesFromCsv(req.body).entries), interval, fields: query.fields ?? [] };
}
