import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { createInvite, deleteInvite, findUsableInvite, joinUrl, listInvites, teamMembers } from '@enrich/accounts';
import { teamLimits } from '@enrich/api-keys';
import { AppError, ErrorCode } from '@enrich/errors';
import { type RequestHandler, Router } from 'express';
import type { AppContext } from '../app-context';
import type { RateLimits } from '../limits/rate-limits';
import { jsonBody } from '../middleware/json-body';
import { error, type SessionPathParts } from '../openapi-parts';
import { mountRoutes, registerRoutes, routesOf } from '../routes/define-route';
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

// The handlers write times as ISO strings, the bytes res.json wrote from the Dates, so that the
// compiler checks each answer's JSON form against its schema.
interface Deps {
  ctx: AppContext;
  limits: RateLimits;
  session: RequestHandler;
  /** The JSON body parser, made once. */
  body: RequestHandler;
}
const { defineRoute, defineRawRoute } = routesOf<Deps, SessionPathParts>();

const INVITE = { id: 'inv_01m8b2c3d4e5f6g7h8j9k0m1n2p3', role: 'member' as const, expiresAt: '2026-11-26T12:00:00.000Z' };

const ownerMutation = ({ signedIn }: SessionPathParts) => ({
  ...signedIn,
  403: error('CSRF_CHECK_FAILED (not same-origin, or X-CSRF-Token missing or wrong), or FORBIDDEN: only a team owner may'),
});

const team = defineRoute({
  method: 'get',
  path: '/dashboard/api/team',
  summary: 'The team, its limits and its members',
  operationId: 'getTeam',
  tag: 'dashboard',
  description: 'The team’s name and plan, its rate limits and monthly quota, and its members with their roles.',
  answer: {
    schema: teamViewSchema,
    description: 'The team',
    example: {
      team: {
        id: 'team_01m8b2c3d4e5f6g7h8j9k0m1n2p3',
        name: 'Acme',
        plan: 'free',
        limits: { perMinute: 10, perDay: 100, monthlyQuota: 100 },
      },
      members: [{ id: 'usr_01m8b2c3d4e5f6g7h8j9k0m1n2p3', email: 'ada@acme.com', role: 'owner', createdAt: '2026-11-20T09:00:00.000Z' }],
    },
  },
  responses: ({ signedIn }) => signedIn,
  middleware: ({ session }) => [session],
  async handler(req, _res, { ctx }) {
    // Read afresh, not from the session cache: the plan or limits may just have changed.
    const team = await ctx.db.team.findUniqueOrThrow({ where: { id: sessionOf(req).team.id } });
    const { perMinute, perDay, monthly } = teamLimits(team.plan, team);
    return {
      team: { id: team.id, name: team.name, plan: team.plan, limits: { perMinute, perDay, monthlyQuota: monthly } },
      members: (await teamMembers(ctx.db, team.id)).map((member) => ({ ...member, createdAt: member.createdAt.toISOString() })),
    };
  },
});

const invites = defineRoute({
  method: 'get',
  path: '/dashboard/api/invites',
  summary: 'The team’s invites (owner)',
  operationId: 'listInvites',
  tag: 'dashboard',
  description: 'The team’s invites with their role, expiry and whether they were used; an invite’s token is shown only when it is made.',
  answer: {
    schema: inviteListSchema,
    description: 'Newest first; tokens are not recoverable',
    example: { data: [{ ...INVITE, createdAt: '2026-11-23T12:00:00.000Z', usedAt: null }] },
  },
  responses: ({ signedIn }) => ({ ...signedIn, 403: error('FORBIDDEN: only a team owner may') }),
  middleware: ({ session }) => [session, ownerOnly],
  async handler(req, _res, { ctx }) {
    const invites = await listInvites(ctx.db, sessionOf(req).team.id);
    return {
      data: invites.map((invite) => ({
        ...invite,
        createdAt: invite.createdAt.toISOString(),
        expiresAt: invite.expiresAt.toISOString(),
        usedAt: invite.usedAt?.toISOString() ?? null,
      })),
    };
  },
});

