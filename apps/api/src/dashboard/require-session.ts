import { AppError, ErrorCode } from '@enrich/errors';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { checkCsrf } from '../auth/csrf';
import { clearSessionCookie, sessionToken } from '../auth/session-cookie';
import { type DashboardSession, type SessionLookup, teamOfSession } from '../auth/session-lookup';
import type { RateLimits } from '../limits/rate-limits';

/**
 * The dashboard's own endpoints take the session cookie only (a key never reaches them), and
 * anything but a read must pass the CSRF check. A cookie that names no live session is cleared
 * and counts as a failed authentication.
 */
export function requireSession(sessions: SessionLookup, limits: RateLimits): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const token = sessionToken(req);
    const session = token === undefined ? null : await sessions.resolve(token);
    if (!session) {
      if (token !== undefined) {
        clearSessionCookie(req, res);
        await limits.countAuthFailure(req, res);
      }
      throw new AppError(ErrorCode.AUTHENTICATION_FAILED, 'not signed in, or the session has ended: sign in to the dashboard');
    }
    checkCsrf(req, session.csrfToken);
    req.dashboardSession = session;
    req.auth = teamOfSession(session);
    next();
  };
}

export function sessionOf(req: Request): DashboardSession {
  if (!req.dashboardSession) throw new AppError(ErrorCode.AUTHENTICATION_FAILED, 'not signed in');
  return req.dashboardSession;
}

export const isOwner = (req: Request): boolean => sessionOf(req).user.role === 'owner';

/** Invites and other users' keys are the team owner's business. */
export function ownerOnly(req: Request, _res: Response, next: NextFunction): void {
  if (!isOwner(req)) throw new AppError(ErrorCode.FORBIDDEN, 'only a team owner may do this');
  next();
}
