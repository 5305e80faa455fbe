import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './repo-files';

export interface ChildApp {
  name: string;
  /** Date.now() when it was spawned. */
  spawnedAt: number;
  child: ChildProcess;
  pid: number;
  /** Settles when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last lines it wrote (stdout and stderr), for error reports. */
  tail: string[];
  /** Resolves with the first output line matching `pattern`; rejects on exit or timeout. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<string>;
}

const TAIL_LINES = 40;

type Exit = { code: number | null; signal: NodeJS.Signals | null };

// An app's process as spawnApp and spawnAppToFile start it: its output to `output`.
function spawnChild(name: string, entry: string, env: NodeJS.ProcessEnv, output: 'pipe' | number, nodeArgs: string[] = []) {
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(repoRoot, entry)], {
    cwd: repoRoot,
    // Each app's metrics listener on a free port unless told (its default port is one per app kind,
    // and tests and benchmarks run several of a kind side by side).
    env: { METRICS_PORT: '0', ...env },
    stdio: ['ignore', output, output],
    detached: true,
  });
  if (child.pid === undefined) throw new Error(`could not start ${name}`);
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { name, child, pid: child.pid, spawnedAt, exited };
}

/**
 * Runs one of the apps (`apps/<name>/src/main.ts`, a path from the repository root) as its own
 * process, the way scripts/start.ts does: node with tsx as a loader, so the pid is the app's and
 * signals reach it directly. The child leads its own process group, so `stopApps` can also end
 * what it started (Chromium) if it does not stop in time. Output goes to `log` with the app's
 * name in front of each line; `nodeArgs` go to node itself (--cpu-prof, …).
 */
export function spawnApp(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  log?: NodeJS.WritableStream,
  nodeArgs: string[] = [],
): ChildApp {
  const started = spawnChild(name, entry, env, 'pipe', nodeArgs);
  const { child, exited } = started;
  const tail: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      log?.write(`[${name}] ${line}\n`);
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
      for (const waiter of waiters) {
        if (!waiter.pattern.test(line)) continue;
        waiters.delete(waiter);
        waiter.resolve(line);
      }
    });
  }
  return {
    ...started,
    tail,
    waitForLine(pattern, timeoutMs) {
      return new Promise<string>((resolve, reject) => {
        const waiter = {
          pattern,
          resolve: (line: string) => {
            clearTimeout(timer);
            resolve(line);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`${name}: no line matching ${pattern} within ${timeoutMs} ms\n${tail.join('\n')}`));
        }, timeoutMs);
        waiters.add(waiter);
        void exited.then(({ code, signal }) => {
          if (!waiters.delete(waiter)) return;
          clearTimeout(timer);
          reject(new Error(`${name} exited (${signal ?? code}) before it was ready:\n${tail.join('\n')}`));
        });
      });
    },
  };
}

/**
 * Like spawnApp, but the app's output goes straight to `file`, not through this process (a
 * benchmark's load generator, which should not also carry a line per request); nothing waits
 * for its lines.
 */
export function spawnAppToFile(name: string, entry: string, env: NodeJS.ProcessEnv, file: string): ChildApp {
  const fd = openSync(file, 'w');
  try {
    return {
      ...spawnChild(name, entry, env, fd),
      tail: [`(its output is in ${file})`],
      waitForLine: () => Promise.reject(new Error(`${name}: its output goes to ${file}`)),
    };
  } finally {
    closeSync(fd);
  }
}

/** The service's four processes (spawnService). */
export interface ServiceApps {
  api: ChildApp;
  workers: [scrape: ChildApp, ai: ChildApp, webhooks: ChildApp];
  /** The API first, then the workers. */
  all: ChildApp[];
  /** Resolves once the API listens and each worker says it is ready; rejects if one exits or is late. */
  ready: Promise<void>;
}

/**
 * The API and the three workers, each its own process as `npm start` runs them (spawnApp), with
 * `env`, which must set LOG_LEVEL to info or lower: they announce readiness in their logs. The
 * processes are there when this returns (a caller may read their output from the first line);
 * `ready` says when they can work. The caller stops them (stopApps on `all`), ready or not.
 */
export function spawnService(env: NodeJS.ProcessEnv, log?: NodeJS.WritableStream, readyTimeoutMs = 60_000): ServiceApps {
  const api = spawnApp('api', 'apps/api/src/main.ts', env, log);
  const workers: ServiceApps['workers'] = [
    spawnApp('worker-scrape', 'apps/worker-scrape/src/main.ts', env, log),
    spawnApp('worker-ai', 'apps/worker-ai/src/main.ts', env, log),
    spawnApp('worker-webhooks', 'apps/worker-webhooks/src/main.ts', env, log),
  ];
  const ready = Promise.all([
    api.waitForLine(/"msg":"api listening/, readyTimeoutMs),
    ...workers.map((worker) => worker.waitForLine(new RegExp(`"msg":"${worker.name} ready`), readyTimeoutMs)),
  ]).then(() => undefined);
  return { api, workers, all: [api, ...workers], ready };
}

const isRunning = (app: ChildApp) => app.child.exitCode === null && app.child.signalCode === null;

// Once an app has exited, its pid number can go to a new process: Linux keeps it only while a
// process group of that id has members (what the app left behind). A pid that names a live
// process again is someone else's, and so is its group: each PostgreSQL backend leads one of
// its own, and pids wrap within a test run (pid_max 32768 on these machines).
const pidTakenByAnother = (app: ChildApp) => !isRunning(app) && existsSync(`/proc/${app.pid}`);

/**
 * SIGTERM to each app (they finish the jobs in hand and close Chromium), then, after they exit
 * or `graceMs` passes, SIGKILL to each app's process group: whatever the app started and left
 * behind (a browser), or the app itself when it did not stop in time; never the group of a
 * process that took an exited app's pid.
 */
export async function stopApps(apps: ChildApp[], graceMs = 10_000): Promise<void> {
  const running = apps.filter(isRunning);
  for (const app of running) app.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(running.map((app) => app.exited)), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(timer);
  for (const app of apps) {
    if (pidTakenByAnother(app)) continue;
    try {
      process.kill(-app.pid, 'SIGKILL');
    } catch {
      // ESRCH: nothing of that group is left.
    }
  }
  await Promise.all(apps.map((app) => app.exited));
}

export interface CommandResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunCommandOptions {
  env?: NodeJS.ProcessEnv;
  /** Past this the command is sent `timeoutSignal` and the promise rejects with its output so far. */
  timeoutMs: number;
  /** SIGKILL unless said otherwise; SIGINT lets a script clean up after itself. */
  timeoutSignal?: NodeJS.Signals;
  /** Written to the command's standard input, which is then closed; without it, empty input. */
  stdin?: string;
}

/**
 * Runs a command in the repository root to its end, as a user at a terminal would, and
 * collects its output. Rejects only when it cannot be started or outlasts `timeoutMs`.
 */
export function runCommand(command: string, args: string[], options: RunCommandOptions): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    // Closed at once without input: the command reads end of file, as from /dev/null.
    child.stdin.on('error', () => undefined); // a command that exits without reading its input
    child.stdin.end(options.stdin);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill(options.timeoutSignal ?? 'SIGKILL');
      reject(
        new Error(`${[command, ...args].join(' ')} did not exit within ${options.timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`),
      );
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** `npm run -s <script> [-- args]` in the repository root (see runCommand). */
export function runNpmScript(script: string, args: string[], options: RunCommandOptions): Promise<CommandResult> {
  return runCommand('npm', ['run', '-s', script, ...(args.length > 0 ? ['--', ...args] : [])], options);
}
