import { type AuthenticatedTeam, authenticateApiKey, hashApiKey } from '@enrich/api-keys';
import type { Db } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../app-context';
import { checkCsrf } from '../auth/csrf';
import { sessionToken } from '../auth/session-cookie';
import { sessionLookup, teamOfSession } from '../auth/session-lookup';
import { type TtlCache, trustUntil } from '../auth/ttl-cache';
import type { RateLimits } from '../limits/rate-limits';

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthenticatedTeam;
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * Default of KEY_CACHE_MS: how long a key, once found, is trusted without asking Postgres
 * again (the lookup cost about a third of a quick search). A revoked key, or a team's new plan
 * or limits, takes effect within this long in each API process. Only keys that were found are
 * kept, by their hash.
 */
export const KEY_CACHE_MS = 5_000;

/** Keys found, by their hash, each trusted for KEY_CACHE_MS: built with the app context (caches.ts). */
export type KeyCache = TtlCache<AuthenticatedTeam>;

async function lookUpKey(cache: KeyCache, db: Db, presented: string | undefined, cacheMs: number): Promise<AuthenticatedTeam | null> {
  const hash = hashApiKey(presented ?? '');
  const hit = cache.get(hash);
  if (hit) return hit;
  const team = await authenticateApiKey(db, presented);
  if (team) trustUntil(cache, hash, team, Date.now() + cacheMs);
  return team;
}

/** Drops a key from this process's cache, so that revoking it takes effect here at once. */
export const forgetKey = (cache: KeyCache, hash: string): void => {
  cache.delete(hash);
};

/**
 * A public endpoint's caller: a bearer key, or else a dashboard session cookie (which must pass
 * the CSRF check on anything but a read). Either resolves to the same AuthenticatedTeam, so
 * validation, limits and quota do not depend on which. A request with an Authorization header
 * is decided by it alone.
 *
 * Same answer for a missing, malformed, unknown or revoked key, so a caller learns nothing.
 * Each failure counts against the caller's address, so keys cannot be guessed at speed.
 */
export function authenticate(ctx: AppContext, limits: RateLimits) {
  const sessions = sessionLookup(ctx);
  const keys = ctx.caches.keys;
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const authorization = req.get('authorization');
    const cookie = authorization === undefined ? sessionToken(req) : undefined;
    if (cookie !== undefined) {
      const session = await sessions.resolve(cookie);
      if (!session) {
        await limits.countAuthFailure(req, res);
        throw new AppError(
          ErrorCode.AUTHENTICATION_FAILED,
          'the dashboard session has ended; sign in again, or send Authorization: Bearer <API_KEY>',
        );
      }
      checkCsrf(req, session.csrfToken);
      req.auth = teamOfSession(session);
      req.dashboardSession = session;
      next();
      return;
    }
    const match = BEARER.exec(authorization ?? '');
    const team = await lookUpKey(keys, ctx.db, match?.[1], ctx.config.KEY_CACHE_MS);
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
