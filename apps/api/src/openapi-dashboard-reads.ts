import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { bulkRequestBody, error, json } from './openapi-parts';
import { batchIdParamsSchema, batchListQuerySchema, batchListSchema, batchResultsDescription, bulkPreviewSchema } from './schemas/bulk';
import { jobListQuerySchema, jobListSchema } from './schemas/enrich';
import { usageSchema } from './schemas/usage';

const readNote = 'Does not count against rate limits; answers with the X-RateLimit-* headers like a poll.';

/**
 * The paths the dashboard reads through (issue 11), public like the rest: usage, the team's
 * jobs and batches, a batch's results as CSV, and the bulk preview under /dashboard/api (a key
 * or a dashboard session, like the public endpoints).
 */
export function registerDashboardReadPaths(
  registry: OpenAPIRegistry,
  {
    security,
    common,
    csrf,
  }: { security: Record<string, string[]>[]; common: Record<number, ResponseConfig>; csrf: Record<number, ResponseConfig> },
): void {
  const badList = error('VALIDATION_ERROR (limit out of range, or a cursor this list did not give)');

  registry.registerPath({
    method: 'get',
    path: '/api/usage',
    summary: 'This month’s enrichments against the quota, the request windows, and the last 30 days',
    description: `The month counts as POST /enrich and /enrich/bulk count it; daily counts are the enrichments charged (duplicates are free). ${readNote}`,
    security,
    responses: { 200: json(usageSchema, 'Usage of the calling team'), ...common, 405: error('METHOD_NOT_ALLOWED') },
  });
  const list = (path: string, summary: string, query: z.ZodObject, schema: z.ZodType) =>
    registry.registerPath({
      method: 'get',
      path,
      summary,
      description: readNote,
      security,
      request: { query },
      responses: { 200: json(schema, 'One page; pass pagination.nextCursor as cursor for the next'), ...common, 400: badList },
    });
  list('/api/enrich', 'The team’s single jobs (not those of batches), newest first', jobListQuerySchema, jobListSchema);
  list('/api/enrich/bulk', 'The team’s batches, newest first, with their counts', batchListQuerySchema, batchListSchema);
  registry.registerPath({
    method: 'get',
    path: '/api/enrich/bulk/{batchId}/results.csv',
    summary: 'A batch’s results as CSV, one row per submitted entry',
    description: `${batchResultsDescription} Streamed; sent as an attachment named batch-<batchId>.csv. ${readNote}`,
    security,
    request: { params: batchIdParamsSchema },
    responses: {
      200: {
        description: 'text/csv; charset=utf-8, CRLF lines, a header row first',
        content: {
          'text/csv': {
            schema: z.string().meta({ example: 'domain,enriched_domain,name,…,status,error\r\nacme.com,acme.com,Acme,…,completed,\r\n' }),
          },
        },
      },
      ...common,
      404: error('BATCH_NOT_FOUND (unknown id, or another team’s batch)'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/dashboard/api/bulk/preview',
    summary: 'What POST /enrich/bulk would make of a body, and its cost; nothing is stored or counted',
    description:
      'The same bodies as POST /enrich/bulk (JSON or CSV), read and classified by the same code: counts, invalid entries with ' +
      'reasons, and the enrichments it would count against the monthly quota. Not counted against any limit.',
    security,
    request: { body: bulkRequestBody },
    responses: {
      200: json(bulkPreviewSchema, 'The submission as POST /enrich/bulk would count it'),
      ...common,
      ...csrf,
      400: error('As POST /enrich/bulk: VALIDATION_ERROR, INVALID_CSV, INVALID_JSON, INVALID_CONTENT_ENCODING'),
      413: error('PAYLOAD_TOO_LARGE'),
      415: error('UNSUPPORTED_MEDIA_TYPE'),
    },
  });
}
