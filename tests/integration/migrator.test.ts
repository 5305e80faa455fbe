import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropDatabase, ensureDatabase, MIGRATIONS_DIR, migrate } from '@enrich/db';
import { Client } from 'pg';
import { TEST_DATABASE_SERVER } from '../support/test-database';

// The project's own migrator stands in for `prisma migrate deploy` (whose engine cannot be
// downloaded here), so it must leave `_prisma_migrations` exactly as Prisma would, be safe
// when several replicas start at once, and never leave a half-applied migration behind.

const SERVER = TEST_DATABASE_SERVER;
const run = randomBytes(4).toString('hex');
const created: string[] = [];
let tempDirs: string[] = [];
let counter = 0;

// A database that does not exist yet; named like createTestDatabase's (pid first) so that global
// setup drops it should this run be killed, and leaves it alone while this run is going.
function freshUrl(): string {
  counter += 1;
  const url = `${SERVER}/enrich_test_${process.pid}_migrator_${run}_${counter}`;
  created.push(url);
  return url;
}

async function freshDatabase(): Promise<string> {
  const url = freshUrl();
  expect(await ensureDatabase(url)).toBe(true);
  return url;
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

interface MigrationRow {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
}

const migrationRows = (url: string) =>
  withClient(
    url,
    async (c) => (await c.query<MigrationRow>('SELECT * FROM "_prisma_migrations" ORDER BY migration_name, started_at')).rows,
  );

const tableExists = (url: string, table: string) =>
  withClient(url, async (c) => (await c.query('SELECT to_regclass($1) AS t', [`public."${table}"`])).rows[0].t !== null);

async function databaseExists(url: string): Promise<boolean> {
  const name = new URL(url).pathname.slice(1);
  return withClient(
    `${SERVER}/postgres`,
    async (c) => ((await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0,
  );
}

// What Prisma records: the sha256 of the migration.sql file's bytes, in hex.
async function realMigrations(): Promise<{ name: string; checksum: string }[]> {
  const entries = await readdir(MIGRATIONS_DIR, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      checksum: createHash('sha256')
        .update(await readFile(path.join(MIGRATIONS_DIR, name, 'migration.sql')))
        .digest('hex'),
    })),
  );
}

async function tempMigrationsDir(extra: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'enrich-migrations-'));
  tempDirs.push(dir);
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  for (const [name, sql] of Object.entries(extra)) {
    await mkdir(path.join(dir, name), { recursive: true });
    await writeFile(path.join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

afterAll(async () => {
  for (const url of created) await dropDatabase(url).catch(() => undefined);
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
  tempDirs = [];
});

describe('migrate on a fresh database', () => {
  let url: string;
  let expected: { name: string; checksum: string }[];

  beforeAll(async () => {
    url = await freshDatabase();
    expected = await realMigrations();
    expect(expected.length).toBeGreaterThan(0);
  });

  it('applies every migration, in order, and records each as Prisma does', async () => {
    const before = new Date(Date.now() - 5_000);
    const applied = await migrate(url);
    expect(applied).toEqual(expected.map((m) => m.name));

    const rows = await migrationRows(url);
    expect(rows.map((r) => r.migration_name)).toEqual(expected.map((m) => m.name));
    for (const [i, row] of rows.entries()) {
      expect(row.checksum).toBe(expected[i]!.checksum);
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(before.getTime());
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      expect(row.applied_steps_count).toBe(1);
      expect(row.rolled_back_at).toBeNull();
    }
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);

    for (const table of ['teams', 'api_keys', 'batches', 'enrichment_jobs', 'source_results', 'companies']) {
      expect({ table, exists: await tableExists(url, table) }).toEqual({ table, exists: true });
    }
  });

  it('creates _prisma_migrations with Prisma’s own column types', async () => {
    const columns = await withClient(
      url,
      async (c) =>
        (
          await c.query<{ column_name: string; data_type: string; character_maximum_length: number | null; is_nullable: string }>(
            `SELECT column_name, data_type, character_maximum_length, is_nullable FROM information_schema.columns
             WHERE table_schema = 'public' AND table_name = '_prisma_migrations' ORDER BY ordinal_position`,
          )
        ).rows,
    );
    expect(columns).toEqual([
      { column_name: 'id', data_type: 'character varying', character_maximum_length: 36, is_nullable: 'NO' },
      { column_name: 'checksum', data_type: 'character varying', character_maximum_length: 64, is_nullable: 'NO' },
      { column_name: 'finished_at', data_type: 'timestamp with time zone', character_maximum_length: null, is_nullable: 'YES' },
      { column_name: 'migration_name', data_type: 'character varying', character_maximum_length: 255, is_nullable: 'NO' },
      { column_name: 'logs', data_type: 'text', character_maximum_length: null, is_nullable: 'YES' },
      { column_name: 'rolled_back_at', data_type: 'timestamp with time zone', character_maximum_length: null, is_nullable: 'YES' },
      { column_name: 'started_at', data_type: 'timestamp with time zone', character_maximum_length: null, is_nullable: 'NO' },
      { column_name: 'applied_steps_count', data_type: 'integer', character_maximum_length: null, is_nullable: 'NO' },
    ]);
  });

  it('applies nothing when run again and leaves the records untouched', async () => {
    const before = await migrationRows(url);
    expect(await migrate(url)).toEqual([]);
    expect(await migrationRows(url)).toEqual(before);
  });
});

describe('concurrency', () => {
  it('6 concurrent migrate calls on one fresh database all succeed and apply each migration once', async () => {
    const url = await freshDatabase();
    const expected = await realMigrations();
    const results = await Promise.all(Array.from({ length: 6 }, () => migrate(url)));
    // Exactly one caller applied each migration; the others found it done.
    expect(results.flat().sort()).toEqual(expected.map((m) => m.name).sort());
    const rows = await migrationRows(url);
    expect(rows.map((r) => r.migration_name)).toEqual(expected.map((m) => m.name));
    expect(rows.every((r) => r.finished_at !== null && r.rolled_back_at === null)).toBe(true);
  });

  it('ensureDatabase creates a missing database, then answers false when it exists', async () => {
    const url = freshUrl();
    expect(await databaseExists(url)).toBe(false);
    expect(await ensureDatabase(url)).toBe(true);
    expect(await databaseExists(url)).toBe(true);
    expect(await ensureDatabase(url)).toBe(false);
  });

  it('ensureDatabase survives 5 concurrent calls for the same new database', async () => {
    const url = freshUrl();
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => ensureDatabase(url)));
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String((o.reason as Error)?.message ?? o.reason)] : []));
    expect(failures).toEqual([]);
    const created = outcomes.map((o) => (o as PromiseFulfilledResult<boolean>).value);
    expect(created.filter(Boolean)).toHaveLength(1); // exactly one of them created it
    expect(await databaseExists(url)).toBe(true);
    await migrate(url); // and it is a usable database
  });
});

