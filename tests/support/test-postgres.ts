import path from 'node:path';
import { answers, choosePostgres, type PostgresChoice } from '@enrich/db';

// The PostgreSQL server the tests make their databases on, chosen once per run by the global
// setup as `npm start` chooses its own: TEST_DATABASE_SERVER, else DATABASE_URL's server, else
// the default address, else an embedded server (never with CI=true, where a missing service is
// an error). The choice reaches the test files as TEST_DATABASE_SERVER: Jest starts its worker
// processes after the global setup, with its environment.

const DEFAULT_SERVER = 'postgresql://postgres@127.0.0.1:5432';
// Apart from the embedded server `npm start` runs (.data/postgres, port 54329), so that the
// tests never touch a developer's data.
const EMBEDDED_DIR = path.resolve(__dirname, '..', '..', '.data', 'test-postgres');
const EMBEDDED_PORT = 54339;

/** A server URL without a database: `postgresql://user[:password]@host:port`. */
const serverOf = (url: string): string => {
  const parsed = new URL(url);
  parsed.pathname = '';
  parsed.search = '';
  return parsed.toString().replace(/\/$/, '');
};

export interface TestPostgres {
  server: string;
  /** Where it came from, for the one line the run prints when it had to start one. */
  source: 'configured' | 'default address' | 'embedded';
  stop(): Promise<void>;
}

export async function chooseTestPostgres(env: NodeJS.ProcessEnv = process.env): Promise<TestPostgres> {
  const nothing = async () => undefined;
  const configured = env.TEST_DATABASE_SERVER?.trim() || (env.DATABASE_URL?.trim() ? serverOf(env.DATABASE_URL) : '');
  if (configured) return { server: configured, source: 'configured', stop: nothing };
  const address = new URL(DEFAULT_SERVER);
  if (await answers(address.hostname, Number(address.port), 1000))
    return { server: DEFAULT_SERVER, source: 'default address', stop: nothing };
  if (env.CI === 'true')
    throw new Error(
      `no PostgreSQL at ${address.host} and no TEST_DATABASE_SERVER or DATABASE_URL: with CI=true the tests need a real server`,
    );
  const choice: PostgresChoice = await choosePostgres({
    configuredUrl: undefined,
    defaultUrl: `${DEFAULT_SERVER}/postgres`,
    dataDir: EMBEDDED_DIR,
    port: EMBEDDED_PORT,
    embedded: 'start',
  });
  return { server: serverOf(choice.url), source: 'embedded', stop: () => choice.stop() };
}
