import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { createSession, endAllSessions, endSession, sha256Hex, signIn, signUp } from '@enrich/accounts';
import { AppError, ErrorCode } from '@enrich/errors';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { AppContext } from '../app-context';
import { checkSignInOrigin } from '../auth/csrf';
import { clearSessionCookie, setSessionCookie } from '../auth/session-cookie';
import type { SessionLookup } from '../auth/session-lookup';
import type { RateLimits } from '../limits/rate-limits';
import { methodNotAllowed } from '../middleware/error-handler';
import { jsonBody } from '../middleware/json-body';
import { parseOrThrow } from '../middleware/validate';
import { error, json, jsonRequest, type SessionPathParts, tagged, urlTextError } from '../openapi-parts';
import { dashboardConfigSchema, sessionResponseSchema, signinRequestSchema, signupRequestSchema } from '../schemas/dashboard';
import { sessionOf } from './require-session';

interface AccountView {
  user: { id: string; email: string; role: 'owner' | 'member' };
  team: { id: string; name: string; plan: string };
}

const sessionBody = ({ user, team }: AccountView, csrfToken: string) => ({
  user: { id: user.id, email: user.email, role: user.role },
  team: { id: team.id, name: team.name, plan: team.plan },
  csrfToken,
});

// Config, sign-up, sign-in, sign-out and the session itself.
export function accountRoutes(ctx: AppContext, limits: RateLimits, sessions: SessionLookup, session: RequestHandler): Router {
  const router = Router();
  const body = jsonBody(ctx.config.BODY_LIMIT);

  // A new session for the user: its cookie on the answer, its CSRF token returned.
  const start = async (req: Request, res: Response, userId: string): Promise<string> => {
    const created = await createSession(ctx.db, userId, sessions.settings, { ip: req.ip, userAgent: req.get('user-agent') });
    setSessionCookie(req, res, created.token, created.expiresAt);
    return created.csrfToken;
  };

  router.get('/config', (_req, res) => {
    res.json({ signupMode: ctx.config.SIGNUP_MODE });
  });

  router.post('/signup', body, async (req, res) => {
    checkSignInOrigin(req);
    const input = parseOrThrow(signupRequestSchema, req.body, 'request body');
    const account = await signUp(ctx.db, input, ctx.config.SIGNUP_MODE).catch(async (error: unknown) => {
      // Invite tokens cannot be guessed, but trying counts like trying keys.
      if (error instanceof AppError && error.code === ErrorCode.INVITE_NOT_FOUND) await limits.countAuthFailure(req, res);
      throw error;
    });
    res.status(201).json(sessionBody(account, await start(req, res, account.user.id)));
  });

  router.post('/signin', body, async (req, res) => {
    checkSignInOrigin(req);
    // The email comes lowercased from the schema.
    const { email, password } = parseOrThrow(signinRequestSchema, req.body, 'request body');
    // Counted before the password is checked; given back when it is right.
    const attempt = await limits.signInAttempt(req, res, sha256Hex(email));
    const account = await signIn(ctx.db, email, password);
    if (!account) throw new AppError(ErrorCode.AUTHENTICATION_FAILED, 'email or password is incorrect');
    await attempt.succeeded();
    res.json(sessionBody(account, await start(req, res, account.user.id)));
  });

  router.post('/signout', session, async (req, res) => {
    const current = sessionOf(req);
    await endSession(ctx.db, current.token);
    sessions.forget(current.tokenHash);
    clearSessionCookie(req, res);
    res.status(204).end();
  });

  router.post('/signout-everywhere', session, async (req, res) => {
    const current = sessionOf(req);
    await endAllSessions(ctx.db, current.user.id);
    sessions.forgetUser(current.user.id);
    clearSessionCookie(req, res);
    res.status(204).end();
  });

  router.get('/session', session, (req, res) => {
    const current = sessionOf(req);
    res.json(sessionBody(current, current.csrfToken));
  });

  router.all('/config', methodNotAllowed(['GET', 'HEAD']));
  router.all('/session', methodNotAllowed(['GET', 'HEAD']));
  for (const path of ['/signup', '/signin', '/signout', '/signout-everywhere']) router.all(path, methodNotAllowed(['POST']));
  return router;
}

