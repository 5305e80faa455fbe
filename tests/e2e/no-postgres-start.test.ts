import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright';
import { launchBrowser, nav, newUserContext, signUp } from './browser';

// `npm start` on a machine with nothing but Node.js: the real command, in a network namespace of
// its own (unshare -n) where nothing listens on 127.0.0.1:5432 or :6379, with no DATABASE_URL
// and no REDIS_URL. The service must run on the embedded PostgreSQL with its queues in it, say
// so, serve a submission to its end, stop cleanly on Ctrl-C (SIGINT to its process group) and
// find the same data when started again. A person's dashboard journey runs on it in
// Chromium (sign up, a key, one domain, a CSV batch, its results CSV), reaching the namespace's
// 127.0.0.1:3000 through a Unix socket (files are shared across network namespaces).

const root = path.resolve(__dirname, '..', '..');
const START_TIMEOUT_MS = 240_000;
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'enrich-no-postgres-'));
  // As root the embedded server runs as the postgres user, which must be able to enter it.
  chmodSync(dataDir, 0o755);
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const env = (): NodeJS.ProcessEnv => {
  const { DATABASE_URL: _database, REDIS_URL: _redis, QUEUE_STORE: _queues, PORT: _port, ...rest } = process.env;
  return { ...rest, EMBEDDED_POSTGRES_DIR: path.join(dataDir, 'postgres'), LOG_LEVEL: 'info' };
};

interface Started {
  child: ChildProcess;
  output: () => string;
}

