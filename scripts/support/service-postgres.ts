import path from 'node:path';
import { DEFAULT_DATABASE_URL, embeddedPostgresEnv, loadConfig } from '@enrich/config';
import { choosePostgres, type PostgresChoice } from '@enrich/db';

const root = path.resolve(__dirname, '..', '..');

/**
 * The PostgreSQL of this checkout's service, as `npm start` finds it (DATABASE_URL, else the
 * default address, else the embedded server), for `npm start` itself (`start`: starts the
 * embedded server when needed) and the commands run beside it (`join`: the embedded server only
 * if it runs). Sets DATABASE_URL and POSTGRES_MODE for what this process reads and starts next.
 */
export async function servicePostgres(embedded: 'start' | 'join', log?: (line: string) => void): Promise<PostgresChoice> {
  const settings = loadConfig(embeddedPostgresEnv);
  const choice = await choosePostgres({
    configuredUrl: process.env.DATABASE_URL,
    defaultUrl: DEFAULT_DATABASE_URL,
    dataDir: path.resolve(root, settings.EMBEDDED_POSTGRES_DIR),
    port: settings.EMBEDDED_POSTGRES_PORT,
    embedded,
    log,
  });
  process.env.DATABASE_URL = choice.url;
  process.env.POSTGRES_MODE = choice.source === 'embedded' ? 'embedded' : 'server';
  return choice;
}

/** One line saying which PostgreSQL it is, without its password. */
export function describePostgres(choice: PostgresChoice): string {
  const where = new URL(choice.url);
  if (choice.source === 'embedded') {
    const inCheckout = choice.dataDir?.startsWith(`${root}${path.sep}`);
    const data = choice.dataDir && inCheckout ? path.relative(root, choice.dataDir) : choice.dataDir;
    return `embedded (nothing answered at ${new URL(DEFAULT_DATABASE_URL).host}; data in ${data}, on ${where.host})`;
  }
  return `${where.host}${where.pathname}${choice.source === 'configured' ? ' (DATABASE_URL)' : ' (the default address)'}`;
}
