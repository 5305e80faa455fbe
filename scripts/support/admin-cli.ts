// The admin CLI's commands (`npm run admin -- <command> [options]`, scripts/admin.ts). Its input
// and output are passed in, so that the tests run it in their own process.
import { parseArgs } from 'node:util';
import { createInvite, createUser, emailSchema, INVITE_DEFAULT_HOURS, INVITE_MAX_HOURS, joinUrl, passwordSchema } from '@enrich/accounts';
import { issueApiKey, type LimitOverrides, listApiKeys, revokeApiKey, setTeamLimits } from '@enrich/api-keys';
import { createPrismaClient, type Db, ensureDatabase, migrate, Plan, UserRole } from '@enrich/db';

const USAGE = `usage:
  npm run admin -- create-key --team <name> [--plan free|starter|growth|enterprise]
  npm run admin -- revoke-key <key-id or key>
  npm run admin -- list-keys [--team <name>]
  npm run admin -- set-limits --team <name> [--per-minute N] [--per-day N] [--monthly N]   (N or "default": the plan's)
  npm run admin -- show-limits --team <name>
  npm run admin -- create-user --email <email> (--password-stdin | --password <password>) --team <name> [--role owner|member]
  npm run admin -- invite --team <name> [--role member|owner] [--hours N] [--base-url URL]`;

class UsageError extends Error {}

export interface AdminIo {
  /** The database URL, asked for only once the command line is known to be good. */
  databaseUrl(): Promise<string>;
  /** Standard input as text (create-user --password-stdin). */
  stdin(): Promise<string>;
  out(line: string): void;
  err(line: string): void;
}

const OPTIONS = {
  team: { type: 'string' },
  plan: { type: 'string' },
  'per-minute': { type: 'string' },
  'per-day': { type: 'string' },
  monthly: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  role: { type: 'string' },
  hours: { type: 'string' },
  'base-url': { type: 'string' },
} as const;

type Values = ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>>['values'];

// A limit option: a positive whole number, or "default" to fall back to the plan's value.
function limitOverride(field: keyof LimitOverrides, value: string | undefined): Partial<LimitOverrides> {
  if (value === undefined) return {};
  if (value === 'default') return { [field]: null };
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1)
    throw new UsageError(`limit values are whole numbers from 1, or "default"; got "${value}"`);
  return { [field]: Number(value) };
}

function roleOf(value: string | undefined, fallback: UserRole): UserRole {
  if (value === undefined) return fallback;
  if (!Object.hasOwn(UserRole, value)) throw new UsageError(`unknown role "${value}"; use owner or member`);
  return value as UserRole;
}

// create-user's input, checked before any database is touched.
async function userInput(values: Values, io: AdminIo) {
  const team = values.team?.trim();
  if (!team) throw new UsageError('create-user needs --team <name>');
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) throw new UsageError('create-user needs --email <a valid email address>');
  if (values['password-stdin'] === (values.password !== undefined))
    throw new UsageError('create-user needs exactly one of --password-stdin and --password <password>');
  // One line on standard input: its line ending is not part of the password.
  const password = values['password-stdin'] ? (await io.stdin()).replace(/\r?\n$/, '') : values.password!;
  if (!passwordSchema.safeParse(password).success) throw new UsageError('the password must be 10 to 200 characters');
  return { email: email.data, password, teamName: team, role: roleOf(values.role, 'owner') };
}

// invite's input, checked before any database is touched.
function inviteInput(values: Values) {
  const team = values.team?.trim();
  if (!team) throw new UsageError('invite needs --team <name>');
  const hours = values.hours ?? String(INVITE_DEFAULT_HOURS);
  if (!/^\d{1,4}$/.test(hours) || Number(hours) < 1 || Number(hours) > INVITE_MAX_HOURS)
    throw new UsageError(`--hours is a whole number from 1 to ${INVITE_MAX_HOURS}; got "${hours}"`);
  const base = values['base-url'] ?? 'http://localhost:3000';
  if (!/^https?:\/\/[^/\s]+/.test(base)) throw new UsageError(`--base-url must be an http(s) URL; got "${base}"`);
  return { team, role: roleOf(values.role, 'member'), hours: Number(hours), base };
}

