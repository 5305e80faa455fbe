import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createPrismaClient, type Db, dropDatabase, ensureDatabase, MIGRATIONS_DIR, migrate } from '@enrich/db';
import { Client } from 'pg';

export const TEST_DATABASE_SERVER = process.env.TEST_DATABASE_SERVER ?? 'postgresql://postgres@127.0.0.1:5432';

export interface TestDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

// Migrating a database costs about 0.7 s; copying a migrated one with CREATE DATABASE …
// TEMPLATE about 0.15 s. The template is migrated once per set of migrations (its name carries
// their hash, so a new migration makes a new template) by the global setup, and every test
// database on the shared server is a copy of it.
const TEMPLATE_PREFIX = 'enrich_template_';
// Held while the template is created, so that two runs starting at once make it once.
const TEMPLATE_LOCK_KEY = 727_100_002;

/** The template's name for the migrations in prisma/migrations now. */
export function templateName(): string {
  const hash = createHash('sha256');
  const folders = readdirSync(MIGRATIONS_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const name of folders.map((entry) => entry.name).sort()) {
    hash.update(name);
    hash.update(readFileSync(path.join(MIGRATIONS_DIR, name, 'migration.sql')));
  }
  return `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}`;
}

// Read once per process: the migrations do not change during a run.
const TEMPLATE = templateName();

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function withServer<T>(server: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: `${server.replace(/\/$/, '')}/postgres` });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates the migrated template when the server has none for these migrations, and (with
 * `dropOthers`, which the global setup asks for) drops the templates of other migrations. Safe
 * when several runs start at once.
 */
export async function ensureTemplate(server = TEST_DATABASE_SERVER, { dropOthers = false } = {}): Promise<string> {
  const name = TEMPLATE;
  await withServer(server, async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const found = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
        `${TEMPLATE_PREFIX}%`,
      ]);
      for (const { datname } of found.rows) {
        if (dropOthers && datname !== name) await client.query(`DROP DATABASE IF EXISTS ${quoted(datname)} WITH (FORCE)`);
      }
      if (found.rows.some((row) => row.datname === name)) return;
      // Built under another name and renamed when complete: a run killed mid-migration leaves no half-made template.
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${quoted(building)} WITH (FORCE)`);
      const url = `${server.replace(/\/$/, '')}/${building}`;
      await ensureDatabase(url);
      await migrate(url);
      await client.query(`ALTER DATABASE ${quoted(building)} RENAME TO ${quoted(name)}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  return name;
}

// Each test file gets a database of its own: a copy of the migrated template on the shared test
// server, or migrated by the project's own migrator on another server (`server`: a URL without
// a database name).
export async function createTestDatabase(label: string, server = TEST_DATABASE_SERVER): Promise<TestDatabase> {
  // The pid in the name lets a later run drop what a killed run left, and nothing still in use.
  const name = `enrich_test_${process.pid}_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const url = `${server.replace(/\/$/, '')}/${name}`;
  if (server === TEST_DATABASE_SERVER) {
    // The global setup made the template; a run without it (or a dropped template) makes it here.
    const copy = (client: Client) => client.query(`CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(TEMPLATE)}`);
    await withServer(server, async (client) => {
      await copy(client).catch(async (error: { code?: string }) => {
        if (error.code !== '3D000') throw error;
        await ensureTemplate(server);
        await copy(client);
      });
    });
  } else {
    await ensureDatabase(url);
    await migrate(url);
  }
  const db = createPrismaClient(url, { maxConnections: 5 });
  return {
    url,
    db,
    async drop() {
      await db.$disconnect();
      await dropDatabase(url);
    },
  };
}
