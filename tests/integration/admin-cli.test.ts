import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { findUsableInvite, signIn } from '@enrich/accounts';
import { authenticateApiKey, isWellFormedApiKey } from '@enrich/api-keys';
import { createPrismaClient, type Db, dropDatabase, MIGRATIONS_DIR } from '@enrich/db';
import { type CommandResult, runNpmScript } from '@enrich/testkit';
import { Client } from 'pg';
import { runAdmin } from '../../scripts/support/admin-cli';
import { TEST_DATABASE_SERVER } from '../support/test-database';

// The admin CLI against a database that does not exist yet (the CLI creates and migrates it):
// as an operator runs it (`npm run admin -- ...` in a real child process) where the process
// itself is under test (its exit code, standard input and error, the first create-key), and its
// commands in this process (runAdmin, what scripts/admin.ts runs) everywhere else.

const SERVER = TEST_DATABASE_SERVER;
const run = randomBytes(4).toString('hex');
const DATABASE_URL = `${SERVER}/enrich_test_${process.pid}_admincli_${run}`;
// Never created: bad usage must be refused before the CLI touches any database.
const UNTOUCHED_URL = `${SERVER}/enrich_test_${process.pid}_admincli_${run}_untouched`;
const TEAM = `cli-team-${run}`;
const SPAWN_TIMEOUT_MS = 30_000;

function adminProcess(args: string[], databaseUrl = DATABASE_URL, stdin?: string): Promise<CommandResult> {
  return runNpmScript('admin', args, {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', NO_COLOR: '1' },
    timeoutMs: SPAWN_TIMEOUT_MS,
    stdin,
  });
}

