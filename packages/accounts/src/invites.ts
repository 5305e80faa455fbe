import { type Db, newId, type Prisma, type UserRole } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { isWellFormedToken, newSecretToken, sha256Hex } from './tokens';

export const INVITE_DEFAULT_HOURS = 72;
export const INVITE_MAX_HOURS = 720;

export interface NewInvite {
  id: string;
  role: UserRole;
  expiresAt: Date;
  /** Shown once; only its hash is stored. */
  token: string;
}

/** The page a invitee opens: `<base>/dashboard/join/<token>`. */
export const joinUrl = (base: string, token: string): string => `${base.replace(/\/+$/, '')}/dashboard/join/${token}`;

export async function createInvite(
  db: Db,
  input: { teamId: string; role: UserRole; createdById: string | null; expiresInHours?: number },
): Promise<NewInvite> {
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + (input.expiresInHours ?? INVITE_DEFAULT_HOURS) * 3_600_000);
  const row = await db.invite.create({
    data: {
      id: newId('inv'),
      teamId: input.teamId,
      tokenHash: sha256Hex(token),
      role: input.role,
      createdById: input.createdById,
      expiresAt,
    },
  });
  return { id: row.id, role: row.role, expiresAt: row.expiresAt, token };
}

export const listInvites = (db: Db, teamId: string) =>
  db.invite.findMany({
    where: { teamId },
    select: { id: true, role: true, createdAt: true, expiresAt: true, usedAt: true },
    orderBy: { createdAt: 'desc' },
  });

/** Deletes one of the team's invites; false when the team has no invite of that id. */
export async function deleteInvite(db: Db, teamId: string, id: string): Promise<boolean> {
  const { count } = await db.invite.deleteMany({ where: { id, teamId } });
  return count > 0;
}

const usable = (tokenHash: string, now: Date) => ({ tokenHash, usedAt: null, expiresAt: { gt: now } });

/** What a join page shows: null for an unknown, used or expired token (one answer for all). */
export async function findUsableInvite(db: Db, token: string): Promise<{ teamName: string; role: UserRole; expiresAt: Date } | null> {
  if (!isWellFormedToken(token)) return null;
  const row = await db.invite.findFirst({ where: usable(sha256Hex(token), new Date()), include: { team: { select: { name: true } } } });
  return row ? { teamName: row.team.name, role: row.role, expiresAt: row.expiresAt } : null;
}

const notFound = () => new AppError(ErrorCode.INVITE_NOT_FOUND, 'this invite is unknown, used or expired');

/**
 * Marks an invite used inside the caller's transaction and returns its team and role. The
 * conditional UPDATE is the lock: of two transactions claiming one invite, the second waits on
 * the first's row lock, then finds it used and gets INVITE_NOT_FOUND. If the caller's
 * transaction fails later (the email is taken), the invite stays unused.
 */
export async function claimInvite(tx: Prisma.TransactionClient, token: string): Promise<{ id: string; teamId: string; role: UserRole }> {
  if (!isWellFormedToken(token)) throw notFound();
  const tokenHash = sha256Hex(token);
  const { count } = await tx.invite.updateMany({ where: usable(tokenHash, new Date()), data: { usedAt: new Date() } });
  if (count !== 1) throw notFound();
  const row = await tx.invite.findUniqueOrThrow({ where: { tokenHash } });
  return { id: row.id, teamId: row.teamId, role: row.role };
}
