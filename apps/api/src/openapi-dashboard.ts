import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { error, json } from './openapi-parts';
import {
  dashboardConfigSchema,
  inviteCreatedSchema,
  inviteCreateRequestSchema,
  inviteListSchema,
  inviteLookupSchema,
  inviteParamsSchema,
  keyCreatedSchema,
  keyCreateRequestSchema,
  keyIdParamsSchema,
  keyListSchema,
  sessionResponseSchema,
  signinRequestSchema,
  signupRequestSchema,
  teamViewSchema,
} from './schemas/dashboard';

const body = (schema: z.ZodType) => ({ body: { required: true, content: { 'application/json': { schema } } } });
const noContent = (description: string) => ({ description });

/** The dashboard's session-only endpoints (/dashboard/api/*), listed in their /api form like the rest. */
export function registerDashboardPaths(registry: OpenAPIRegistry, sessionCookie: string): void {
  const security = [{ [sessionCookie]: [] }];
  const base = '/api/dashboard/api';
  const signedIn = {
    401: error('No live dashboard session (AUTHENTICATION_FAILED)'),
    503: error('Postgres or Redis unreachable (SERVICE_UNAVAILABLE)'),
  };
  const mutation = {
    ...signedIn,
    403: error('CSRF_CHECK_FAILED: not same-origin, or X-CSRF-Token missing or wrong'),
  };
  const ownerMutation = {
    ...signedIn,
    403: error('CSRF_CHECK_FAILED (not same-origin, or X-CSRF-Token missing or wrong), or FORBIDDEN: only a team owner may'),
  };
  const signInOrigin = error('CSRF_CHECK_FAILED: sent cross-origin (Sec-Fetch-Site or Origin)');

  registry.registerPath({
    method: 'get',
    path: `${base}/config`,
    summary: 'Dashboard settings a signed-out page needs',
    responses: { 200: json(dashboardConfigSchema, 'Who may sign up') },
  });
  registry.registerPath({
    method: 'post',
    path: `${base}/signup`,
    summary: 'Create an account (a new Free team, or join the team of an invite) and sign in',
    description: 'Sets the `ce_session` cookie (HttpOnly, SameSite=Lax; Secure over HTTPS).',
    request: body(signupRequestSchema),
    responses: {
      201: json(sessionResponseSchema, 'Signed up and signed in'),
      400: error('VALIDATION_ERROR (email, password of 10 to 200 characters, teamName), INVALID_JSON'),
      403: error('SIGNUP_CLOSED (SIGNUP_MODE closed, or invite and no inviteToken), or CSRF_CHECK_FAILED (sent cross-origin)'),
      404: error('INVITE_NOT_FOUND: the invite is unknown, used or expired'),
      409: error('EMAIL_TAKEN'),
      429: error('RATE_LIMIT_EXCEEDED: too many failed authentications from this address'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: `${base}/signin`,
    summary: 'Sign in with email and password',
    description: 'Sets the `ce_session` cookie. Failures are limited per address and per account.',
    request: body(signinRequestSchema),
    responses: {
      200: json(sessionResponseSchema, 'Signed in'),
      400: error('VALIDATION_ERROR, INVALID_JSON'),
      401: error('AUTHENTICATION_FAILED: one answer for an unknown email and a wrong password'),
      403: signInOrigin,
      429: error('RATE_LIMIT_EXCEEDED (details.window address or account), with Retry-After'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: `${base}/signout`,
    summary: 'End this session',
    security,
    responses: { 204: noContent('Signed out; the cookie is cleared'), ...mutation },
  });
  registry.registerPath({
    method: 'post',
    path: `${base}/signout-everywhere`,
    summary: 'End every session of this user',
    security,
    responses: { 204: noContent('Every session ended; the cookie is cleared'), ...mutation },
  });
  registry.registerPath({
    method: 'get',
    path: `${base}/session`,
    summary: 'The signed-in user, the team and the CSRF token',
    security,
    responses: { 200: json(sessionResponseSchema, 'Signed in'), ...signedIn },
  });
  registry.registerPath({
    method: 'get',
    path: `${base}/keys`,
    summary: 'API keys: an owner sees the team’s, a member those they created',
    security,
    responses: { 200: json(keyListSchema, 'Oldest first, revoked ones included'), ...signedIn },
  });
  registry.registerPath({
    method: 'post',
    path: `${base}/keys`,
    summary: 'Create an API key for the team',
    security,
    request: body(keyCreateRequestSchema),
    responses: {
      201: json(keyCreatedSchema, 'The key, shown only here; it works at once'),
      400: error('VALIDATION_ERROR (name of 1 to 100 characters), INVALID_JSON'),
      ...mutation,
    },
  });
  registry.registerPath({
    method: 'delete',
    path: `${base}/keys/{id}`,
    summary: 'Revoke an API key',
    description: 'An owner may revoke any key of the team, a member their own. Other API processes refuse it within KEY_CACHE_MS.',
    security,
    request: { params: keyIdParamsSchema },
    responses: {
      204: noContent('Revoked (also when it already was)'),
      404: error('KEY_NOT_FOUND: no such key in the team (or, for a member, not theirs)'),
      ...mutation,
    },
  });
  registry.registerPath({
    method: 'get',
    path: `${base}/team`,
    summary: 'The team, its limits and its members',
    security,
    responses: { 200: json(teamViewSchema, 'The team'), ...signedIn },
  });
  registry.registerPath({
    method: 'get',
    path: `${base}/invites`,
    summary: 'The team’s invites (owner)',
    security,
    responses: {
      200: json(inviteListSchema, 'Newest first; tokens are not recoverable'),
      ...signedIn,
      403: error('FORBIDDEN: only a team owner may'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: `${base}/invites`,
    summary: 'Invite someone to the team (owner)',
    security,
    request: body(inviteCreateRequestSchema),
    responses: {
      201: json(inviteCreatedSchema, 'The invite; its token and link are shown only here'),
      400: error('VALIDATION_ERROR (role, expiresInHours 1 to 720), INVALID_JSON'),
      ...ownerMutation,
    },
  });
  registry.registerPath({
    method: 'delete',
    path: `${base}/invites/{invite}`,
    summary: 'Delete an invite by its id (owner)',
    security,
    request: { params: inviteParamsSchema },
    responses: { 204: noContent('Deleted'), 404: error('INVITE_NOT_FOUND'), ...ownerMutation },
  });
  registry.registerPath({
    method: 'get',
    path: `${base}/invites/{invite}`,
    summary: 'What an invite token is for (no session)',
    request: { params: inviteParamsSchema },
    responses: {
      200: json(inviteLookupSchema, 'A usable invite'),
      404: error('INVITE_NOT_FOUND: unknown, used or expired'),
      429: error('RATE_LIMIT_EXCEEDED: too many failed authentications from this address'),
    },
  });
}
