import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { type Request, type RequestHandler, Router } from 'express';
import type { AppContext } from '../app-context';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { bulkBody } from '../middleware/bulk-body';
import { jsonBody } from '../middleware/json-body';
import { domainOrThrow } from '../middleware/validate';
import { createMonitors, deleteMonitor, findMonitor, listMonitors, monitorView, updateMonitor } from '../monitors/monitor-store';
import { readMonitorSubmission } from '../monitors/monitor-submission';
import { error, jsonOrCsvBody, type PathParts } from '../openapi-parts';
import { cursorPage } from '../schemas/cursor';
import {
  monitorCreatedSchema,
  monitorCreateQuerySchema,
  monitorCreateSchema,
  monitorListQuerySchema,
  monitorListSchema,
  monitorParamsSchema,
  monitorSchema,
  monitorUpdateSchema,
} from '../schemas/monitors';
import type { ApiDeps } from './api-routes';
import { mountRoutes, registerRoutes, routesOf } from './define-route';

const MONITOR = {
  id: 'mon_01m8b2c3d4e5f6g7h8j9k0m1n2p3',
  domain: 'acme.com',
  interval: 'weekly' as const,
  fields: ['name', 'employeeCount'],
  state: 'active' as const,
  pausedReason: null,
  lastError: null,
  lastCheckedAt: '2026-12-03T09:14:00.000Z',
  nextCheckAt: '2026-12-10T09:14:00.000Z',
  lastChangedAt: '2026-12-03T09:14:05.000Z',
  createdAt: '2026-11-26T12:00:00.000Z',
  updatedAt: '2026-12-03T09:14:05.000Z',
};

interface Deps extends ApiDeps {
  /** The JSON body parser, made once. */
  body: RequestHandler;
  /** POST /monitors' body, JSON or CSV (as a bulk one), made once. */
  listBody: RequestHandler;
}
const { defineRoute, defineRawRoute } = routesOf<Deps, PathParts>();

const teamOf = (req: Request) => requireAuth(req);
const notFound = { 404: error('MONITOR_NOT_FOUND (unknown id, or another team’s monitor)') };
// Managing monitors does not count against the rate limits (their checks count against the quota): reported only.
const reported = ({ limits }: Deps) => [limits.rateLimitHeaders];
const reportedWithBody = ({ limits, body }: Deps) => [limits.rateLimitHeaders, body];
const reportedWithList = ({ limits, listBody }: Deps) => [limits.rateLimitHeaders, listBody];

const create = defineRoute({
  method: 'post',
  path: '/monitors',
  summary: 'Watch domains',
  operationId: 'createMonitors',
  tag: 'monitors',
  description:
    'Each domain is normalised as a submission’s is and checked once per interval, at a point of the interval of its own. ' +
    'Every check is a refresh counted against the monthly quota as any submission is. The answer says which domains were added, ' +
    'which the team watched already, and which are not valid domains. JSON, or a CSV file (text/csv) whose header row names a ' +
    '`domain`, `website` or `url` column, with `?interval=` (and `?fields=`) in the query.',
  input: { query: monitorCreateQuerySchema },
  // JSON or CSV: the body is read by bulkBody and readMonitorSubmission.
  request: {
    body: jsonOrCsvBody(monitorCreateSchema, {
      domains: ['acme.com', 'globex.com'],
      interval: 'weekly',
      fields: ['name', 'employeeCount'],
    }),
  },
  answer: {
    status: 201,
    schema: monitorCreatedSchema,
    description: 'Added, already watched and invalid domains',
    example: { added: [MONITOR], alreadyWatched: [{ domain: 'globex.com', id: 'mon_01m8b2c3d4e5f6g7h8j9k0m1n2q4' }], invalid: [] },
  },
  responses: ({ common, csrf }) => ({
    ...common,
    ...csrf,
    400: error(
      'VALIDATION_ERROR (domains, interval or fields; a CSV without ?interval= or a domain column, or over 1,000 rows), ' +
        'INVALID_JSON, INVALID_CSV',
    ),
    403: error('INTERVAL_NOT_ALLOWED (details.shortest: the plan’s shortest interval)'),
    409: error('MONITOR_LIMIT_REACHED (details.limit: the plan’s number of monitors)'),
    413: error('PAYLOAD_TOO_LARGE'),
    415: error('UNSUPPORTED_MEDIA_TYPE (neither JSON nor CSV)'),
  }),
  middleware: reportedWithList,
  async handler(req, _res, { ctx }, input) {
    const team = teamOf(req);
    const { entries, interval, fields } = readMonitorSubmission(req, input('query'));
    const domains = entries.accepted.map((entry) => entry.domain);
    const made =
      domains.length === 0
        ? { added: [], alreadyWatched: [] }
        : await createMonitors(ctx.db, team, { domains, interval, fields }, ctx.config.MONITOR_DAY_SECONDS);
    return { ...made, invalid: entries.invalid };
  },
});

