// `npm run build -w @enrich/client` (or `npm run client:build`): the client's publishable build
// in packages/client/dist. esbuild bundles src/index.ts twice, as ES modules (index.js) and as
// CommonJS (index.cjs), and the `enrich` command (src/cli/bin.ts) as cli.cjs; tsc writes the declarations, copied as .d.ts for import and .d.cts for
// require, their relative imports given the extension each resolution mode needs.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { runMain } from './support/run-main';

export const CLIENT_DIR = path.resolve(__dirname, '../packages/client');
const DIST = path.join(CLIENT_DIR, 'dist');
const TYPES = path.join(DIST, 'types');

/** A declaration file's relative imports (`from './errors'`) with an explicit extension. */
const withExtension = (text: string, extension: '.js' | '.cjs') => text.replace(/(from\s+'\.\/[\w-]+)'/g, `$1${extension}'`);

export async function buildClient(): Promise<void> {
  rmSync(DIST, { recursive: true, force: true });
  const common = {
    entryPoints: [path.join(CLIENT_DIR, 'src/index.ts')],
    bundle: true,
    platform: 'neutral' as const,
    target: 'es2022',
    logLevel: 'error' as const,
  };
  await build({ ...common, format: 'esm', outfile: path.join(DIST, 'index.js') });
  await build({ ...common, format: 'cjs', outfile: path.join(DIST, 'index.cjs') });
  // The `enrich` command: Node only, its argument, CSV and progress libraries bundled in.
  await build({
    ...common,
    entryPoints: [path.join(CLIENT_DIR, 'src/cli/bin.ts')],
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outfile: path.join(DIST, 'cli.cjs'),
  });
  // typescript's package exports no path to its compiler; its bin is beside its package.json.
  const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', path.join(CLIENT_DIR, 'tsconfig.build.json')], { stdio: 'inherit' });
  for (const file of readdirSync(TYPES)) {
    const text = readFileSync(path.join(TYPES, file), 'utf8');
    const name = file.replace(/\.d\.ts$/, '');
    writeFileSync(path.join(DIST, `${name}.d.ts`), withExtension(text, '.js'));
    writeFileSync(path.join(DIST, `${name}.d.cts`), withExtension(text, '.cjs'));
  }
  rmSync(TYPES, { recursive: true, force: true });
}

if (require.main === module) {
  runMain(async () => {
    await buildClient();
    console.log(`built ${path.relative(process.cwd(), DIST)}`);
    return 0;
  });
}
