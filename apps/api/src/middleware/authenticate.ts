import { type AuthenticatedTeam, authenticateApiKey, hashApiKey } from '@enrich/api-keys';
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

/**
 * How long a key, once found, is trusted without asking Postgres again: the lookup cost about a
 * third of a quick search. A revoked key, or a team's new plan or limits, takes effect within
 * this long in each API process. Only keys that were found are kept, by their hash.
 */
export const KEY_CACHE_MS = 5_000;
const KEY_CACHE_MAX = 10_000;

interface Cached {
  team: AuthenticatedTeam;
  until: number;
}

// One cache per database client, so apps over different databases never share an answer.
const caches = new WeakMap<Db, Map<string, Cached>>();

async function lookUp(db: Db, presented: string | undefined): Promise<AuthenticatedTeam | null> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hash = hashApiKey(presented ?? '');
  const now = Date.now();
  const hit = cache.get(hash);
  if (hit && hit.until > now) return hit.team;
  cache.delete(hash);
  const team = await authenticateApiKey(db, presented);
  if (team) {
    // Oldest first in a Map: past the cap, the oldest entry goes.
    if (cache.size >= KEY_CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(hash, { team, until: now + KEY_CACHE_MS });
  }
  return team;
}

// Same answer for a missing, malformed, unknown or revoked key, so a caller learns nothing.
// Each failure counts against the caller's address, so keys cannot be guessed at speed.
export function authenticate(db: Db, limits: RateLimits) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const match = BEARER.exec(req.get('authorization') ?? '');
    const team = await lookUp(db, match?.[1]);
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
