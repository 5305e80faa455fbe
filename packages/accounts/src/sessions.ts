import { type Db, newId, type Team, type UserRole } from '@enrich/db';
import { csrfTokenFor, isWellFormedToken, newSecretToken, sha256Hex } from './tokens';

export interface SessionSettings {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however much it is used. */
  maxMs: number;
}

export function sessionSettings(config: { SESSION_IDLE_HOURS: number; SESSION_MAX_DAYS: number }): SessionSettings {
  return { idleMs: Math.round(config.SESSION_IDLE_HOURS * 3_600_000), maxMs: Math.round(config.SESSION_MAX_DAYS * 86_400_000) };
}

export interface SessionUser {
  id: string;
  email: string;
  role: UserRole;
}

export interface NewSession {
  /** The cookie's value; shown once, only its hash is stored. */
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export interface ResolvedSession {
  sessionId: string;
  tokenHash: string;
  csrfToken: string;
  user: SessionUser;
  team: Team;
  /** When the session ends unless used again: the idle or the absolute expiry, whichever is first. */
  validUntil: Date;
  /**
   * Until when this answer may be reused without reading Postgres again: the session's end, or
   * sooner when its last-seen time is next due to be written (so use keeps extending it).
   */
  recheckAt: Date;
}

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

// last_seen_at is written at most this often (or a tenth of the idle time, when shorter), not
// on every request; idle expiry may come that much early.
const TOUCH_RESOLUTION_MS = 60_000;

export async function createSession(db: Db, userId: string, settings: SessionSettings, client: ClientInfo = {}): Promise<NewSession> {
  const token = newSecretToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + settings.maxMs);
  await db.session.create({
    data: {
      id: newId('ses'),
      userId,
      tokenHash: sha256Hex(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      ip: client.ip?.slice(0, 64) ?? null,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
    },
  });
  // Ended sessions of this user are removed as a new one starts, so the table does not grow.
  await db.session.deleteMany({
    where: { userId, OR: [{ expiresAt: { lte: now } }, { lastSeenAt: { lte: new Date(now.getTime() - settings.idleMs) } }] },
  });
  return { token, csrfToken: csrfTokenFor(token), expiresAt };
}

/** The live session a cookie names, or null (malformed, unknown, signed out, idle or past its end). */
export async function resolveSession(db: Db, token: string, settings: SessionSettings, now = Date.now()): Promise<ResolvedSession | null> {
  if (!isWellFormedToken(token)) return null;
  const tokenHash = sha256Hex(token);
  const row = await db.session.findUnique({ where: { tokenHash }, include: { user: { include: { team: true } } } });
  if (!row) return null;
  const idleEnd = row.lastSeenAt.getTime() + settings.idleMs;
  if (row.expiresAt.getTime() <= now || idleEnd <= now) {
    await db.session.deleteMany({ where: { id: row.id } });
    return null;
  }
  let lastSeen = row.lastSeenAt.getTime();
  const resolution = Math.min(TOUCH_RESOLUTION_MS, settings.idleMs / 10);
  if (now - lastSeen > resolution) {
    lastSeen = now;
    await db.session.update({ where: { id: row.id }, data: { lastSeenAt: new Date(now) } });
  }
  const { user } = row;
  const validUntil = Math.min(lastSeen + settings.idleMs, row.expiresAt.getTime());
  return {
    sessionId: row.id,
    tokenHash,
    csrfToken: csrfTokenFor(token),
    user: { id: user.id, email: user.email, role: user.role },
    team: user.team,
    validUntil: new Date(validUntil),
    recheckAt: new Date(Math.min(lastSeen + resolution, validUntil)),
  };
}

/** Ends the session a token names; the hash of what was ended, or null when there was none. */
export async function endSession(db: Db, token: string): Promise<string | null> {
  const tokenHash = sha256Hex(token);
  const { count } = await db.session.deleteMany({ where: { tokenHash } });
  return count > 0 ? tokenHash : null;
}

/** Ends every session of a user (sign-out everywhere); how many there were. */
export async function endAllSessions(db: Db, userId: string): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { userId } });
  return count;
}
