import { type ResolvedSession, resolveSession, type SessionSettings, sessionSettings, sha256Hex } from '@enrich/accounts';
import { type AuthenticatedTeam, teamLimits } from '@enrich/api-keys';
import type { AppContext } from '../app-context';
import { forgetWhere, type TtlCache, trustUntil } from './ttl-cache';

/** The dashboard session a request is authenticated by, with the token its cookie carried. */
export interface DashboardSession extends ResolvedSession {
  token: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    dashboardSession?: DashboardSession;
  }
}

/** Live sessions by their token's hash, built with the app context (caches.ts). */
export type SessionCache = TtlCache<ResolvedSession>;

export interface SessionLookup {
  settings: SessionSettings;
  /** The live session of a cookie's token, or null; trusted for KEY_CACHE_MS at most, never past its recheckAt. */
  resolve(token: string): Promise<DashboardSession | null>;
  /** Drops a session from this process's cache (sign-out takes effect here at once). */
  forget(tokenHash: string): void;
  forgetUser(userId: string): void;
}

export function sessionLookup(ctx: AppContext): SessionLookup {
  const settings = sessionSettings(ctx.config);
  const cache = ctx.caches.sessions;
  return {
    settings,
    async resolve(token) {
      const hash = sha256Hex(token);
      const hit = cache.get(hash);
      if (hit) return { ...hit, token };
      const session = await resolveSession(ctx.db, token, settings);
      if (!session) return null;
      trustUntil(cache, hash, session, Math.min(Date.now() + ctx.config.KEY_CACHE_MS, session.recheckAt.getTime()));
      return { ...session, token };
    },
    forget: (tokenHash) => {
      cache.delete(tokenHash);
    },
    forgetUser: (userId) => forgetWhere(cache, (session) => session.user.id === userId),
  };
}

/** A session acts for its user's team exactly as a key of that team would. */
export function teamOfSession(session: ResolvedSession): AuthenticatedTeam {
  const { team } = session;
  return { teamId: team.id, plan: team.plan, keyId: null, limits: teamLimits(team.plan, team) };
}