// The CLI may be the first thing run against a new database.
async function openCreatingDatabase(url: string): Promise<Db> {
  await ensureDatabase(url);
  await migrate(url);
  return createPrismaClient(url, { maxConnections: 1 });
}

async function run(argv: string[], io: AdminIo): Promise<void> {
  const [command, ...rest] = argv;
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: rest, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const DATABASE_URL = await io.databaseUrl();
  if (command === 'create-key') {
    const team = values.team?.trim();
    if (!team) throw new UsageError('create-key needs --team <name>');
    const plan = values.plan;
    if (plan !== undefined && !Object.hasOwn(Plan, plan)) throw new UsageError(`unknown plan "${plan}"`);
    const db = await openCreatingDatabase(DATABASE_URL);
    try {
      const issued = await issueApiKey(db, team, plan as Plan | undefined);
      io.out(`team ${issued.teamName} (${issued.teamId}), plan ${issued.plan}; key id ${issued.keyId}`);
      io.out('The key is shown once; store it now:');
      io.out(issued.key);
    } finally {
      await db.$disconnect();
    }
    return;
  }
  if (command === 'create-user') {
    const input = await userInput(values, io);
    const db = await openCreatingDatabase(DATABASE_URL);
    try {
      const { user, team } = await createUser(db, input);
      io.out(`user ${user.email} (${user.id}), role ${user.role}; team ${team.name} (${team.id}), plan ${team.plan}`);
    } finally {
      await db.$disconnect();
    }
    return;
  }
  if (command === 'invite') {
    const input = inviteInput(values);
    const db = createPrismaClient(DATABASE_URL, { maxConnections: 1 });
    try {
      const team = await db.team.findUnique({ where: { name: input.team } });
      if (!team) throw new Error(`no team "${input.team}"`);
      const invite = await createInvite(db, { teamId: team.id, role: input.role, createdById: null, expiresInHours: input.hours });
      io.out(`invite ${invite.id} to team ${team.name} as ${invite.role}, until ${invite.expiresAt.toISOString()}; single use`);
      io.out('The link is shown once; send it to the person invited:');
      io.out(joinUrl(input.base, invite.token));
    } finally {
      await db.$disconnect();
    }
    return;
  }
  const db = createPrismaClient(DATABASE_URL, { maxConnections: 1 });
  try {
    if (command === 'revoke-key') {
      const target = positionals[0];
      if (!target) throw new UsageError('revoke-key needs a key id or key');
      if (!(await revokeApiKey(db, target))) throw new Error('no active key matched');
      io.out('revoked');
    } else if (command === 'list-keys') {
      for (const key of await listApiKeys(db, values.team)) {
        const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active';
        const used = key.lastUsedAt ? key.lastUsedAt.toISOString() : 'never';
        io.out(`${key.id}  ${key.prefix}…  team=${key.team.name} plan=${key.team.plan}  ${state}  last used ${used}`);
      }
    } else if (command === 'set-limits' || command === 'show-limits') {
      const name = values.team?.trim();
      if (!name) throw new UsageError(`${command} needs --team <name>`);
      const overrides =
        command === 'set-limits'
          ? {
              ...limitOverride('rateLimitPerMinute', values['per-minute']),
              ...limitOverride('rateLimitPerDay', values['per-day']),
              ...limitOverride('monthlyQuota', values.monthly),
            }
          : {};
      const view = await setTeamLimits(db, name, overrides);
      if (!view) throw new Error(`no team "${name}"`);
      const { limits } = view;
      const show = (value: number | null) => (value === null ? 'none' : String(value));
      io.out(
        `team ${view.teamName} plan=${view.plan}: ${limits.perMinute}/min, ${show(limits.perDay)}/day, ${show(limits.monthly)} enrichments/month`,
      );
    } else {
      throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
    }
  } finally {
    await db.$disconnect();
  }
}

/** Runs one command line; answers the exit code. Errors are printed as one line, never a stack. */
export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  try {
    await run(argv, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) io.err(`${error.message}\n${USAGE}`);
    // Prisma's messages quote source code above the cause; the last line is the cause.
    else io.err(error instanceof Error ? (error.message.trim().split('\n').pop() ?? '') : String(error));
    return 1;
  }
}
