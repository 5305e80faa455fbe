import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { issueTeamKey, listTeamKeys, revokeTeamKey } from '@enrich/api-keys';
import { AppError, ErrorCode } from '@enrich/errors';
import { type Request, type RequestHandler, Router } from 'express';
import type { AppContext } from '../app-context';
import { forgetKey } from '../middleware/authenticate';
import { jsonBody } from '../middleware/json-body';
import { error, type SessionPathParts } from '../openapi-parts';
import { mountRoutes, registerRoutes, routesOf } from '../routes/define-route';
import { keyCreatedSchema, keyCreateRequestSchema, keyIdParamsSchema, keyListSchema } from '../schemas/dashboard';
import { isOwner, sessionOf } from './require-session';

interface Deps {
  ctx: AppContext;
  session: RequestHandler;
  /** The JSON body parser, made once. */
  body: RequestHandler;
}
const { defineRoute, defineRawRoute } = routesOf<Deps, SessionPathParts>();

const KEY = { id: 'key_01m8b2c3d4e5f6g7h8j9k0m1n2p3', name: 'CRM sync', prefix: 'ce_live_LBgV', createdAt: '2026-11-23T12:00:00.000Z' };

// The times as res.json wrote the Dates before (toISOString), so that the compiler checks the answer's JSON form.
const iso = (date: Date | null) => date?.toISOString() ?? null;

// Whose keys the caller may see: undefined for all of the team's.
const creatorFilter = (req: Request) => (isOwner(req) ? undefined : sessionOf(req).user.id);

const list = defineRoute({
  method: 'get',
  path: '/dashboard/api/keys',
  summary: 'API keys: an owner sees the team’s, a member those they created',
  operationId: 'listKeys',
  tag: 'dashboard',
  description:
    'Each key’s name, its first characters, who created it, when it was last used and whether it is revoked; never the key itself.',
  answer: {
    schema: keyListSchema,
    description: 'Oldest first, revoked ones included',
    example: {
      data: [{ ...KEY, lastUsedAt: null, revokedAt: null, createdBy: { id: 'usr_01m8b2c3d4e5f6g7h8j9k0m1n2p3', email: 'ada@acme.com' } }],
    },
  },
  responses: ({ signedIn }) => signedIn,
  middleware: ({ session }) => [session],
  async handler(req, _res, { ctx }) {
    const keys = await listTeamKeys(ctx.db, sessionOf(req).team.id, creatorFilter(req));
    return {
      data: keys.map((key) => ({
        ...key,
        createdAt: key.createdAt.toISOString(),
        lastUsedAt: iso(key.lastUsedAt),
        revokedAt: iso(key.revokedAt),
      })),
    };
  },
});

const create = defineRoute({
  method: 'post',
  path: '/dashboard/api/keys',
  summary: 'Create an API key for the team',
  operationId: 'createKey',
  tag: 'dashboard',
  description: 'A new `ce_live_` key of the team; only its SHA-256 hash is stored, so the answer is the one chance to copy it.',
  input: { body: keyCreateRequestSchema },
  bodyExample: { name: KEY.name },
  answer: {
    status: 201,
    schema: keyCreatedSchema,
    description: 'The key, shown only here; it works at once',
    example: { ...KEY, key: 'ce_live_LBgVwBTaaGqwjAuP43v773aLnDdRh6PH' },
  },
  responses: ({ mutation }) => ({ 400: error('VALIDATION_ERROR (name of 1 to 100 characters), INVALID_JSON'), ...mutation }),
  middleware: ({ session, body }) => [session, body],
  async handler(req, _res, { ctx }, input) {
    const { name } = input('body');
    const { team, user } = sessionOf(req);
    const key = await issueTeamKey(ctx.db, team.id, { name, createdByUserId: user.id });
    return { ...key, createdAt: key.createdAt.toISOString() };
  },
});

// 204: no body.
const revoke = defineRawRoute({
  method: 'delete',
  path: '/dashboard/api/keys/:id',
  summary: 'Revoke an API key',
  operationId: 'revokeKey',
  tag: 'dashboard',
  description: 'An owner may revoke any key of the team, a member their own. Other API processes refuse it within KEY_CACHE_MS.',
  input: { params: keyIdParamsSchema },
  responses: ({ mutation }) => ({
    204: { description: 'Revoked (also when it already was)' },
    404: error('KEY_NOT_FOUND: no such key in the team (or, for a member, not theirs)'),
    ...mutation,
  }),
  middleware: ({ session }) => [session],
  serve: ({ ctx }, input) =>
    async function revokeKey(req, res) {
      const { id } = input(req)('params');
      const hash = await revokeTeamKey(ctx.db, sessionOf(req).team.id, id, creatorFilter(req));
      // Another team's key, or (for a member) another user's, answers as one that does not exist.
      if (!hash) throw new AppError(ErrorCode.KEY_NOT_FOUND, `no key ${id}`);
      // Refused at once by this process; others stop trusting it within KEY_CACHE_MS.
      forgetKey(ctx.caches.keys, hash);
      res.status(204).end();
    },
});

const routes = [list, create, revoke];

// The team's API keys. An owner sees and revokes all of them; a member only those they made.
export function keyRoutes(ctx: AppContext, session: RequestHandler): Router {
  const router = Router();
  mountRoutes(router, '/dashboard/api', routes, { ctx, session, body: jsonBody(ctx.config.BODY_LIMIT) }, { notAllowed: [] });
  return router;
}

export function registerKeyPaths(registry: OpenAPIRegistry, parts: SessionPathParts): void {
  registerRoutes(registry, routes, parts);
}
