import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { bulkRequestSchema } from './bulk/bulk-entries';
import { errorBodySchema } from './schemas/error';
import { lastEventIdSchema } from './schemas/events';

// Parts of the OpenAPI document shared by openapi-document.ts and the router modules that keep
// their routes' entries beside them (routes/*, dashboard/*: their register…Paths functions).
export const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
export const error = (description: string) => json(errorBodySchema, description);
/** A JSON request body, as an entry's `request` (spread it beside params or query). */
export const jsonRequest = (schema: z.ZodType, required = true) => ({ body: { required, content: { 'application/json': { schema } } } });

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

/** What the dashboard's session-only entries share (dashboard/dashboard-routes.ts builds it once per document). */
export interface SessionPathParts {
  /** The session cookie alone: a key never reaches these endpoints. */
  security: Record<string, string[]>[];
  /** 401 and 503, for any endpoint that needs a session. */
  signedIn: Record<number, ResponseConfig>;
  /** signedIn and the 403 of the CSRF check, for any change. */
  mutation: Record<number, ResponseConfig>;
}

/** The reads the dashboard pages through: free, like a poll. */
export const readNote = 'Does not count against rate limits; answers with the X-RateLimit-* headers like a poll.';

/** GET of one of the team's cursor-paginated lists (its jobs, its batches). */
export function registerListPath(
  registry: OpenAPIRegistry,
  { security, common }: PathParts,
  { path, summary, query, schema }: { path: string; summary: string; query: z.ZodObject; schema: z.ZodType },
): void {
  registry.registerPath({
    method: 'get',
    path,
    summary,
    description: readNote,
    security,
    request: { query },
    responses: {
      200: json(schema, 'One page; pass pagination.nextCursor as cursor for the next'),
      ...common,
      400: error('VALIDATION_ERROR (limit out of range, or a cursor this list did not give)'),
    },
  });
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

// Idempotency-Key on the enrichment POSTs (admission/idempotency.ts).
export const idempotencyHeaders = () =>
  z.object({
    'idempotency-key': z
      .string()
      .min(1)
      .max(255)
      .optional()
      .meta({
        description:
          'Makes the POST safe to retry: for 24 hours the same key and the same body answer the same job or batch (with ' +
          'Idempotent-Replayed: true) without admitting or charging anything again. 1 to 255 printable ASCII characters.',
        example: 'b3f1c2e0-9d7a-4c55-8a51-0f6e2d1c9a77',
      }),
  });
export const idempotencyErrors = {
  409: error('IDEMPOTENCY_KEY_IN_USE (the first request with this key still runs; Retry-After says when to retry)'),
  422: error('IDEMPOTENCY_KEY_REUSED (the key was used with another request in the last 24 hours)'),
};
