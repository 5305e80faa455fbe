import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { createInvite, deleteInvite, findUsableInvite, joinUrl, listInvites, teamMembers } from '@enrich/accounts';
import { teamLimits } from '@enrich/api-keys';
import { AppError, ErrorCode } from '@enrich/errors';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { RateLimits } from '../limits/rate-limits';
import { methodNotAllowed } from '../middleware/error-handler';
import { jsonBody } from '../middleware/json-body';
import { parseOrThrow } from '../middleware/validate';
import { error, json, jsonRequest, type SessionPathParts, tagged } from '../openapi-parts';
import {
  inviteCreatedSchema,
  inviteCreateRequestSchema,
  inviteListSchema,
  inviteLookupSchema,
  inviteParamsSchema,
  teamViewSchema,
} from '../schemas/dashboard';
import { ownerOnly, sessionOf } from './require-session';

const inviteNotFound = () => new AppError(ErrorCode.INVITE_NOT_FOUND, 'this invite is unknown, used or expired');

// The team, its members and limits (every member); its invites (owners only).
export function teamRoutes(ctx: AppContext, limits: RateLimits, session: RequestHandler): Router {
  const router = Router();
  const body = jsonBody(ctx.config.BODY_LIMIT);

  router.get('/team', session, async (req, res) => {
    // Read afresh, not from the session cache: the plan or limits may just have changed.
    const team = await ctx.db.team.findUniqueOrThrow({ where: { id: sessionOf(req).team.id } });
    const { perMinute, perDay, monthly } = teamLimits(team.plan, team);
    res.json({
      team: { id: team.id, name: team.name, plan: team.plan, limits: { perMinute, perDay, monthlyQuota: monthly } },
      members: await teamMembers(ctx.db, team.id),
    });
  });

  router.get('/invites', session, ownerOnly, async (req, res) => {
    res.json({ data: await listInvites(ctx.db, sessionOf(req).team.id) });
  });

  router.post('/invites', session, ownerOnly, body, async (req, res) => {
    const input = parseOrThrow(inviteCreateRequestSchema, req.body, 'request body');
    const { team, user } = sessionOf(req);
    const invite = await createInvite(ctx.db, {
      teamId: team.id,
      role: input.role ?? 'member',
      createdById: user.id,
      expiresInHours: input.expiresInHours,
    });
    // The origin the owner reached us at (trust proxy: as the proxy saw it).
    res.status(201).json({ ...invite, url: joinUrl(`${req.protocol}://${req.host}`, invite.token) });
  });

  router.delete('/invites/:invite', session, ownerOnly, async (req, res) => {
    const { invite } = parseOrThrow(inviteParamsSchema, req.params, 'path');
    if (!(await deleteInvite(ctx.db, sessionOf(req).team.id, invite))) throw inviteNotFound();
    res.status(204).end();
  });

  // No session: the join page shows whom the invite is from before its user signs up.
  router.get('/invites/:invite', async (req, res) => {
    const { invite } = parseOrThrow(inviteParamsSchema, req.params, 'path');
    const found = await findUsableInvite(ctx.db, invite);
    if (!found) {
      await limits.countAuthFailure(req, res);
      throw inviteNotFound();
    }
    res.json(found);
  });

  router.all('/team', methodNotAllowed(['GET', 'HEAD']));
  router.all('/invites', methodNotAllowed(['GET', 'HEAD', 'POST']));
  router.all('/invites/:invite', methodNotAllowed(['GET', 'HEAD', 'DELETE']));
  return router;
}

const INVITE = { id: 'inv_01m8b2c3d4e5f6g7h8j9k0m1n2p3', role: 'member' as const, expiresAt: '2026-11-26T12:00:00.000Z' };

export function registerTeamPaths(registry: OpenAPIRegistry, { security, signedIn }: SessionPathParts): void {
  const ownerMutation = {
    ...signedIn,
    403: error('CSRF_CHECK_FAILED (not same-origin, or X-CSRF-Token missing or wrong), or FORBIDDEN: only a team owner may'),
  };
  registry.registerPath({
    method: 'get',
    path: '/api/dashboard/api/team',
    summary: 'The team, its limits and its members',
    operationId: 'getTeam',
    tags: tagged('dashboard'),
    description: 'The team’s name and plan, its rate limits and monthly quota, and its members with their roles.',
    security,
    responses: {
      200: json(teamViewSchema, 'The team', {
        team: {
          id: 'team_01m8b2c3d4e5f6g7h8j9k0m1n2p3',
          name: 'Acme',
          plan: 'free',
          limits: { perMinute: 10, perDay: 100, monthlyQuota: 100 },
        },
        members: [{ id: 'usr_01m8b2c3d4e5f6g7h8j9k0m1n2p3', email: 'ada@acme.com', role: 'owner', createdAt: '2026-11-20T09:00:00.000Z' }],
      }),
      ...signedIn,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/dashboard/api/invites',
    summary: 'The team’s invites (owner)',
    operationId: 'listInvites',
    tags: tagged('dashboard'),
    description: 'The team’s invites with their role, expiry and whether they were used; an invite’s token is shown only when it is made.',
    security,
    responses: {
      200: json(inviteListSchema, 'Newest first; tokens are not recoverable', {
        data: [{ ...INVITE, createdAt: '2026-11-23T12:00:00.000Z', usedAt: null }],
      }),
      ...signedIn,
      403: error('FORBIDDEN: only a team owner may'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/dashboard/api/invites',
    summary: 'Invite someone to the team (owner)',
    operationId: 'createInvite',
    tags: tagged('dashboard'),
    description:
      'An invite to join the team as a member or owner, valid for expiresInHours (72 by default); whoever signs up with its token joins the team.',
    security,
    request: jsonRequest(inviteCreateRequestSchema, { role: 'member', expiresInHours: 72 }),
    responses: {
      201: json(inviteCreatedSchema, 'The invite; its token and link are shown only here', {
        ...INVITE,
        token: 'Xb7kQ2mN9pR4sT6vW8yZ1aC3dE5fG0hJ',
        url: 'https://enrich.acme.com/dashboard/join/Xb7kQ2mN9pR4sT6vW8yZ1aC3dE5fG0hJ',
      }),
      400: error('VALIDATION_ERROR (role, expiresInHours 1 to 720), INVALID_JSON'),
      ...ownerMutation,
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/dashboard/api/invites/{invite}',
    summary: 'Delete an invite by its id (owner)',
    operationId: 'deleteInvite',
    tags: tagged('dashboard'),
    description: 'The invite can no longer be used; whoever already joined with it stays in the team.',
    security,
    request: { params: z.object({ invite: z.string().meta({ description: 'The invite’s id', example: INVITE.id }) }) },
    responses: { 204: { description: 'Deleted' }, 404: error('INVITE_NOT_FOUND'), ...ownerMutation },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/dashboard/api/invites/{invite}',
    summary: 'What an invite token is for (no session)',
    operationId: 'lookUpInvite',
    tags: tagged('dashboard'),
    description:
      'The team and role an unused, unexpired invite token is for, so that the sign-up page can say what it joins. No session needed; an unknown token counts as a failed authentication.',
    security: [],
    request: { params: inviteParamsSchema },
    responses: {
      200: json(inviteLookupSchema, 'A usable invite', { teamName: 'Acme', role: INVITE.role, expiresAt: INVITE.expiresAt }),
      404: error('INVITE_NOT_FOUND: unknown, used or expired'),
      429: error('RATE_LIMIT_EXCEEDED: too many failed authentications from this address'),
    },
  });
}