// bash is the namespace's first process (unshare execs it); it runs `npm start`.
function startInNamespace(): Started {
  const script = ['ip link set lo up', 'npm start'].join('\n');
  const child = spawn('unshare', ['-n', 'bash', '-c', script], {
    cwd: root,
    env: env(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  return { child, output: () => output };
}

// Runs a command inside the namespace of `pid`.
const inNamespace = (pid: number, command: string[], extraEnv: NodeJS.ProcessEnv = {}): string =>
  execFileSync('nsenter', ['-t', String(pid), '-n', ...command], {
    cwd: root,
    env: { ...env(), ...extraEnv },
    encoding: 'utf8',
    timeout: 60_000,
  });

// An HTTP request made from inside the namespace: [status, body].
function request(pid: number, method: string, url: string, key?: string, body?: unknown): [number, unknown] {
  const js = `fetch(${JSON.stringify(`http://127.0.0.1:3000${url}`)}, { method: ${JSON.stringify(method)}, headers: ${JSON.stringify({
    ...(key ? { authorization: `Bearer ${key}` } : {}),
    ...(body ? { 'content-type': 'application/json' } : {}),
  })}, body: ${body ? JSON.stringify(JSON.stringify(body)) : 'undefined'} }).then(async (r) => console.log(JSON.stringify([r.status, await r.json()]))).catch((e) => console.log(JSON.stringify([0, String(e)])))`;
  return JSON.parse(inNamespace(pid, [process.execPath, '-e', js]).trim());
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const groupAlive = (pgid: number): boolean => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};
const embeddedServerRuns = () => execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).includes(path.join(dataDir, 'postgres'));

// Ctrl-C: SIGINT to the whole process group, as a terminal sends it; then waits until every
// process of the group has gone, and the embedded server (a group of its own) too.
async function stop(started: Started): Promise<void> {
  const pgid = started.child.pid as number;
  process.kill(-pgid, 'SIGINT');
  await until('the service to stop', () => (groupAlive(pgid) || embeddedServerRuns() ? undefined : true), 60_000);
}

// A TCP port on this side that reaches 127.0.0.1:3000 inside the namespace of `pid`: a relay in
// the namespace listens on a Unix socket, and a relay here forwards each connection to it.
async function bridge(pid: number): Promise<{ baseUrl: string; close(): void }> {
  const socket = path.join(dataDir, 'api.sock');
  const inside = `const net = require('node:net');
    net.createServer((c) => { const u = net.connect(3000, '127.0.0.1'); c.pipe(u).pipe(c); u.on('error', () => c.destroy()); c.on('error', () => u.destroy()); })
      .listen(${JSON.stringify(socket)}, () => console.log('listening'));`;
  const relay = spawn('nsenter', ['-t', String(pid), '-n', process.execPath, '-e', inside], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => relay.stdout?.once('data', resolve));
  const outside: Server = createServer((c) => {
    const u = createConnection(socket);
    c.pipe(u).pipe(c);
    u.on('error', () => c.destroy());
    c.on('error', () => u.destroy());
  });
  await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
  const { port } = outside.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close() {
      outside.close();
      relay.kill();
    },
  };
}

// The dashboard journey of a new user. No website answers inside the namespace, so each job
// ends on what the domain alone gives, or fails: either way it ends, and is shown.
async function dashboardJourney(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/dashboard/`);
  await page.getByRole('link', { name: 'Create one' }).click();
  await signUp(page, 'owner@no-postgres-e2e.com', 'correct horse battery staple', 'No PostgreSQL E2E');

  await nav(page, 'API keys');
  await page.getByLabel('Name').fill('laptop key');
  await page.getByRole('button', { name: 'Create key' }).click();
  expect((await page.getByTestId('new-key').textContent())?.trim()).toMatch(/^ce_live_\w{32}$/);

  await nav(page, 'Enrich');
  await page.getByLabel('Domain or URL').fill('northwind-laptop.com');
  await page.getByRole('button', { name: 'Enrich', exact: true }).click();
  await page.waitForURL(/\/dashboard\/enrich\/[0-9a-f-]{36}$/);
  await page.getByText(/^(Completed|Failed)$/).waitFor({ timeout: 90_000 });

  await nav(page, 'Bulk');
  await page.getByText('Drop a CSV file here').waitFor();
  const csv = 'domain\nalpha-laptop.com\nbeta-laptop.com\ngamma-laptop.com\n';
  const dataTransfer = await page.evaluateHandle((text) => {
    const dom = globalThis as any;
    const transfer = new dom.DataTransfer();
    transfer.items.add(new dom.File([text], 'companies.csv', { type: 'text/csv' }));
    return transfer;
  }, csv);
  await page.getByTestId('dropzone').dispatchEvent('drop', { dataTransfer });
  await expect(page.getByTestId('preview-valid').textContent()).resolves.toBe('3');
  await page.getByRole('button', { name: 'Enrich 3 companies' }).click();
  await page.waitForURL(/\/dashboard\/bulk\/bat_/);
  await page.getByTestId('batch-progress').filter({ hasText: /^100%/ }).waitFor({ timeout: 120_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download results CSV' }).click()]);
  const rows = parse(await readFile((await download.path()) as string, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
  expect(rows.map((row) => row.domain)).toEqual(['alpha-laptop.com', 'beta-laptop.com', 'gamma-laptop.com']);
  for (const row of rows) expect(['completed', 'failed']).toContain(row.status);
}

const ready = (pid: number) => () => {
  const [status, body] = request(pid, 'GET', '/readyz');
  return status === 200 ? (body as { mode: unknown }) : undefined;
};

it(
  'runs on an embedded PostgreSQL, queues included: a submission, the dashboard journey, Ctrl-C, and the same data after a restart',
  async () => {
    const first = startInNamespace();
    const pid = first.child.pid as number;
    try {
      const readiness = await until('/readyz', ready(pid), START_TIMEOUT_MS);
      expect(readiness.mode).toEqual({ postgres: 'embedded', queues: 'postgres' });
      expect(first.output()).toMatch(
        /PostgreSQL: embedded \(nothing answered at 127\.0\.0\.1:5432; data in .*postgres, on 127\.0\.0\.1:54329\)/,
      );
      expect(first.output()).toContain('Queues:     PostgreSQL (no Redis answered at 127.0.0.1:6379');

      // The banner's next step, word for word: the admin CLI finds the embedded server too.
      const created = inNamespace(pid, ['npm', 'run', '--silent', 'admin', '--', 'create-key', '--team', 'no-postgres']);
      const key = created.match(/ce_live_\w+/)?.[0];
      expect(key).toBeDefined();
      const [accepted, job] = request(pid, 'POST', '/enrich', key, { domain: 'example.com' });
      expect(accepted).toBe(202);
      const jobId = (job as { jobId: string }).jobId;
      // Nothing outside the namespace answers: the job ends all the same (from what the domain gives).
      const ended = await until(
        'the job to end',
        () => {
          const [, answer] = request(pid, 'GET', `/enrich/${jobId}`, key);
          const status = (answer as { status?: string }).status;
          return status === 'completed' || status === 'failed' ? status : undefined;
        },
        120_000,
      );
      const tunnel = await bridge(pid);
      const browser = await launchBrowser();
      try {
        const context = await newUserContext(browser);
        await dashboardJourney(await context.newPage(), tunnel.baseUrl);
      } finally {
        await browser.close();
        tunnel.close();
      }

      await stop(first);
      // Every process of the service is gone, the embedded PostgreSQL included, shut down
      // cleanly (it removes its lock file), after the apps: they said they stopped.
      expect(existsSync(path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid'))).toBe(false);
      for (const app of ['worker-scrape', 'worker-ai', 'worker-webhooks']) expect(first.output()).toContain(`"msg":"${app} stopped"`);

      const second = startInNamespace();
      const pid2 = second.child.pid as number;
      try {
        await until('/readyz after a restart', ready(pid2), START_TIMEOUT_MS);
        const [status, again] = request(pid2, 'GET', `/enrich/${jobId}`, key);
        expect(status).toBe(200);
        // The same job, as it ended before the restart (the poll's shape carries no jobId).
        expect(again).toMatchObject({ status: ended });
        const [, listed] = request(pid2, 'GET', '/enrich?limit=5', key);
        expect((listed as { data: { jobId: string }[] }).data.map((j) => j.jobId)).toEqual([jobId]);
      } finally {
        await stop(second);
      }
    } finally {
      if (groupAlive(pid)) await stop(first);
    }
  },
  4 * START_TIMEOUT_MS,
);
