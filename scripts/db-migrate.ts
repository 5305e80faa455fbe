// `npm run db:migrate`: create the database when missing, then apply pending migrations.
import { databaseEnv, loadConfig } from '@enrich/config';
import { ensureDatabase, migrate } from '@enrich/db';
import { servicePostgres } from './support/service-postgres';

async function main(): Promise<void> {
  // Without DATABASE_URL: the server at the default address, or the embedded one `npm start` runs.
  await servicePostgres('join');
  const { DATABASE_URL } = loadConfig(databaseEnv);
  if (await ensureDatabase(DATABASE_URL)) console.log('created database');
  const applied = await migrate(DATABASE_URL);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
