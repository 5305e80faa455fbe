import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FixtureSites, sleep } from '@enrich/testkit';
import { parse } from 'csv-parse/sync';
import { startTestStack, type TestStack } from '../support/test-stack';

// The `enrich` command (packages/client/src/cli) against the real service: a 1,000-row CSV
// interrupted with Ctrl-C mid-way and resumed by the same command: every row once, in order,
// its input columns intact, each domain enriched once; login keeps the key in a 0600 file.

const ROOT = path.resolve(__dirname, '../..');
const ROWS = 1000;
const sites = new FixtureSites();
const page = (i: number) =>
  `<!doctype html><html><head><title>Cli Co ${i}</title><meta property="og:site_name" content="Cli Co ${i}">` +
  `<meta name="description" content="${i === 7 ? '=HYPERLINK(&quot;http://evil.example&quot;) Cli Co 7 makes formulas.' : `Cli Co ${i} makes widgets for bakeries in town ${i}.`}"></head><body></body></html>`;
for (let i = 0; i < ROWS; i += 1) sites.site(`cli-${i}.com`, { '/': page(i) });

let stack: TestStack;
let server: http.Server;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  await sites.start();
  // 1,000 sites while other test files run beside: a scrape's deadline of the service's own
  // order rather than the suite's short one, so that every site is read.
  stack = await startTestStack({ label: 'clicsv', hostMap: sites.hostMap(), env: { SCRAPER_TIMEOUT_MS: '15000' } });
  server = stack.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(os.tmpdir(), 'enrich-cli-'));
}, 60_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await stack?.stop();
  await sites.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs `enrich …` from source, as `npm run enrich --` does, with the given environment. */
function enrich(
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; done: Promise<{ code: number | null; stderr: string }> } {
  // tsx's loader by its path: the command runs in a folder of its own, outside the checkout.
  const loader = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  const child = spawn(process.execPath, ['--import', loader, path.join(ROOT, 'packages/client/src/cli/bin.ts'), ...args], {
    cwd: dir,
    env: { ...process.env, ENRICH_CONFIG: path.join(dir, 'config.json'), ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdout!.resume();
  const done = once(child, 'exit').then(([code]) => ({ code: code as number | null, stderr }));
  return { child, done };
}

it('logs in, keeping the key in a file only its user can read', async () => {
  const key = await stack.key('enterprise');
  const { done } = enrich(['login', '--key', key, '--base-url', baseUrl], {});
  const result = await done;
  expect([result.code, result.stderr]).toEqual([0, expect.stringContaining('logged in (enterprise plan')]);
  const file = path.join(dir, 'config.json');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ apiKey: key, baseUrl });
});

it('enriches a 1,000-row CSV, interrupted and resumed: every row once, in order, its columns intact', async () => {
  const key = await stack.key('enterprise', 'cli-csv-team');
  const input = path.join(dir, 'companies.csv');
  const rows = Array.from({ length: ROWS }, (_, i) => [
    `Cli Co ${i}`,
    i === 500 ? 'not a domain' : `https://www.cli-${i}.com/`,
    `note "${i}", with a comma`,
  ]);
  // A UTF-8 BOM, a header with the domain column second, quoted cells.
  writeFileSync(
    input,
    `\uFEFFcompany,website,notes\n${rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join('\n')}\n`,
  );
  const output = path.join(dir, 'enriched.csv');
  const args = ['csv', input, '-o', output, '--chunk-size', '250', '--poll-ms', '100', '--fields', 'name,description'];
  const env = { ENRICH_API_KEY: key, ENRICH_BASE_URL: baseUrl };

  const first = enrich(args, env);
  const checkpoint = `${output}.enrich-checkpoint.json`;
  // Interrupted once the first chunk is written and before the last.
  for (const deadline = Date.now() + 120_000; ; await sleep(50)) {
    if (existsSync(checkpoint) && JSON.parse(readFileSync(checkpoint, 'utf8')).rowsDone >= 250) break;
    if (Date.now() > deadline) throw new Error('the first chunk was not written in time');
  }
  first.child.kill('SIGINT');
  const interrupted = await first.done;
  expect(interrupted.code).toBe(130);
  expect(interrupted.stderr).toContain('resume with:');
  const written = JSON.parse(readFileSync(checkpoint, 'utf8')).rowsDone as number;
  expect(written).toBeGreaterThanOrEqual(250);
  expect(written).toBeLessThan(ROWS);

  const resumed = await enrich(args, env).done;
  expect(resumed.stderr).toContain(`resuming after ${written} rows written`);
  // One row is not a domain: the run ends with a failure status.
  expect(resumed.code).toBe(1);
  expect(existsSync(checkpoint)).toBe(false);

  const table = parse(readFileSync(output, 'utf8'), { bom: true }) as string[][];
  expect(table[0]).toEqual(['company', 'website', 'notes', 'enrich_name', 'enrich_description', 'enrich_status', 'enrich_error']);
  expect(table).toHaveLength(ROWS + 1);
  table.slice(1).forEach((line, i) => {
    expect(line.slice(0, 3)).toEqual(rows[i]);
    if (i === 500) expect(line.slice(5)).toEqual(['invalid', expect.stringContaining('not a domain')]);
    else expect([line[3], line[5]]).toEqual([`Cli Co ${i}`, 'completed']);
  });
  // A scraped value that a spreadsheet would run as a formula is written inert.
  expect(table[8]![4]).toMatch(/^'=HYPERLINK/);

  // Each domain was enriched once: the resumed chunk was answered with the batch it had started.
  const team = await stack.database.db.team.findUniqueOrThrow({ where: { name: 'cli-csv-team' } });
  expect(await stack.database.db.enrichmentJob.count({ where: { teamId: team.id } })).toBe(ROWS - 1);
  expect(await stack.database.db.batch.count({ where: { teamId: team.id } })).toBe(4);
}, 300_000);
