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
import { signinRequestSchema, signupRequestSchema } from '../schemas/dashboard';
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
