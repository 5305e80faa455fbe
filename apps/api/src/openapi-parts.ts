import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { bulkRequestSchema } from './bulk/bulk-entries';
import { errorBodySchema } from './schemas/error';
import { lastEventIdSchema } from './schemas/events';

// Parts of the OpenAPI document shared by openapi-document.ts and the files that add paths to it.
export const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
export const error = (description: string) => json(errorBodySchema, description);

/** The body of POST /enrich/bulk (and of its preview): a JSON list or a CSV file. */
export const bulkRequestBody = {
  required: true,
  content: {
    'application/json': { schema: bulkRequestSchema },
    'text/csv': { schema: z.string().meta({ example: 'company,website\nAcme,acme.com\n' }) },
  },
};

/** What every public path's entry shares (openapi-document.ts builds it once per document). */
export interface PathParts {
  security: Record<string, string[]>[];
  common: Record<number, ResponseConfig>;
  csrf: Record<number, ResponseConfig>;
}

// The event streams: text/event-stream, whose schema here is that of each event's JSON data
// (OpenAPI 3.1 has no way to describe the framing itself).
export const stream = (data: z.ZodType, description: string) => ({ description, content: { 'text/event-stream': { schema: data } } });
export const resumeHeaders = () =>
  z.object({
    'last-event-id': lastEventIdSchema.meta({
      description: 'Sent by EventSource when it reconnects: the stream resumes after that event, missing none',
    }),
  });
export const streamNotes =
  'Server-Sent Events: each event has an `id` (what Last-Event-ID resumes after), a name and JSON `data`. A comment ' +
  '(`: heartbeat`) every 15 s keeps idle connections open. The stream ends after the last event; a client reconnecting ' +
  'with the last event’s id gets 204, which stops EventSource. Any API replica serves any stream. Does not count against ' +
  'rate limits; the X-RateLimit-* headers are reported.';
