import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { issueTeamKey, listTeamKeys, revokeTeamKey } from '@enrich/api-keys';
import { AppError, ErrorCode } from '@enrich/errors';
import { type RequestHandler, Router } from 'express';
import type { AppContext } from '../app-context';
import { forgetKey } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/error-handler';
import { jsonBody } from '../middleware/json-body';
import { parseOrThrow } from '../middleware/validate';
import { error, json, jsonRequest, type SessionPathParts, tagged } from '../openapi-parts';
import { keyCreatedSchema, keyCreateRequestSchema, keyIdParamsSchema, keyListSchema } from '../schemas/dashboard';
import { isOwner, sessionOf } from './require-session';

// The team's API keys. An owner sees and revokes all of them; a member only those they made.
export function keyRoutes(ctx: AppContext, session: RequestHandler): Router {
  const router = Router();
  const body = jsonBody(ctx.config.BODY_LIMIT);
  // Whose keys the caller may see: undefined for all of the team's.
  const creatorFilter = (req: Parameters<RequestHandler>[0]) => (isOwner(req) ? undefined : sessionOf(req).user.id);

  router.get('/keys', session, async (req, res) => {
    res.json({ data: await listTeamKeys(ctx.db, sessionOf(req).team.id, creatorFilter(req)) });
  });

  router.post('/keys', session, body, async (req, res) => {
    const { name } = parseOrThrow(keyCreateRequestSchema, req.body, 'request body');
    const { team, user } = sessionOf(req);
    res.status(201).json(await issueTeamKey(ctx.db, team.id, { name, createdByUserId: user.id }));
  });

  router.delete('/keys/:id', session, async (req, res) => {
    const { id } = parseOrThrow(keyIdParamsSchema, req.params, 'path');
    const hash = await revokeTeamKey(ctx.db, sessionOf(req).team.id, id, creatorFilter(req));
    // Another team's key, or (for a member) another user's, answers as one that does not exist.
    if (!hash) throw new AppError(ErrorCode.KEY_NOT_FOUND, `no key ${id}`);
    // Refused at once by this process; others stop trusting it within KEY_CACHE_MS.
    forgetKey(ctx.caches.keys, hash);
    res.status(204).end();
  });

  router.all('/keys', methodNotAllowed(['GET', 'HEAD', 'POST']));
  router.all('/keys/:id', methodNotAllowed(['DELETE']));
  return router;
}

const KEY = { id: 'key_01m8b2c3d4e5f6g7h8j9k0m1n2p3', name: 'CRM sync', prefix: 'ce_live_LBgV', createdAt: '2026-11-23T12:00:00.000Z' };

export function registerKeyPaths(registry: OpenAPIRegistry, { security, signedIn, mutation }: SessionPathParts): void {
  registry.registerPath({
    method: 'get',
    path: '/api/dashboard/api/keys',
    summary: 'API keys: an owner sees the team’s, a member those they created',
    operationId: 'listKeys',
    tags: tagged('dashboard'),
    description:
      'Each key’s name, its first characters, who created it, when it was last used and whether it is revoked; never the key itself.',
    security,
    responses: {
      200: json(keyListSchema, 'Oldest first, revoked ones included', {
        data: [{ ...KEY, lastUsedAt: null, revokedAt: null, createdBy: { id: 'usr_01m8b2c3d4e5f6g7h8j9k0m1n2p3', email: 'ada@acme.com' } }],
      }),
      ...signedIn,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/dashboard/api/keys',
    summary: 'Create an API key for the team',
    operationId: 'createKey',
    tags: tagged('dashboard'),
    description: 'A new `ce_live_` key of the team; only its SHA-256 hash is stored, so the answer is the one chance to copy it.',
    security,
    request: jsonRequest(keyCreateRequestSchema, { name: KEY.name }),
    responses: {
      201: json(keyCreatedSchema, 'The key, shown only here; it works at once', {
        ...KEY,
        key: 'ce_live_LBgVwBTaaGqwjAuP43v773aLnDdRh6PH',
      }),
      400: error('VALIDATION_ERROR (name of 1 to 100 characters), INVALID_JSON'),
      ...mutation,
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/dashboard/api/keys/{id}',
    summary: 'Revoke an API key',
    operationId: 'revokeKey',
    tags: tagged('dashboard'),
    description: 'An owner may revoke any key of the team, a member their own. Other API processes refuse it within KEY_CACHE_MS.',
    security,
    request: {
      params: keyIdParamsSchema.extend({ id: keyIdParamsSchema.shape.id.meta({ description: 'The key’s id', example: KEY.id }) }),
    },
    responses: {
      204: { description: 'Revoked (also when it already was)' },
      404: error('KEY_NOT_FOUND: no such key in the team (or, for a member, not theirs)'),
      ...mutation,
    },
  });
}
