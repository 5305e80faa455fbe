import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { bulkRequestSchema } from './bulk/bulk-entries';
import { errorBodySchema } from './schemas/error';
import { lastEventIdSchema } from './schemas/events';

// Parts of the OpenAPI document shared by openapi-document.ts and the router modules that keep
// their routes' entries beside them (routes/*, dashboard/*: their register…Paths functions).
/** A JSON answer; `example` (a whole body, checked against the schema by the linters in openapi-lint.test.ts) is shown on the reference page (GET /reference). */
export const json = <S extends z.ZodType>(schema: S, description: string, example?: z.output<S>) => ({
  description,
  content: { 'application/json': { schema, ...withExample(example) } },
});
const withExample = (example: unknown) => (example === undefined ? {} : { example });
export const error = (description: string) => json(errorBodySchema, description);
/**
 * The document's tags, in the order a reader of the document sees them; an entry names its tag
 * with tagged().
 */
export const TAGS = {
  enrichment: { name: 'Enrichment', description: 'Submit one domain, then poll its job, follow it as events, or list the team’s jobs.' },
  bulk: { name: 'Bulk', description: 'Submit up to 1,000 domains at once (JSON or CSV), follow the batch, download its results as CSV.' },
  companies: { name: 'Companies', description: 'The company records your team has enriched: search them, or read one by its domain.' },
  usage: { name: 'Usage', description: 'The team’s enrichments against its monthly quota, and its request windows.' },
  monitors: {
    name: 'Monitors',
    description:
      'Domains your team watches: refreshed every interval, each change kept in the company’s history and sent as company.changed.',
  },
  webhooks: {
    name: 'Webhooks',
    description:
      'Endpoints that receive job and batch events as signed HTTP POSTs (Standard Webhooks), their deliveries, and the events themselves.',
  },
  dashboard: {
    name: 'Dashboard',
    description: 'The web dashboard’s own endpoints: sign-up, sessions, API keys, the team and its invites.',
  },
  service: { name: 'Service', description: 'Liveness, readiness, this document and its reference page: no key needed, no rate limit.' },
} as const;
export const tagged = (tag: keyof typeof TAGS): string[] => [TAGS[tag].name];

/** What any path answers to a URL whose text cannot be read (middleware/url-text.ts), before anything else. */
export const urlTextError = () => ({
  400: error('VALIDATION_ERROR: the path is not valid percent-encoding, or a path or query parameter holds U+0000'),
});

/** What a cursor-paginated list answers to a bad page request (GET /enrich, GET /enrich/bulk). */
export const listErrors = () => ({
  400: error('VALIDATION_ERROR (limit out of range, or a cursor this list did not give)'),
});

/** A JSON request body, as an entry's `request` (spread it beside params or query). */
export const jsonRequest = <S extends z.ZodType>(schema: S, example?: z.input<S>, required = true) => ({
  body: { required, content: { 'application/json': { schema, ...withExample(example) } } },
});

/** The body of POST /enrich/bulk (and of its preview): a JSON list or a CSV file. */
/** A body read by bulkBody: JSON of `schema`, or a CSV file with a domain, website or url column. */
export const jsonOrCsvBody = (schema: z.ZodType, example?: unknown) => ({
  required: true,
  content: {
    'application/json': { schema, ...withExample(example) },
    'text/csv': { schema: z.string().meta({ example: 'company,website\nAcme,acme.com\n' }) },
  },
});
export const bulkRequestBody = jsonOrCsvBody(bulkRequestSchema);

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

// The event streams: text/event-stream, whose schema here is that of each event's JSON data
// (OpenAPI 3.1 has no way to describe the framing itself).
export const stream = <S extends z.ZodType>(data: S, description: string, example: z.output<S>) => ({
  description,
  content: { 'text/event-stream': { schema: data, example } },
});
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
