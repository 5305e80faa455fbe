import { randomBytes } from 'node:crypto';
import { type Db, newId, Prisma, type Team, type User, type UserRole } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { z } from 'zod';
import { claimInvite } from './invites';
import { hashPassword, verifyDummy, verifyPassword } from './password';

export const SIGNUP_MODES = ['open', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

/** A name people give (a team's, a key's): 1 to 100 characters, no control characters (PostgreSQL refuses U+0000). */
export const displayNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^\P{Cc}*$/u, 'must not contain control characters');
export const teamNameSchema = displayNameSchema;

export interface SignUpInput {
  /** Lowercased already (emailSchema). */
  email: string;
  password: string;
  teamName?: string;
  inviteToken?: string;
}

export interface Account {
  user: User;
  team: Team;
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
const emailTaken = () => new AppError(ErrorCode.EMAIL_TAKEN, 'an account with this email already exists');

// A unique violation is the email's when a user with that email now exists; otherwise it was
// something else (a team name), which the caller may retry.
async function emailWasTaken(db: Db, email: string, error: unknown): Promise<boolean> {
  return isUniqueViolation(error) && (await db.user.count({ where: { email } })) > 0;
}

/** The team name a sign-up without one gets: the email's local part. */
export const teamNameFromEmail = (email: string): string => email.split('@')[0]!.slice(0, 80) || 'team';

/**
 * Signs a user up. Without an invite: a new team on the Free plan (named as asked, or after the
 * email; a name already used gets a suffix) of which the user is the owner. With one: the user
 * joins the invite's team in its role and the invite is used up in the same transaction.
 */
export async function signUp(db: Db, input: SignUpInput, mode: SignupMode): Promise<Account> {
  if (mode === 'closed') throw new AppError(ErrorCode.SIGNUP_CLOSED, 'sign-up is closed on this service');
  if (mode === 'invite' && !input.inviteToken) throw new AppError(ErrorCode.SIGNUP_CLOSED, 'sign-up needs an invite on this service');
  if ((await db.user.count({ where: { email: input.email } })) > 0) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const inviteToken = input.inviteToken;
  if (inviteToken) {
    try {
      return await db.$transaction(async (tx) => {
        const invite = await claimInvite(tx, inviteToken);
        const user = await tx.user.create({
          data: { id: newId('usr'), teamId: invite.teamId, email: input.email, passwordHash, role: invite.role },
        });
        await tx.invite.update({ where: { id: invite.id }, data: { usedById: user.id } });
        return { user, team: await tx.team.findUniqueOrThrow({ where: { id: invite.teamId } }) };
      });
    } catch (error) {
      if (await emailWasTaken(db, input.email, error)) throw emailTaken();
      throw error;
    }
  }
  const base = input.teamName ?? teamNameFromEmail(input.email);
  for (let attempt = 0; ; attempt += 1) {
    const name = attempt === 0 ? base : `${base.slice(0, 90)}-${randomBytes(3).toString('hex')}`;
    if (attempt === 0 && (await db.team.count({ where: { name } })) > 0) continue;
    try {
      return await db.$transaction(async (tx) => {
        const team = await tx.team.create({ data: { id: newId('team'), name, plan: 'free' } });
        const user = await tx.user.create({ data: { id: newId('usr'), teamId: team.id, email: input.email, passwordHash, role: 'owner' } });
        return { user, team };
      });
    } catch (error) {
      if (await emailWasTaken(db, input.email, error)) throw emailTaken();
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/**
 * The account an email and password sign in to, or null. An unknown email is checked against
 * a dummy hash, so both failures take about as long and the caller answers them alike.
 */
export async function signIn(db: Db, email: string, password: string): Promise<Account | null> {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() }, include: { team: true } });
  if (!user) return verifyDummy(password).then(() => null);
  if (!(await verifyPassword(user.passwordHash, password))) return null;
  const { team, ...row } = user;
  return { user: row, team };
}

/**
 * Creates a user in a team, creating the team (Free plan) when no team has that name: the
 * admin CLI's create-user.
 */
export async function createUser(db: Db, input: { email: string; password: string; teamName: string; role: UserRole }): Promise<Account> {
  if ((await db.user.count({ where: { email: input.email } })) > 0) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const team = await db.team.upsert({ where: { name: input.teamName }, create: { id: newId('team'), name: input.teamName }, update: {} });
  try {
    const user = await db.user.create({ data: { id: newId('usr'), teamId: team.id, email: input.email, passwordHash, role: input.role } });
    return { user, team };
  } catch (error) {
    if (await emailWasTaken(db, input.email, error)) throw emailTaken();
    throw error;
  }
}

export const teamMembers = (db: Db, teamId: string) =>
  db.user.findMany({ where: { teamId }, select: { id: true, email: true, role: true, createdAt: true }, orderBy: { createdAt: 'asc' } });
