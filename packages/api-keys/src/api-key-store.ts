import { type Db, newId, type Plan } from '@enrich/db';
import { displayPrefix, generateApiKey, hashApiKey, hashesEqual, isWellFormedApiKey } from './api-key-format';
import { type TeamLimits, teamLimits } from './team-limits';

export interface IssuedKey {
  key: string;
  keyId: string;
  teamId: string;
  teamName: string;
  plan: Plan;
}

export interface TeamKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  /** Shown once, here; only its hash is stored. */
  key: string;
}

/** Issues a key for an existing team: the one place a key is made (dashboard and CLI alike). */
export async function issueTeamKey(
  db: Db,
  teamId: string,
  options: { name?: string; createdByUserId?: string | null } = {},
): Promise<TeamKey> {
  const key = generateApiKey();
  const row = await db.apiKey.create({
    data: {
      id: newId('key'),
      teamId,
      hash: hashApiKey(key),
      prefix: displayPrefix(key),
      name: options.name ?? '',
      createdByUserId: options.createdByUserId ?? null,
    },
  });
  return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.createdAt, key };
}

// Creates the team when it does not exist; an existing team keeps its plan unless one is given.
export async function issueApiKey(db: Db, teamName: string, plan?: Plan): Promise<IssuedKey> {
  const team = await db.team.upsert({
    where: { name: teamName },
    create: { id: newId('team'), name: teamName, plan: plan ?? 'free' },
    update: plan ? { plan } : {},
  });
  const issued = await issueTeamKey(db, team.id);
  return { key: issued.key, keyId: issued.id, teamId: team.id, teamName: team.name, plan: team.plan };
}

// Accepts a key id, or a full key (its hash is looked up). Returns false when nothing matched.
export async function revokeApiKey(db: Db, idOrKey: string): Promise<boolean> {
  const where = isWellFormedApiKey(idOrKey) ? { hash: hashApiKey(idOrKey) } : { id: idOrKey };
  const result = await db.apiKey.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: new Date() } });
  return result.count > 0;
}

/**
 * Revokes one key of a team (only one its creator made, when `createdByUserId` is given).
 * Returns the key's hash, so a process can forget it at once, or null when the team has no
 * such key. Revoking a revoked key changes nothing and still answers its hash.
 */
export async function revokeTeamKey(db: Db, teamId: string, keyId: string, createdByUserId?: string): Promise<string | null> {
  const row = await db.apiKey.findFirst({ where: { id: keyId, teamId, ...(createdByUserId ? { createdByUserId } : {}) } });
  if (!row) return null;
  if (!row.revokedAt) await db.apiKey.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt: new Date() } });
  return row.hash;
}

export async function listApiKeys(db: Db, teamName?: string) {
  return db.apiKey.findMany({
    where: teamName ? { team: { name: teamName } } : {},
    include: { team: { select: { name: true, plan: true } } },
    orderBy: { createdAt: 'asc' },
  });
}

/** A team's keys, oldest first, with their creator; only one user's when `createdByUserId` is given. */
export async function listTeamKeys(db: Db, teamId: string, createdByUserId?: string) {
  return db.apiKey.findMany({
    where: { teamId, ...(createdByUserId ? { createdByUserId } : {}) },
    select: {
      id: true,
      name: true,
      prefix: true,
      createdAt: true,
      lastUsedAt: true,
      revokedAt: true,
      createdBy: { select: { id: true, email: true } },
    },
    orderBy: { createdAt: 'asc' },
  });
}

/** Who a request acts for: a team, through one of its keys or (keyId null) a dashboard session. */
export interface AuthenticatedTeam {
  teamId: string;
  plan: Plan;
  keyId: string | null;
  limits: TeamLimits;
}

// Hash of a key nobody holds: malformed keys still cost one hash and one comparison, so the
// answer time does not tell a malformed key from an unknown one.
const DECOY_HASH = hashApiKey(`${'x'.repeat(40)}`);
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Resolves a presented key to its team, or null. Missing, malformed, unknown and revoked
 * keys are indistinguishable to the caller. Keys are looked up by their SHA-256 hash and the
 * hashes compared in constant time.
 */
export async function authenticateApiKey(db: Db, presented: string | undefined): Promise<AuthenticatedTeam | null> {
  const candidate = presented ?? '';
  const wellFormed = isWellFormedApiKey(candidate);
  const hash = hashApiKey(candidate);
  if (!wellFormed) {
    hashesEqual(hash, DECOY_HASH);
    return null;
  }
  const row = await db.apiKey.findUnique({
    where: { hash },
    include: { team: { select: { plan: true, rateLimitPerMinute: true, rateLimitPerDay: true, monthlyQuota: true } } },
  });
  if (!row || !hashesEqual(row.hash, hash) || row.revokedAt) return null;
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Coarse on purpose: one write per key per minute, not per request.
    await db.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date(now) } });
  }
  return { teamId: row.teamId, plan: row.team.plan, keyId: row.id, limits: teamLimits(row.team.plan, row.team) };
}
