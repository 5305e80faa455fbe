import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newId } from '@enrich/db';
import { startTestStack, type TestStack } from '../support/test-stack';

// `enrich monitor add|list|pause|resume|remove` and `enrich changes` (packages/client/src/cli)
// against the real API: what each prints on stdout and stderr, and its exit code.

const ROOT = path.resolve(__dirname, '../..');
let stack: TestStack;
let server: http.Server;
let env: Record<string, string>;
let dir: string;

beforeAll(async () => {
  stack = await startTestStack({ label: 'climonitors', workers: false });
  server = stack.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  dir = mkdtempSync(path.join(os.tmpdir(), 'enrich-cli-monitors-'));
  const key = await stack.key('growth', 'cli-monitors-team');
  env = { ENRICH_API_KEY: key, ENRICH_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}, 60_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs `enrich …` from source, as `npm run enrich --` does; `stdin` is written to it. */
async function enrich(args: string[], stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const loader = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  const child = spawn(process.execPath, ['--import', loader, path.join(ROOT, 'packages/client/src/cli/bin.ts'), ...args], {
    cwd: dir,
    env: { ...process.env, ENRICH_CONFIG: path.join(dir, 'none.json'), ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(stdin);
  const [code] = await once(child, 'exit');
  return { code: code as number | null, stdout, stderr };
}

it('adds domains and a CSV, lists, pauses, resumes and removes them, with the exit codes of the other commands', async () => {
  const added = await enrich(['monitor', 'add', 'cli-mon-a.com', 'https://www.cli-mon-b.com/', '--interval', 'weekly', '--fields', 'name']);
  expect(added.code).toBe(0);
  expect(
    added.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t').slice(1, 4)),
  ).toEqual([
    ['cli-mon-a.com', 'weekly', 'active'],
    ['cli-mon-b.com', 'weekly', 'active'],
  ]);
  expect(added.stderr).toContain('2 added, 0 already watched, 0 invalid');

  const file = path.join(dir, 'watch.csv');
  writeFileSync(file, 'company,website\nC,cli-mon-c.com\nA,cli-mon-a.com\nBad,localhost\n');
  const fromCsv = await enrich(['monitor', 'add', '--csv', file, '--interval', 'monthly']);
  // An entry that is not a domain: reported, and the command ends with a failure status.
  expect(fromCsv.code).toBe(1);
  expect(fromCsv.stderr).toContain('already watched: cli-mon-a.com');
  expect(fromCsv.stderr).toContain('invalid: localhost');
  expect(fromCsv.stderr).toContain('1 added, 1 already watched, 1 invalid');
  const fromStdin = await enrich(['monitor', 'add', '--csv', '-', '--interval', 'monthly', '--json'], 'domain\ncli-mon-d.com\n');
  expect(fromStdin.code).toBe(0);
  expect(JSON.parse(fromStdin.stdout)).toMatchObject({ added: [{ domain: 'cli-mon-d.com', interval: 'monthly' }], invalid: [] });

  const listed = await enrich(['monitor', 'list']);
  expect(listed.code).toBe(0);
  const [header, ...rows] = listed.stdout.trim().split('\n');
  expect(header).toBe('id\tdomain\tinterval\tstate\tlast check\tnext check\tlast change');
  expect(rows.map((row) => row.split('\t')[1]).sort()).toEqual(['cli-mon-a.com', 'cli-mon-b.com', 'cli-mon-c.com', 'cli-mon-d.com']);
  expect(listed.stderr.trim()).toBe('4 monitors');

  const paused = await enrich(['monitor', 'pause', 'www.cli-mon-a.com']);
  expect([paused.code, paused.stdout.split('\t')[3]]).toEqual([0, 'paused (user)']);
  const onlyPaused = await enrich(['monitor', 'list', '--state', 'paused', '--json']);
  const lines = onlyPaused.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(lines.map((m) => [m.domain, m.state])).toEqual([['cli-mon-a.com', 'paused']]);
  expect((await enrich(['monitor', 'resume', lines[0].id])).stdout.split('\t')[3]).toBe('active');

  const removed = await enrich(['monitor', 'remove', 'cli-mon-b.com', 'not-watched.com']);
  expect(removed.code).toBe(1);
  expect(removed.stderr).toContain('removed mon_');
  expect(removed.stderr).toContain('MONITOR_NOT_FOUND: not-watched.com is not watched');
  expect((await enrich(['monitor', 'list', '--domain', 'cli-mon-b.com'])).stderr.trim()).toBe('0 monitors');

  // Usage mistakes exit 2; the API's refusals 1, with their code.
  expect((await enrich(['monitor', 'add', 'x.com'])).code).toBe(2);
  expect((await enrich(['monitor', 'add', '--interval', 'weekly'])).code).toBe(2);
  expect((await enrich(['monitor', 'frobnicate'])).code).toBe(2);
  const refused = await enrich(['monitor', 'add', 'x.com', '--interval', 'weekly', '--fields', 'confidence']);
  expect([refused.code, refused.stderr]).toEqual([1, expect.stringContaining('enrich: VALIDATION_ERROR:')]);
}, 120_000);

it('prints a company’s changes, newest first', async () => {
  const { db } = stack.database;
  const domain = 'cli-mon-c.com';
  await db.company.create({ data: { domain, name: 'C' } });
  const team = await db.team.findUniqueOrThrow({ where: { name: 'cli-monitors-team' } });
  const jobId = crypto.randomUUID();
  await db.enrichmentJob.create({ data: { id: jobId, teamId: team.id, domain } });
  const change = (day: number, field: string, oldValue: unknown, newValue: unknown) =>
    db.companyChange.create({
      data: {
        id: newId('chg'),
        domain,
        field,
        oldValue: oldValue as string,
        newValue: newValue as string,
        observedAt: new Date(Date.UTC(2026, 11, day)),
        sources: ['website'],
        jobId,
      },
    });
  await change(1, 'name', 'C', 'C Corp');
  await change(2, 'technologies', ['WordPress'], ['WordPress', 'Shopify']);
  const plain = await enrich(['changes', domain]);
  expect(plain.code).toBe(0);
  expect(plain.stdout.trim().split('\n')).toEqual([
    '2026-12-02T00:00:00.000Z\ttechnologies\tWordPress\tWordPress, Shopify\twebsite',
    '2026-12-01T00:00:00.000Z\tname\tC\tC Corp\twebsite',
  ]);
  expect(plain.stderr.trim()).toBe('2 changes');
  const json = await enrich(['changes', domain, '--json']);
  expect(
    json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).field),
  ).toEqual(['technologies', 'name']);
  const unknown = await enrich(['changes', 'never-seen.com']);
  expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringContaining('enrich: COMPANY_NOT_FOUND:')]);
}, 60_000);
