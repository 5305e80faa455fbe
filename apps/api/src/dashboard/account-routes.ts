import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { createSession, endAllSessions, endSession, sha256Hex, signIn, signUp } from '@enrich/accounts';
import type { Plan } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { AppContext } from '../app-context';
import { checkSignInOrigin } from '../auth/csrf';
import { clearSessionCookie, setSessionCookie } from '../auth/session-cookie';
import type { SessionLookup } from '../auth/session-lookup';
import type { RateLimits } from '../limits/rate-limits';
import { jsonBody } from '../middleware/json-body';
import { error, type SessionPathParts, urlTextError } from '../openapi-parts';
import { mountRoutes, registerRoutes, routesOf } from '../routes/define-route';
import { dashboardConfigSchema, sessionResponseSchema, signinRequestSchema, signupRequestSchema } from '../schemas/dashboard';
import { sessionOf } from './require-session';

interface AccountView {
  user: { id: string; email: string; role: 'owner' | 'member' };
  team: { id: string; name: string; plan: Plan };
}

const sessionBody = ({ user, team }: AccountView, csrfToken: string) => ({
  user: { id: user.id, email: user.email, role: user.role },
  team: { id: team.id, name: team.name, plan: team.plan },
  csrfToken,
});

interface Deps {
  ctx: AppContext;
  limits: RateLimits;
  sessions: SessionLookup;
  session: RequestHandler;
  /** The JSON body parser, made once. */
  body: RequestHandler;
}
const { defineRoute, defineRawRoute } = routesOf<Deps, SessionPathParts>();

// A new session for the user: its cookie on the answer, its CSRF token returned.
async function start({ ctx, sessions }: Deps, req: Request, res: Response, userId: string): Promise<string> {
  const created = await createSession(ctx.db, userId, sessions.settings, { ip: req.ip, userAgent: req.get('user-agent') });
  setSessionCookie(req, res, created.token, created.expiresAt);
  return created.csrfToken;
}

const SESSION = {
  user: { id: 'usr_01m8b2c3d4e5f6g7h8j9k0m1n2p3', email: 'ada@acme.com', role: 'owner' as const },
  team: { id: 'team_01m8b2c3d4e5f6g7h8j9k0m1n2p3', name: 'Acme', plan: 'free' as const },
  csrfToken: 'kq3Vd8mX1nB7rT2yL5wZ9cF4hJ6pS0aE',
};

const config = defineRoute({
  method: 'get',
  path: '/dashboard/api/config',
  summary: 'Dashboard settings a signed-out page needs',
  operationId: 'getDashboardConfig',
  tag: 'dashboard',
  description:
    'Whether anyone may sign up, only invitees, or nobody (SIGNUP_MODE), so that the sign-in page shows the right links. No session needed.',
  security: [],
  answer: { schema: dashboardConfigSchema, description: 'Who may sign up', example: { signupMode: 'open' } },
  responses: () => urlTextError(),
  handler: (_req, _res, { ctx }) => ({ signupMode: ctx.config.SIGNUP_MODE }),
});

const signup = defineRoute({
  method: 'post',
  path: '/dashboard/api/signup',
  summary: 'Create an account (a new Free team, or join the team of an invite) and sign in',
  operationId: 'signUp',
  tag: 'dashboard',
  security: [],
  description: 'Sets the `ce_session` cookie (HttpOnly, SameSite=Lax; Secure over HTTPS).',
  input: { body: signupRequestSchema },
  bodyExample: { email: 'ada@acme.com', password: 'correct horse battery staple', teamName: 'Acme' },
  answer: { status: 201, schema: sessionResponseSchema, description: 'Signed up and signed in', example: SESSION },
  responses: () => ({
    400: error('VALIDATION_ERROR (email, password of 10 to 200 characters, teamName), INVALID_JSON'),
    403: error('SIGNUP_CLOSED (SIGNUP_MODE closed, or invite and no inviteToken), or CSRF_CHECK_FAILED (sent cross-origin)'),
    404: error('INVITE_NOT_FOUND: the invite is unknown, used or expired'),
    409: error('EMAIL_TAKEN'),
    429: error('RATE_LIMIT_EXCEEDED: too many failed authentications from this address'),
  }),
  middleware: ({ body }) => [body],
  async handler(req, res, deps, input) {
    const { ctx, limits } = deps;
    checkSignInOrigin(req);
    const account = await signUp(ctx.db, input('body'), ctx.config.SIGNUP_MODE).catch(async (error: unknown) => {
      // Invite tokens cannot be guessed, but trying counts like trying keys.
      if (error instanceof AppError && error.code === ErrorCode.INVITE_NOT_FOUND) await limits.countAuthFailure(req, res);
      throw error;
    });
    return sessionBody(account, await start(deps, req, res, account.user.id));
  },
});

