// Admin CLI: `npm run admin -- <command> [options]` (the commands: support/admin-cli.ts). Uses the
// service's PostgreSQL (DATABASE_URL, else the default address, else the embedded one `npm start` runs).
import { text } from 'node:stream/consumers';
import { databaseEnv, loadConfig } from '@enrich/config';
import { runAdmin } from './support/admin-cli';
import { runMain } from './support/run-main';
import { servicePostgres } from './support/service-postgres';

runMain(() =>
  runAdmin(process.argv.slice(2), {
    databaseUrl: async () => {
      await servicePostgres('join');
      return loadConfig(databaseEnv).DATABASE_URL;
    },
    stdin: () => text(process.stdin),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }),
);