const invite = defineRoute({
  method: 'post',
  path: '/dashboard/api/invites',
  summary: 'Invite someone to the team (owner)',
  operationId: 'createInvite',
  tag: 'dashboard',
  description:
    'An invite to join the team as a member or owner, valid for expiresInHours (72 by default); whoever signs up with its token joins the team.',
  input: { body: inviteCreateRequestSchema },
  bodyExample: { role: 'member', expiresInHours: 72 },
  answer: {
    status: 201,
    schema: inviteCreatedSchema,
    description: 'The invite; its token and link are shown only here',
    example: {
      ...INVITE,
      token: 'Xb7kQ2mN9pR4sT6vW8yZ1aC3dE5fG0hJ',
      url: 'https://enrich.acme.com/dashboard/join/Xb7kQ2mN9pR4sT6vW8yZ1aC3dE5fG0hJ',
    },
  },
  responses: (parts) => ({ 400: error('VALIDATION_ERROR (role, expiresInHours 1 to 720), INVALID_JSON'), ...ownerMutation(parts) }),
  middleware: ({ session, body }) => [session, ownerOnly, body],
  async handler(req, _res, { ctx }, input) {
    const body = input('body');
    const { team, user } = sessionOf(req);
    const invite = await createInvite(ctx.db, {
      teamId: team.id,
      role: body.role ?? 'member',
      createdById: user.id,
      expiresInHours: body.expiresInHours,
    });
    // The origin the owner reached us at (trust proxy: as the proxy saw it).
    return { ...invite, expiresAt: invite.expiresAt.toISOString(), url: joinUrl(`${req.protocol}://${req.host}`, invite.token) };
  },
});

// 204: no body.
const deleteInviteRoute = defineRawRoute({
  method: 'delete',
  path: '/dashboard/api/invites/:invite',
  summary: 'Delete an invite by its id (owner)',
  operationId: 'deleteInvite',
  tag: 'dashboard',
  description: 'The invite can no longer be used; whoever already joined with it stays in the team.',
  input: { params: inviteParamsSchema },
  responses: (parts) => ({ 204: { description: 'Deleted' }, 404: error('INVITE_NOT_FOUND'), ...ownerMutation(parts) }),
  middleware: ({ session }) => [session, ownerOnly],
  serve: ({ ctx }, input) =>
    async function removeInvite(req, res) {
      const { invite } = input(req)('params');
      if (!(await deleteInvite(ctx.db, sessionOf(req).team.id, invite))) throw inviteNotFound();
      res.status(204).end();
    },
});

// No session: the join page shows whom the invite is from before its user signs up.
const lookUp = defineRoute({
  method: 'get',
  path: '/dashboard/api/invites/:invite',
  summary: 'What an invite token is for (no session)',
  operationId: 'lookUpInvite',
  tag: 'dashboard',
  description:
    'The team and role an unused, unexpired invite token is for, so that the sign-up page can say what it joins. No session needed; an unknown token counts as a failed authentication.',
  security: [],
  input: { params: inviteParamsSchema },
  answer: {
    schema: inviteLookupSchema,
    description: 'A usable invite',
    example: { teamName: 'Acme', role: INVITE.role, expiresAt: INVITE.expiresAt },
  },
  responses: () => ({
    404: error('INVITE_NOT_FOUND: unknown, used or expired'),
    429: error('RATE_LIMIT_EXCEEDED: too many failed authentications from this address'),
  }),
  async handler(req, res, { ctx, limits }, input) {
    const { invite } = input('params');
    const found = await findUsableInvite(ctx.db, invite);
    if (!found) {
      await limits.countAuthFailure(req, res);
      throw inviteNotFound();
    }
    return { ...found, expiresAt: found.expiresAt.toISOString() };
  },
});

const routes = [team, invites, invite, deleteInviteRoute, lookUp];

// The team, its members and limits (every member); its invites (owners only).
export function teamRoutes(ctx: AppContext, limits: RateLimits, session: RequestHandler): Router {
  const router = Router();
  mountRoutes(router, '/dashboard/api', routes, { ctx, limits, session, body: jsonBody(ctx.config.BODY_LIMIT) }, { notAllowed: [] });
  return router;
}

export function registerTeamPaths(registry: OpenAPIRegistry, parts: SessionPathParts): void {
  registerRoutes(registry, routes, parts);
}
