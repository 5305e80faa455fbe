import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { answers, choosePostgres, createPrismaClient, ensureDatabase, migrate, type PostgresChoice } from '@enrich/db';
import { freePort } from '@enrich/testkit';
import { TEST_DATABASE_SERVER } from '../support/test-database';

// What `npm start` runs on when DATABASE_URL is not given: the server at the default address
// when one answers, else an embedded PostgreSQL (the npm package's binaries) on data kept in a
// folder across starts. A configured URL is used as given, never replaced.

const SERVER = TEST_DATABASE_SERVER;
let dataDir: string;
const started: PostgresChoice[] = [];

beforeAll(() => {
  // As root the server runs as the postgres user, which must be able to enter the folder.
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'enrich-embedded-pg-'));
  chmodSync(dataDir, 0o755);
});
afterAll(async () => {
  for (const choice of started) await choice.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const nothingThere = async () => `postgresql://postgres@127.0.0.1:${await freePort()}/enrichment`;

it('uses DATABASE_URL as given, even when it does not answer (no fallback)', async () => {
  const configured = await nothingThere();
  const choice = await choosePostgres({ configuredUrl: ` ${configured} `, defaultUrl: `${SERVER}/enrichment`, dataDir, port: 1 });
  expect(choice).toMatchObject({ url: configured, source: 'configured' });
});

it('uses the server at the default address when one answers', async () => {
  const choice = await choosePostgres({ configuredUrl: '', defaultUrl: `${SERVER}/enrichment`, dataDir, port: 1 });
  expect(choice).toMatchObject({ url: `${SERVER}/enrichment`, source: 'local server' });
  expect(existsSync(path.join(dataDir, 'cluster'))).toBe(false);
});

it('runs an embedded PostgreSQL when nothing answers, and a second start finds the same data', async () => {
  const port = await freePort();
  const options = { configuredUrl: undefined, defaultUrl: await nothingThere(), dataDir, port };
  const first = await choosePostgres(options);
  started.push(first);
  expect(first.source).toBe('embedded');
  expect(new URL(first.url).host).toBe(`127.0.0.1:${port}`);
  expect(await ensureDatabase(first.url)).toBe(true);
  expect((await migrate(first.url)).length).toBeGreaterThan(0);
  const db = createPrismaClient(first.url);
  await db.team.create({ data: { id: 'team-embedded', name: 'Embedded', plan: 'growth' } });
  await db.$disconnect();
  await first.stop();
  expect(await answers('127.0.0.1', port, 500)).toBe(false);

  const second = await choosePostgres(options);
  started.push(second);
  expect(second.url).toBe(first.url);
  expect(await ensureDatabase(second.url)).toBe(false);
  expect(await migrate(second.url)).toEqual([]);
  const again = createPrismaClient(second.url);
  expect(await again.team.findUnique({ where: { id: 'team-embedded' } })).toMatchObject({ name: 'Embedded' });
  await again.$disconnect();
  await second.stop();
  expect(await answers('127.0.0.1', port, 500)).toBe(false);
}, 120_000);

it('refuses to take over the embedded server of another running npm start', async () => {
  // Another process (alive) owns the data: a second start must not run, then stop, its database.
  const other = spawn('sleep', ['30']);
  try {
    writeFileSync(path.join(dataDir, 'owner.pid'), `${other.pid}\n`);
    const choice = choosePostgres({ configuredUrl: undefined, defaultUrl: await nothingThere(), dataDir, port: await freePort() });
    await expect(choice).rejects.toThrow(`another \`npm start\` (pid ${other.pid}) runs the embedded PostgreSQL`);
  } finally {
    other.kill();
    rmSync(path.join(dataDir, 'owner.pid'), { force: true });
  }
});