const SESSION = {
  user: { id: 'usr_01m8b2c3d4e5f6g7h8j9k0m1n2p3', email: 'ada@acme.com', role: 'owner' as const },
  team: { id: 'team_01m8b2c3d4e5f6g7h8j9k0m1n2p3', name: 'Acme', plan: 'free' as const },
  csrfToken: 'kq3Vd8mX1nB7rT2yL5wZ9cF4hJ6pS0aE',
};

export function registerAccountPaths(registry: OpenAPIRegistry, { security, signedIn, mutation }: SessionPathParts): void {
  registry.registerPath({
    method: 'get',
    path: '/api/dashboard/api/config',
    summary: 'Dashboard settings a signed-out page needs',
    operationId: 'getDashboardConfig',
    tags: tagged('dashboard'),
    description:
      'Whether anyone may sign up, only invitees, or nobody (SIGNUP_MODE), so that the sign-in page shows the right links. No session needed.',
    security: [],
    responses: { 200: json(dashboardConfigSchema, 'Who may sign up', { signupMode: 'open' }), ...urlTextError() },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/dashboard/api/signup',
    summary: 'Create an account (a new Free team, or join the team of an invite) and sign in',
    operationId: 'signUp',
    tags: tagged('dashboard'),
    security: [],
    description: 'Sets the `ce_session` cookie (HttpOnly, SameSite=Lax; Secure over HTTPS).',
    request: jsonRequest(signupRequestSchema, { email: 'ada@acme.com', password: 'correct horse battery staple', teamName: 'Acme' }),
    responses: {
      201: json(sessionResponseSchema, 'Signed up and signed in', SESSION),
      400: error('VALIDATION_ERROR (email, password of 10 to 200 characters, teamName), INVALID_JSON'),
      403: error('SIGNUP_CLOSED (SIGNUP_MODE closed, or invite and no inviteToken), or CSRF_CHECK_FAILED (sent cross-origin)'),
      404: error('INVITE_NOT_FOUND: the invite is unknown, used or expired'),
      409: error('EMAIL_TAKEN'),
      429: error('RATE_LIMIT_EXCEEDED: too many failed authentications from this address'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/dashboard/api/signin',
    summary: 'Sign in with email and password',
    operationId: 'signIn',
    tags: tagged('dashboard'),
    security: [],
    description: 'Sets the `ce_session` cookie. Failures are limited per address and per account.',
    request: jsonRequest(signinRequestSchema, { email: 'ada@acme.com', password: 'correct horse battery staple' }),
    responses: {
      200: json(sessionResponseSchema, 'Signed in', SESSION),
      400: error('VALIDATION_ERROR, INVALID_JSON'),
      401: error('AUTHENTICATION_FAILED: one answer for an unknown email and a wrong password'),
      403: error('CSRF_CHECK_FAILED: sent cross-origin (Sec-Fetch-Site or Origin)'),
      429: error('RATE_LIMIT_EXCEEDED (details.window address or account), with Retry-After'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/dashboard/api/signout',
    summary: 'End this session',
    operationId: 'signOut',
    tags: tagged('dashboard'),
    description: 'Ends the session of the cookie sent and clears the cookie; the user’s other sessions go on.',
    security,
    responses: { 204: { description: 'Signed out; the cookie is cleared' }, ...mutation },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/dashboard/api/signout-everywhere',
    summary: 'End every session of this user',
    operationId: 'signOutEverywhere',
    tags: tagged('dashboard'),
    description: 'Ends every session of the signed-in user, on every browser, and clears this cookie.',
    security,
    responses: { 204: { description: 'Every session ended; the cookie is cleared' }, ...mutation },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/dashboard/api/session',
    summary: 'The signed-in user, the team and the CSRF token',
    operationId: 'getSession',
    tags: tagged('dashboard'),
    description: 'Who is signed in, their team and role, and the CSRF token to send as X-CSRF-Token on every change.',
    security,
    responses: { 200: json(sessionResponseSchema, 'Signed in', SESSION), ...signedIn },
  });
}
