import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { repoFiles } from './repo-files';

// The rules behind workspace-deps.test.ts, as a function of a checkout so that its own test can
// run it on a small made-up repository too.
//
// - A workspace (apps/*, packages/*) declares in `dependencies` exactly the @enrich/* packages
//   its code imports, and in `devDependencies` those only its tests import, each as "*". The
//   root package.json does the same for scripts/ and tests/ (and its own config files), all in
//   devDependencies: nothing there is part of a deployed app. A workspace's code is what lies
//   in its src/ outside test files; files beside src/ (a build config, a script a test runs)
//   are tooling, counted with the tests.
// - Each also declares every third-party package it imports (a subpath as its package; Node's
//   built-ins are none): its code's in `dependencies`, its tests' in either field, so that a
//   workspace installs and builds on its own and `npm ls` tells the truth. A published
//   workspace (not `private`: @enrich/client) ships its code bundled, so its code's packages
//   may be devDependencies too. A third-party package in `dependencies` that nothing imports is
//   reported as well; devDependencies are not checked that way, as the command-line tools and
//   type packages there are named by config and scripts rather than imported.
// - Nothing imports `@enrich/<pkg>/<path>`: what a package offers others is its entries' exports,
//   its main one and any subpath its package.json declares in `exports` (an entry that loads
//   less than the main one, such as @enrich/pipeline/ai-step).
// - No relative import leaves its workspace (or reaches from the root's files into one).

const SCOPE = '@enrich/';
const SOURCE_FILE = /\.(?:[cm]?[jt]s|tsx)$/;
/** Files only tests load: `*.test.ts` and a folder's `test-support.ts`. */
const TEST_FILE = /(?:\.test\.(?:[cm]?[jt]s|tsx)|(?:^|\/)test-support\.[jt]s)$/;
/** A package name and what follows it; anything else a pattern below matches is prose in a string. */
const BARE_SPECIFIER = /^((?:@[a-z0-9~-][\w.~-]*\/)?[a-z0-9~-][\w.~-]*)(?:\/[^\s'"]*)?$/;
const BUILTINS = new Set(builtinModules);
/** Needed though no scanned file imports them, so never reported as unused. */
const USED_UNSEEN = new Set([
  '@prisma/client', // imported by the generated Prisma client, which is built, not checked in
  '@opentelemetry/api', // a peer dependency of the OpenTelemetry packages, provided by their user
]);

const SPECIFIERS = [
  /\bfrom\s*['"]([^'"\n]+)['"]/g, // import … from '…', export … from '…'
  /\bimport\s*['"]([^'"\n]+)['"]/g, // import '…' (side effects only)
  /\b(?:import|require|require\.resolve|jest\.mock|jest\.requireActual)\(\s*['"]([^'"\n]+)['"]/g,
];

/** Every module specifier a source file names, in order of appearance per form. */
export function importSpecifiers(source: string): string[] {
  return SPECIFIERS.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!));
}

interface Manifest {
  name?: string;
  private?: boolean;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  exports?: string | Record<string, unknown>;
}

/** `./sub` for each subpath entry a manifest's `exports` map declares. */
const subpathEntries = (manifest: Manifest | undefined): string[] =>
  typeof manifest?.exports === 'object' ? Object.keys(manifest.exports).filter((key) => key.startsWith('./')) : [];

interface Unit {
  /** '' for the root package. */
  dir: string;
  name: string;
  manifest: Manifest;
  files: string[];
}

const readManifest = (root: string, dir: string): Manifest =>
  JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as Manifest;

/** The workspaces the root package.json names (folder globs of the form `dir/*` or plain folders). */
function workspaceDirs(root: string, globs: string[]): string[] {
  return globs.flatMap((glob) => {
    if (!glob.endsWith('/*')) return existsSync(path.join(root, glob, 'package.json')) ? [glob] : [];
    const parent = glob.slice(0, -2);
    return readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(root, parent, entry.name, 'package.json')))
      .map((entry) => `${parent}/${entry.name}`)
      .sort();
  });
}

function scopedNames(deps: Record<string, string> | undefined): Map<string, string> {
  return new Map(Object.entries(deps ?? {}).filter(([name]) => name.startsWith(SCOPE)));
}

const sorted = (names: Iterable<string>) => [...names].sort();

/** The third-party package a specifier names (`bullmq` for `bullmq/dist/…`), or undefined. */
function thirdPartyPackage(spec: string): string | undefined {
  const name = BARE_SPECIFIER.exec(spec)?.[1];
  if (!name || spec.startsWith('node:') || name.startsWith(SCOPE) || BUILTINS.has(name)) return undefined;
  return name;
}

/**
 * Every breach of the rules above in the checkout at `root`, one line each
 * (`<file or package.json>: <what is wrong>`); an empty list when there is none.
 */
