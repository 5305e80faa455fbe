// Admin CLI: `npm run admin -- <command> [options]`. Uses the service's DATABASE_URL.
import { parseArgs } from 'node:util';
import { issueApiKey, type LimitOverrides, listApiKeys, revokeApiKey, setTeamLimits } from '@enrich/api-keys';
import { databaseEnv, loadConfig } from '@enrich/config';
import { createPrismaClient, ensureDatabase, migrate, Plan } from '@enrich/db';

const USAGE = `usage:
  npm run admin -- create-key --team <name> [--plan free|starter|growth|enterprise]
  npm run admin -- revoke-key <key-id or key>
  npm run admin -- list-keys [--team <name>]
  npm run admin -- set-limits --team <name> [--per-minute N] [--per-day N] [--monthly N]   (N or "default": the plan's)
  npm run admin -- show-limits --team <name>`;

class UsageError extends Error {}

const OPTIONS = {
  team: { type: 'string' },
  plan: { type: 'string' },
  'per-minute': { type: 'string' },
  'per-day': { type: 'string' },
  monthly: { type: 'string' },
} as const;

// A limit option: a positive whole number, or "default" to fall back to the plan's value.
function limitOverride(field: keyof LimitOverrides, value: string | undefined): Partial<LimitOverrides> {
  if (value === undefined) return {};
  if (value === 'default') return { [field]: null };
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1)
    throw new UsageError(`limit values are whole numbers from 1, or "default"; got "${value}"`);
  return { [field]: Number(value) };
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: rest, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const { DATABASE_URL } = loadConfig(databaseEnv);
  if (command === 'create-key') {
    const team = values.team?.trim();
    if (!team) throw new UsageError('create-key needs --team <name>');
    const plan = values.plan;
    if (plan !== undefined && !Object.hasOwn(Plan, plan)) throw new UsageError(`unknown plan "${plan}"`);
    // The CLI may be the first thing run against a new database.
    await ensureDatabase(DATABASE_URL);
    await migrate(DATABASE_URL);
    const db = createPrismaClient(DATABASE_URL, { maxConnections: 1 });
    try {
      const issued = await issueApiKey(db, team, plan as Plan | undefined);
      console.log(`team ${issued.teamName} (${issued.teamId}), plan ${issued.plan}; key id ${issued.keyId}`);
      console.log('The key is shown once; store it now:');
      console.log(issued.key);
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
      console.log('revoked');
    } else if (command === 'list-keys') {
      for (const key of await listApiKeys(db, values.team)) {
        const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active';
        const used = key.lastUsedAt ? key.lastUsedAt.toISOString() : 'never';
        console.log(`${key.id}  ${key.prefix}…  team=${key.team.name} plan=${key.team.plan}  ${state}  last used ${used}`);
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
      console.log(
        `team ${view.teamName} plan=${view.plan}: ${limits.perMinute}/min, ${show(limits.perDay)}/day, ${show(limits.monthly)} enrichments/month`,
      );
    } else {
      throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
    }
  } finally {
    await db.$disconnect();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
  // Prisma's messages quote source code above the cause; the last line is the cause.
  else console.error(error instanceof Error ? error.message.trim().split('\n').pop() : error);
  process.exit(1);
});