const signin = defineRoute({
  method: 'post',
  path: '/dashboard/api/signin',
  summary: 'Sign in with email and password',
  operationId: 'signIn',
  tag: 'dashboard',
  security: [],
  description: 'Sets the `ce_session` cookie. Failures are limited per address and per account.',
  input: { body: signinRequestSchema },
  bodyExample: { email: 'ada@acme.com', password: 'correct horse battery staple' },
  answer: { schema: sessionResponseSchema, description: 'Signed in', example: SESSION },
  responses: () => ({
    400: error('VALIDATION_ERROR, INVALID_JSON'),
    401: error('AUTHENTICATION_FAILED: one answer for an unknown email and a wrong password'),
    403: error('CSRF_CHECK_FAILED: sent cross-origin (Sec-Fetch-Site or Origin)'),
    429: error('RATE_LIMIT_EXCEEDED (details.window address or account), with Retry-After'),
  }),
  middleware: ({ body }) => [body],
  async handler(req, res, deps, input) {
    const { ctx, limits } = deps;
    checkSignInOrigin(req);
    // The email comes lowercased from the schema.
    const { email, password } = input('body');
    // Counted before the password is checked; given back when it is right.
    const attempt = await limits.signInAttempt(req, res, sha256Hex(email));
    const account = await signIn(ctx.db, email, password);
    if (!account) throw new AppError(ErrorCode.AUTHENTICATION_FAILED, 'email or password is incorrect');
    await attempt.succeeded();
    return sessionBody(account, await start(deps, req, res, account.user.id));
  },
});

// 204 and a cleared cookie: raw routes.
const signout = defineRawRoute({
  method: 'post',
  path: '/dashboard/api/signout',
  summary: 'End this session',
  operationId: 'signOut',
  tag: 'dashboard',
  description: 'Ends the session of the cookie sent and clears the cookie; the user’s other sessions go on.',
  responses: ({ mutation }) => ({ 204: { description: 'Signed out; the cookie is cleared' }, ...mutation }),
  middleware: ({ session }) => [session],
  serve: ({ ctx, sessions }) =>
    async function signOut(req, res) {
      const current = sessionOf(req);
      await endSession(ctx.db, current.token);
      sessions.forget(current.tokenHash);
      clearSessionCookie(req, res);
      res.status(204).end();
    },
});

const signoutEverywhere = defineRawRoute({
  method: 'post',
  path: '/dashboard/api/signout-everywhere',
  summary: 'End every session of this user',
  operationId: 'signOutEverywhere',
  tag: 'dashboard',
  description: 'Ends every session of the signed-in user, on every browser, and clears this cookie.',
  responses: ({ mutation }) => ({ 204: { description: 'Every session ended; the cookie is cleared' }, ...mutation }),
  middleware: ({ session }) => [session],
  serve: ({ ctx, sessions }) =>
    async function signOutEverywhere(req, res) {
      const current = sessionOf(req);
      await endAllSessions(ctx.db, current.user.id);
      sessions.forgetUser(current.user.id);
      clearSessionCookie(req, res);
      res.status(204).end();
    },
});

const currentSession = defineRoute({
  method: 'get',
  path: '/dashboard/api/session',
  summary: 'The signed-in user, the team and the CSRF token',
  operationId: 'getSession',
  tag: 'dashboard',
  description: 'Who is signed in, their team and role, and the CSRF token to send as X-CSRF-Token on every change.',
  answer: { schema: sessionResponseSchema, description: 'Signed in', example: SESSION },
  responses: ({ signedIn }) => signedIn,
  middleware: ({ session }) => [session],
  handler(req) {
    const current = sessionOf(req);
    return sessionBody(current, current.csrfToken);
  },
});

const routes = [config, signup, signin, signout, signoutEverywhere, currentSession];

// Config, sign-up, sign-in, sign-out and the session itself.
export function accountRoutes(ctx: AppContext, limits: RateLimits, sessions: SessionLookup, session: RequestHandler): Router {
  const router = Router();
  const deps = { ctx, limits, sessions, session, body: jsonBody(ctx.config.BODY_LIMIT) };
  mountRoutes(router, '/dashboard/api', routes, deps, { notAllowed: [] });
  return router;
}

export function registerAccountPaths(registry: OpenAPIRegistry, parts: SessionPathParts): void {
  registerRoutes(registry, routes, parts);
}