export function workspaceDependencyProblems(root: string): string[] {
  const rootManifest = readManifest(root, '');
  const dirs = workspaceDirs(root, rootManifest.workspaces ?? []);
  const units: Unit[] = dirs.map((dir) => {
    const manifest = readManifest(root, dir);
    return { dir, name: manifest.name ?? dir, manifest, files: [...repoFiles(dir, root)].filter((f) => SOURCE_FILE.test(f)) };
  });
  const inWorkspace = (file: string) => units.find((u) => file === u.dir || file.startsWith(`${u.dir}/`));
  // The root's own code: every source file of the checkout outside the workspaces.
  const rootFiles = readdirSync(root)
    .filter((name) => !name.startsWith('.') && name !== 'node_modules')
    .sort()
    .flatMap((name) => [...repoFiles(name, root)])
    .filter((f) => SOURCE_FILE.test(f) && !inWorkspace(f));
  const rootUnit: Unit = { dir: '', name: rootManifest.name ?? '(root)', manifest: rootManifest, files: rootFiles };
  const byName = new Map(units.map((u) => [u.name, u]));
  const problems: string[] = [];

  for (const unit of [rootUnit, ...units]) {
    const needed = new Set<string>(); // by code that ships
    const neededByTests = new Set<string>();
    const imported = new Map<string, string>(); // third-party package -> the first file importing it
    const importedByCode = new Map<string, string>();
    for (const file of unit.files) {
      const forTests = unit === rootUnit || TEST_FILE.test(file) || !file.startsWith(`${unit.dir}/src/`);
      for (const spec of importSpecifiers(readFileSync(path.join(root, file), 'utf8'))) {
        if (spec.startsWith('.')) {
          const target = path.posix.normalize(path.posix.join(path.posix.dirname(file.split(path.sep).join('/')), spec));
          const owner = inWorkspace(target) ?? rootUnit;
          if (target.startsWith('..')) problems.push(`${file}: ${spec} points outside the repository`);
          else if (owner !== unit) {
            const instead = owner === rootUnit ? 'nothing of it' : `${owner.name} by name`;
            problems.push(
              `${file}: ${spec} reaches into ${owner === rootUnit ? 'the root package' : owner.dir} by relative path (use ${instead})`,
            );
          }
          continue;
        }
        const thirdParty = thirdPartyPackage(spec);
        if (thirdParty) {
          if (!imported.has(thirdParty)) imported.set(thirdParty, file);
          if (!forTests && !importedByCode.has(thirdParty)) importedByCode.set(thirdParty, file);
        }
        if (!spec.startsWith(SCOPE)) continue;
        const name = spec.split('/').slice(0, 2).join('/');
        const entry = spec === name || subpathEntries(byName.get(name)?.manifest).includes(`.${spec.slice(name.length)}`);
        if (!entry) problems.push(`${file}: deep import of ${spec} (use ${name}, exporting what is needed from its entry)`);
        if (!byName.has(name)) problems.push(`${file}: ${name} is not a workspace of this repository`);
        else if (name === unit.name) problems.push(`${file}: uses its own package ${name} by name`);
        else (forTests ? neededByTests : needed).add(name);
      }
    }
    for (const name of needed) neededByTests.delete(name);

    const manifestFile = path.posix.join(unit.dir, 'package.json');
    const declared = scopedNames(unit.manifest.dependencies);
    const declaredDev = scopedNames(unit.manifest.devDependencies);
    const compare = (field: string, want: Set<string>, have: Map<string, string>) => {
      for (const name of sorted(want)) if (!have.has(name)) problems.push(`${manifestFile}: ${field} lacks "${name}": "*"`);
      for (const name of sorted(have.keys())) {
        if (!want.has(name))
          problems.push(
            `${manifestFile}: ${field} lists "${name}", which ${field === 'devDependencies' && needed.has(name) ? 'belongs in dependencies' : 'nothing there imports'}`,
          );
        else if (have.get(name) !== '*')
          problems.push(`${manifestFile}: ${field} "${name}" should be "*" (the workspace itself), not "${have.get(name)}"`);
      }
    };
    compare('dependencies', needed, declared);
    compare('devDependencies', neededByTests, declaredDev);

    const { dependencies = {}, devDependencies = {}, optionalDependencies = {}, peerDependencies = {} } = unit.manifest;
    const shipped = { ...dependencies, ...optionalDependencies, ...peerDependencies };
    const bundled = unit !== rootUnit && unit.manifest.private !== true;
    for (const [name, file] of [...imported].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const byCode = importedByCode.get(name);
      const inDev = Object.hasOwn(devDependencies, name);
      if (Object.hasOwn(shipped, name) || ((!byCode || bundled) && inDev)) continue;
      if (byCode && inDev)
        problems.push(`${manifestFile}: devDependencies lists "${name}", which belongs in dependencies (${byCode} imports it)`);
      else problems.push(`${manifestFile}: ${byCode ? 'dependencies' : 'devDependencies'} lacks "${name}" (${byCode ?? file} imports it)`);
    }
    for (const name of sorted(Object.keys(dependencies))) {
      if (name.startsWith(SCOPE) || name.startsWith('@types/') || USED_UNSEEN.has(name) || imported.has(name)) continue;
      problems.push(`${manifestFile}: dependencies lists "${name}", which nothing there imports`);
    }
  }
  return problems;
}
