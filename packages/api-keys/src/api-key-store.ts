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

// Creates the team when it does not exist; an existing team keeps its plan unless one is given.
export async function issueApiKey(db: Db, teamName: string, plan?: Plan): Promise<IssuedKey> {
  const team = await db.team.upsert({
    where: { name: teamName },
    create: { id: newId('team'), name: teamName, plan: plan ?? 'free' },
    update: plan ? { plan } : {},
  });
  const key = generateApiKey();
  const row = await db.apiKey.create({
    data: { id: newId('key'), teamId: team.id, hash: hashApiKey(key), prefix: displayPrefix(key) },
  });
  return { key, keyId: row.id, teamId: team.id, teamName: team.name, plan: team.plan };
}

// Accepts a key id, or a full key (its hash is looked up). Returns false when nothing matched.
export async function revokeApiKey(db: Db, idOrKey: string): Promise<boolean> {
  const where = isWellFormedApiKey(idOrKey) ? { hash: hashApiKey(idOrKey) } : { id: idOrKey };
  const result = await db.apiKey.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: new Date() } });
  return result.count > 0;
}

export async function listApiKeys(db: Db, teamName?: string) {
  return db.apiKey.findMany({
    where: teamName ? { team: { name: teamName } } : {},
    include: { team: { select: { name: true, plan: true } } },
    orderBy: { createdAt: 'asc' },
  });
}

export interface AuthenticatedTeam {
  teamId: string;
  plan: Plan;
  keyId: string;
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
