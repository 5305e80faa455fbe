import { type AuthenticatedTeam, authenticateApiKey } from '@enrich/api-keys';
import type { Db } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import type { NextFunction, Request, Response } from 'express';
import type { RateLimits } from '../limits/rate-limits';

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthenticatedTeam;
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

// Same answer for a missing, malformed, unknown or revoked key, so a caller learns nothing.
// Each failure counts against the caller's address, so keys cannot be guessed at speed.
export function authenticate(db: Db, limits: RateLimits) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const match = BEARER.exec(req.get('authorization') ?? '');
    const team = await authenticateApiKey(db, match?.[1]);
    if (!team) {
      await limits.countAuthFailure(req, res);
      throw new AppError(ErrorCode.AUTHENTICATION_FAILED, 'missing or invalid API key; send Authorization: Bearer <API_KEY>');
    }
    req.auth = team;
    next();
  };
}

export function requireAuth(req: Request): AuthenticatedTeam {
  if (!req.auth) throw new AppError(ErrorCode.AUTHENTICATION_FAILED, 'missing or invalid API key');
  return req.auth;
}