const list = defineRoute({
  method: 'get',
  path: '/monitors',
  summary: 'The team’s monitors, newest first',
  operationId: 'listMonitors',
  tag: 'monitors',
  description: 'One page of the team’s monitors (filter by domain or state), each with its last and next check and its last change.',
  input: { query: monitorListQuerySchema },
  answer: { schema: monitorListSchema, description: 'One page', example: { data: [MONITOR], pagination: { nextCursor: null } } },
  responses: ({ common }) => ({ ...common, 400: error('VALIDATION_ERROR (limit, cursor or state), INVALID_DOMAIN (domain)') }),
  middleware: reported,
  async handler(req, _res, { ctx }, input) {
    const query = input('query');
    // The domain as any domain input is read (a URL, www., case).
    const domain = query.domain === undefined ? undefined : domainOrThrow(query.domain);
    const rows = await listMonitors(ctx.db, teamOf(req).teamId, { ...query, domain });
    const page = cursorPage(rows, query.limit, (row) => ({ at: row.created_at, id: row.id }));
    return { data: page.data.map(monitorView), pagination: page.pagination };
  },
});

const get = defineRoute({
  method: 'get',
  path: '/monitors/:id',
  summary: 'One monitor',
  operationId: 'getMonitor',
  tag: 'monitors',
  description: 'The monitor with its state, last and next check, last change, and the last check’s error while failing.',
  input: { params: monitorParamsSchema },
  answer: { schema: monitorSchema, description: 'The monitor', example: MONITOR },
  responses: ({ common }) => ({ ...notFound, ...common }),
  middleware: reported,
  async handler(req, _res, { ctx }, input) {
    return monitorView(await findMonitor(ctx.db, teamOf(req).teamId, input('params').id));
  },
});

const update = defineRoute({
  method: 'patch',
  path: '/monitors/:id',
  summary: 'Change a monitor: interval, fields, paused',
  operationId: 'updateMonitor',
  tag: 'monitors',
  description:
    'A new interval moves the next check to that interval’s next point. `paused: true` stops its checks and its company.changed ' +
    'events; `paused: false` resumes it (a monitor the quota paused, too: it pauses again if the quota still refuses).',
  input: { params: monitorParamsSchema, body: monitorUpdateSchema },
  bodyExample: { paused: true },
  answer: {
    schema: monitorSchema,
    description: 'The monitor as changed',
    example: { ...MONITOR, state: 'paused', pausedReason: 'user' },
  },
  responses: ({ common, csrf }) => ({
    ...common,
    ...csrf,
    400: error('VALIDATION_ERROR, INVALID_JSON'),
    403: error('INTERVAL_NOT_ALLOWED'),
    ...notFound,
  }),
  middleware: reportedWithBody,
  async handler(req, _res, { ctx }, input) {
    const { id } = input('params');
    return updateMonitor(ctx.db, teamOf(req), id, input('body'), ctx.config.MONITOR_DAY_SECONDS);
  },
});

// 204: no body.
const remove = defineRawRoute({
  method: 'delete',
  path: '/monitors/:id',
  summary: 'Stop watching a domain',
  operationId: 'deleteMonitor',
  tag: 'monitors',
  description: 'No check is made and no company.changed sent for it afterwards; the company’s history stays.',
  input: { params: monitorParamsSchema },
  responses: ({ common, csrf }) => ({ 204: { description: 'Removed' }, ...notFound, ...common, ...csrf }),
  middleware: reported,
  serve: ({ ctx }, input) =>
    async function deleteMonitorRoute(req, res) {
      await deleteMonitor(ctx.db, teamOf(req).teamId, input(req)('params').id);
      res.status(204).end();
    },
});

const routes = [create, list, get, update, remove];

/** /monitors, mounted there (api-router.ts): the team's monitors (a key or a dashboard session). */
export function monitorRoutes(ctx: AppContext, limits: RateLimits, authenticate: RequestHandler): Router {
  const router = Router();
  router.use(authenticate);
  const body = jsonBody(ctx.config.BODY_LIMIT);
  const listBody = bulkBody(ctx.config.BULK_BODY_LIMIT);
  mountRoutes(router, '/monitors', routes, { ctx, limits, body, listBody }, { notAllowed: [limits.rateLimitHeaders] });
  return router;
}

export function registerMonitorPaths(registry: OpenAPIRegistry, parts: PathParts): void {
  registerRoutes(registry, routes, parts);
}