describe('failures', () => {
  it('refuses to run when an applied migration was changed, naming it, and releases its lock', async () => {
    const url = await freshDatabase();
    await migrate(url);
    const [first] = await realMigrations();
    await withClient(url, (c) =>
      c.query('UPDATE "_prisma_migrations" SET checksum = $1 WHERE migration_name = $2', ['0'.repeat(64), first!.name]),
    );
    await expect(migrate(url)).rejects.toThrow(first!.name);
    // A second attempt fails the same way instead of waiting on a lock the first one kept.
    await expect(migrate(url)).rejects.toThrow(first!.name);
    await withClient(url, (c) =>
      c.query('UPDATE "_prisma_migrations" SET checksum = $1 WHERE migration_name = $2', [first!.checksum, first!.name]),
    );
    expect(await migrate(url)).toEqual([]);
  });

  it('rolls back a broken migration, names it, records nothing for it and leaves no partial table', async () => {
    const url = await freshDatabase();
    const expected = await realMigrations();
    const broken = '29991231000000_broken';
    const dir = await tempMigrationsDir({
      [broken]: [
        'CREATE TABLE "half_done" ("id" INTEGER NOT NULL);',
        'ALTER TABLE "teams" ADD COLUMN "half_column" TEXT;',
        'INSERT INTO "no_such_table" VALUES (1);',
      ].join('\n'),
    });

    const error = await migrate(url, dir).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toContain(broken);
    expect(error!.message).toMatch(/no_such_table/);

    expect(await tableExists(url, 'half_done')).toBe(false);
    const teamColumns = await withClient(url, async (c) =>
      (await c.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'teams'")).rows.map((r) => r.column_name),
    );
    expect(teamColumns).not.toContain('half_column');
    // The good migrations before it stay applied and recorded; the broken one is not recorded.
    const rows = await migrationRows(url);
    expect(rows.map((r) => r.migration_name)).toEqual(expected.map((m) => m.name));
    expect(await tableExists(url, 'teams')).toBe(true);

    // Once fixed, the next run applies just that migration.
    await writeFile(path.join(dir, broken, 'migration.sql'), 'CREATE TABLE "half_done" ("id" INTEGER NOT NULL);\n');
    expect(await migrate(url, dir)).toEqual([broken]);
    expect(await tableExists(url, 'half_done')).toBe(true);
    const fixed = (await migrationRows(url)).find((r) => r.migration_name === broken)!;
    expect(fixed.checksum).toBe(
      createHash('sha256')
        .update(await readFile(path.join(dir, broken, 'migration.sql')))
        .digest('hex'),
    );
  });
});
