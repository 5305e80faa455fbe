// Building the dashboard (apps/dashboard, Vite) when its sources changed since the last build:
// `npm start` calls it before starting the API, `npm run build:dashboard` forces it. The build
// is stamped with a hash of what it was made from; a build whose stamp matches is kept.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Written into dist after a build: the hash of the sources it was built from. */
export const STAMP_FILE = '.source-hash';

// What a build is made from, relative to apps/dashboard ("public" is copied into dist as is).
const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];

export interface DashboardBuildOptions {
  /** The repository root. */
  root: string;
  /** Defaults to <root>/apps/dashboard. */
  dashboardDir?: string;
  /** Build even when the stamp matches. */
  force?: boolean;
  /** Runs the build; defaults to `npm run build -w @enrich/dashboard` in the root. */
  build?: () => Promise<void>;
}

export type DashboardBuildResult = { status: 'absent' } | { status: 'fresh' | 'built'; dist: string };

function filesUnder(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

// The workspace packages the dashboard imports (@enrich/record: the record's schema) are
// bundled into it, so their sources count too.
function workspaceDependencies(root: string, dashboardDir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(dashboardDir, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => name.startsWith('@enrich/'));
  return names
    .map((name) => path.join(root, 'node_modules', name))
    .filter((link) => existsSync(link))
    .map((link) => realpathSync(link));
}

/** sha256 over every input file's path (relative to the root) and content, in a fixed order. */
export function dashboardSourceHash(root: string, dashboardDir: string): string {
  const files = [
    ...INPUTS.flatMap((input) => filesUnder(path.join(dashboardDir, input))),
    ...workspaceDependencies(root, dashboardDir).flatMap((dir) => [...filesUnder(path.join(dir, 'src')), path.join(dir, 'package.json')]),
  ];
  const hash = createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    hash.update(path.relative(root, file).split(path.sep).join('/')).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function npmBuild(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', '@enrich/dashboard'], { cwd: root, stdio: 'inherit', env: process.env });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`npm run build -w @enrich/dashboard failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/**
 * Builds the dashboard into its dist when there is none, or its stamp differs from the sources'
 * hash (or when forced), and stamps it. `absent` when apps/dashboard does not exist.
 */
export async function buildDashboardIfChanged(options: DashboardBuildOptions): Promise<DashboardBuildResult> {
  const dashboardDir = options.dashboardDir ?? path.join(options.root, 'apps', 'dashboard');
  if (!existsSync(path.join(dashboardDir, 'package.json'))) return { status: 'absent' };
  const dist = path.join(dashboardDir, 'dist');
  const stamp = path.join(dist, STAMP_FILE);
  const hash = dashboardSourceHash(options.root, dashboardDir);
  const built = existsSync(path.join(dist, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
  if (built && !options.force) return { status: 'fresh', dist };
  await (options.build ?? (() => npmBuild(options.root)))();
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`the dashboard build wrote no ${path.join(dist, 'index.html')}`);
  writeFileSync(stamp, `${hash}\n`);
  return { status: 'built', dist };
}
