// Admin CLI: `npm run admin -- <command> [options]`. Uses the service's DATABASE_URL.
import { parseArgs } from 'node:util';
import { issueApiKey, listApiKeys, revokeApiKey } from '@enrich/api-keys';
import { databaseEnv, loadConfig } from '@enrich/config';
import { createPrismaClient, ensureDatabase, migrate, Plan } from '@enrich/db';

const USAGE = `usage:
  npm run admin -- create-key --team <name> [--plan free|starter|growth|enterprise]
  npm run admin -- revoke-key <key-id or key>
  npm run admin -- list-keys [--team <name>]`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { team: { type: 'string' }, plan: { type: 'string' } }, allowPositionals: true });
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