async function admin(args: string[], databaseUrl = DATABASE_URL): Promise<CommandResult> {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(args, {
    databaseUrl: async () => databaseUrl,
    stdin: async () => '',
    out: (line) => {
      stdout += `${line}\n`;
    },
    err: (line) => {
      stderr += `${line}\n`;
    },
  });
  return { code, signal: null, stdout, stderr };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trimEnd())
    .filter(Boolean);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function databaseExists(url: string): Promise<boolean> {
  const client = new Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  try {
    const res = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [new URL(url).pathname.slice(1)]);
    return (res.rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

let db: Db | undefined;
let key: string;
let keyId: string;
let teamId: string;

afterAll(async () => {
  await db?.$disconnect();
  await dropDatabase(DATABASE_URL);
  await dropDatabase(UNTOUCHED_URL);
});

describe('admin CLI', () => {
  it(
    'create-key creates and migrates a missing database and prints a 40-character live key last',
    async () => {
      expect(await databaseExists(DATABASE_URL)).toBe(false);
      const res = await adminProcess(['create-key', '--team', TEAM, '--plan', 'starter']);
      expect({ code: res.code, stderr: res.stderr.replace(/^npm warn.*\n?/gim, '') }).toEqual({ code: 0, stderr: '' });
      const out = lines(res.stdout);
      key = out[out.length - 1]!;
      expect(key).toMatch(/^ce_live_[1-9A-HJ-NP-Za-km-z]{32}$/);
      expect(key).toHaveLength(40);
      expect(isWellFormedApiKey(key)).toBe(true);
      const summary = /^team (.+) \((team_[0-9a-z]+)\), plan (\w+); key id (key_[0-9a-z]+)$/.exec(out[0]!);
      expect(summary).not.toBeNull();
      expect(summary![1]).toBe(TEAM);
      expect(summary![3]).toBe('starter');
      teamId = summary![2]!;
      keyId = summary![4]!;
      expect(await databaseExists(DATABASE_URL)).toBe(true);
      db = createPrismaClient(DATABASE_URL, { maxConnections: 2 });
    },
    SPAWN_TIMEOUT_MS,
  );

  it('the printed key authenticates as the team, on the starter plan', async () => {
    expect(db).toBeDefined();
    const auth = await authenticateApiKey(db!, key);
    expect(auth).toEqual({ teamId, plan: 'starter', keyId, limits: { perMinute: 60, perDay: null, monthly: 1000 } });
    const team = await db!.team.findUniqueOrThrow({ where: { id: teamId } });
    expect(team).toMatchObject({ name: TEAM, plan: 'starter' });
    // Every migration was applied and recorded.
    const migrations = (await readdir(MIGRATIONS_DIR, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    const recorded = await db!.$queryRaw<{ migration_name: string }[]>`
      SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY migration_name`;
    expect(recorded.map((r) => r.migration_name)).toEqual(migrations);
  });

  it('stores only the SHA-256 hash and the display prefix, never the key', async () => {
    const row = await db!.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    expect(row.hash).toBe(sha256(key));
    expect(row.prefix).toBe(key.slice(0, 12));
    expect(key.startsWith(row.prefix)).toBe(true);
    // Nowhere in any table: neither the key nor its secret part.
    const secret = key.slice('ce_live_'.length);
    for (const table of [
      'teams',
      'api_keys',
      'batches',
      'enrichment_jobs',
      'source_results',
      'companies',
      'team_companies',
      'usage_months',
      'users',
      'sessions',
      'invites',
      '_prisma_migrations',
    ]) {
      const dump = await db!.$queryRawUnsafe<{ t: string | null }[]>(`SELECT string_agg(x::text, '|') AS t FROM "${table}" x`);
      const text = dump[0]?.t ?? '';
      expect({ table, leaks: text.includes(secret) }).toEqual({ table, leaks: false });
    }
  });

  it(
    'list-keys shows the key’s prefix as active; revoke-key <id> revokes it; list-keys then shows it revoked',
    async () => {
      const listed = await admin(['list-keys', '--team', TEAM]);
      expect(listed.code).toBe(0);
      const before = lines(listed.stdout);
      expect(before).toHaveLength(1);
      expect(before[0]).toContain(keyId);
      expect(before[0]).toContain(key.slice(0, 12));
      expect(before[0]).not.toContain(key);
      expect(before[0]).toMatch(/\bactive\b/);
      expect(before[0]).toContain(`team=${TEAM}`);
      expect(before[0]).toContain('plan=starter');

      const revoked = await admin(['revoke-key', keyId]);
      expect({ code: revoked.code, out: lines(revoked.stdout) }).toEqual({ code: 0, out: ['revoked'] });
      expect(await authenticateApiKey(db!, key)).toBeNull();
      expect((await db!.apiKey.findUniqueOrThrow({ where: { id: keyId } })).revokedAt).toBeInstanceOf(Date);

      const after = lines((await admin(['list-keys', '--team', TEAM])).stdout);
      expect(after).toHaveLength(1);
      expect(after[0]).toContain(keyId);
      expect(after[0]).toMatch(/\brevoked\b/);
      expect(after[0]).not.toMatch(/\bactive\b/);
    },
    SPAWN_TIMEOUT_MS * 3,
  );

  it(
    'a second create-key for the same team reuses the team and keeps its plan',
    async () => {
      const res = await admin(['create-key', '--team', TEAM]);
      expect(res.code).toBe(0);
      const out = lines(res.stdout);
      const second = out[out.length - 1]!;
      expect(isWellFormedApiKey(second)).toBe(true);
      expect(second).not.toBe(key);
      expect(out[0]).toContain(`(${teamId}), plan starter`);
      expect(await db!.team.count({ where: { name: TEAM } })).toBe(1);
      expect(await db!.apiKey.count({ where: { teamId } })).toBe(2);
      expect(await authenticateApiKey(db!, second)).toMatchObject({ teamId, plan: 'starter' });
      expect(await authenticateApiKey(db!, key)).toBeNull(); // the revoked one stays revoked
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'bad usage exits non-zero with a usage message on stderr and touches no database',
    async () => {
      const cases: [string, string[], RegExp][] = [
        ['create-key without --team', ['create-key', '--plan', 'starter'], /--team/],
        ['an unknown plan', ['create-key', '--team', 'x', '--plan', 'platinum'], /unknown plan "platinum"/],
        ['an unknown command', ['frobnicate'], /unknown command "frobnicate"/],
      ];
      const results = await Promise.all(cases.map(([, args]) => adminProcess(args, UNTOUCHED_URL)));
      for (const [i, [label, , reason]] of cases.entries()) {
        const res = results[i]!;
        expect({ label, failed: res.code !== 0 && res.code !== null }).toEqual({ label, failed: true });
        expect(res.stderr).toMatch(reason);
        expect(res.stderr).toMatch(/usage:/);
        expect(res.stderr).toContain('create-key --team <name>');
        expect(res.stdout).not.toMatch(/ce_live_/);
        expect(res.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/); // no stack trace
      }
      expect(await databaseExists(UNTOUCHED_URL)).toBe(false);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'set-limits overrides a team’s plan limits, "default" restores them, bad values are refused',
    async () => {
      const set = await admin(['set-limits', '--team', TEAM, '--per-minute', '120', '--monthly', '5000']);
      expect(set.code).toBe(0);
      expect(lines(set.stdout).pop()).toBe(`team ${TEAM} plan=starter: 120/min, none/day, 5000 enrichments/month`);
      // The key was revoked above; the team row is what authentication reads the limits from.
      expect(await db!.team.findUniqueOrThrow({ where: { id: teamId } })).toMatchObject({
        rateLimitPerMinute: 120,
        rateLimitPerDay: null,
        monthlyQuota: 5000,
      });

      const reset = await admin(['set-limits', '--team', TEAM, '--per-minute', 'default']);
      expect(lines(reset.stdout).pop()).toBe(`team ${TEAM} plan=starter: 60/min, none/day, 5000 enrichments/month`);
      const shown = await admin(['show-limits', '--team', TEAM]);
      expect(lines(shown.stdout).pop()).toBe(`team ${TEAM} plan=starter: 60/min, none/day, 5000 enrichments/month`);

      const [bad, zero, missing] = await Promise.all([
        admin(['set-limits', '--team', TEAM, '--per-day', 'lots']),
        admin(['set-limits', '--team', TEAM, '--monthly', '0']),
        admin(['set-limits', '--team', 'no-such-team', '--monthly', '10']),
      ]);
      expect([bad.code, /usage:/.test(bad.stderr)]).toEqual([1, true]);
      expect([zero.code, /usage:/.test(zero.stderr)]).toEqual([1, true]);
      expect([missing.code, missing.stderr.trim()]).toEqual([1, 'no team "no-such-team"']);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'malformed options (--team without a value, an unknown option) also get the usage message',
    async () => {
      const cases: [string, string[]][] = [
        ['--team without a value', ['create-key', '--team']],
        ['an unknown option', ['create-key', '--team', 'x', '--bogus']],
      ];
      const results = await Promise.all(cases.map(([, args]) => admin(args, UNTOUCHED_URL)));
      for (const [i, [label]] of cases.entries()) {
        const res = results[i]!;
        expect({ label, failed: res.code !== 0 && res.code !== null, usage: /usage:/.test(res.stderr) }).toEqual({
          label,
          failed: true,
          usage: true,
        });
      }
      expect(await databaseExists(UNTOUCHED_URL)).toBe(false);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'create-user makes a dashboard user (password from stdin or --password), creating the team when missing',
    async () => {
      const fromStdin = await adminProcess(
        ['create-user', '--email', 'Ops@Example.com', '--password-stdin', '--team', TEAM],
        DATABASE_URL,
        'a long password\n',
      );
      expect({ code: fromStdin.code, stderr: fromStdin.stderr.replace(/^npm warn.*\n?/gim, '') }).toEqual({ code: 0, stderr: '' });
      expect(lines(fromStdin.stdout).pop()).toMatch(
        new RegExp(`^user ops@example\\.com \\(usr_[0-9a-z]+\\), role owner; team ${TEAM} \\(${teamId}\\), plan starter$`),
      );
      const signedIn = await signIn(db!, 'ops@example.com', 'a long password');
      expect(signedIn?.team.id).toBe(teamId);
      expect(signedIn?.user.passwordHash).toMatch(/^\$argon2id\$/);

      const newTeam = `${TEAM}-new`;
      const member = await admin([
        'create-user',
        '--email',
        'dev@example.com',
        '--password',
        'another long one',
        '--team',
        newTeam,
        '--role',
        'member',
      ]);
      expect(member.code).toBe(0);
      expect(lines(member.stdout).pop()).toMatch(/role member; team .+-new \(team_[0-9a-z]+\), plan free$/);
      expect(await db!.user.findUniqueOrThrow({ where: { email: 'dev@example.com' }, include: { team: true } })).toMatchObject({
        role: 'member',
        team: { name: newTeam, plan: 'free' },
      });

      const taken = await admin(['create-user', '--email', 'OPS@example.com', '--password', 'a long password', '--team', TEAM]);
      expect([taken.code, taken.stderr.trim()]).toEqual([1, 'an account with this email already exists']);
    },
    SPAWN_TIMEOUT_MS * 3,
  );

  it(
    'invite prints a single-use join link for the team, its only secret never stored',
    async () => {
      const res = await admin(['invite', '--team', TEAM, '--role', 'owner', '--hours', '5', '--base-url', 'https://enrich.example.com/']);
      expect(res.code).toBe(0);
      const out = lines(res.stdout);
      const link = out.pop()!;
      const match = /^https:\/\/enrich\.example\.com\/dashboard\/join\/([A-Za-z0-9_-]{43})$/.exec(link);
      expect(match).not.toBeNull();
      const token = match![1]!;
      expect(out[0]).toMatch(new RegExp(`^invite inv_[0-9a-z]+ to team ${TEAM} as owner, until \\S+; single use$`));
      const found = await findUsableInvite(db!, token);
      expect(found).toMatchObject({ teamName: TEAM, role: 'owner' });
      const hours = (found!.expiresAt.getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(4.9);
      expect(hours).toBeLessThanOrEqual(5);
      const stored = await db!.invite.findFirstOrThrow({ where: { teamId } });
      expect(stored.tokenHash).toBe(sha256(token));
      expect(stored.createdById).toBeNull();

      const byDefault = lines((await admin(['invite', '--team', TEAM])).stdout).pop()!;
      expect(byDefault).toMatch(/^http:\/\/localhost:3000\/dashboard\/join\/[A-Za-z0-9_-]{43}$/);
      const missing = await admin(['invite', '--team', 'no-such-team']);
      expect([missing.code, missing.stderr.trim()]).toEqual([1, 'no team "no-such-team"']);
    },
    SPAWN_TIMEOUT_MS * 3,
  );

  it(
    'bad create-user and invite usage is refused before any database is touched',
    async () => {
      const cases: [string, string[], RegExp][] = [
        ['no email', ['create-user', '--password', 'a long password', '--team', 't'], /--email/],
        ['a bad email', ['create-user', '--email', 'nope', '--password', 'a long password', '--team', 't'], /--email/],
        ['no password', ['create-user', '--email', 'a@example.com', '--team', 't'], /--password-stdin/],
        [
          'both passwords',
          ['create-user', '--email', 'a@example.com', '--password', 'a long password', '--password-stdin', '--team', 't'],
          /exactly one/,
        ],
        ['a short password', ['create-user', '--email', 'a@example.com', '--password', 'short', '--team', 't'], /10 to 200/],
        ['no team', ['create-user', '--email', 'a@example.com', '--password', 'a long password'], /--team/],
        [
          'a bad role',
          ['create-user', '--email', 'a@example.com', '--password', 'a long password', '--team', 't', '--role', 'admin'],
          /unknown role/,
        ],
        ['invite without a team', ['invite'], /invite needs --team/],
        ['invite hours out of range', ['invite', '--team', 't', '--hours', '721'], /--hours/],
        ['invite with a bad base URL', ['invite', '--team', 't', '--base-url', 'ftp://x'], /--base-url/],
      ];
      const results = await Promise.all(cases.map(([, args]) => admin(args, UNTOUCHED_URL)));
      for (const [i, [label, , reason]] of cases.entries()) {
        const res = results[i]!;
        expect({ label, code: res.code, reason: reason.test(res.stderr), usage: /usage:/.test(res.stderr) }).toEqual({
          label,
          code: 1,
          reason: true,
          usage: true,
        });
      }
      expect(await databaseExists(UNTOUCHED_URL)).toBe(false);
    },
    SPAWN_TIMEOUT_MS * 2,
  );
});
