import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './repo-files';
import { importSpecifiers, workspaceDependencyProblems } from './workspace-deps';

// Each workspace says which of the others and which third-party packages it uses, and uses the
// others only through their entries: so a package can be moved, split or built on its own, and
// `npm ls` tells the truth.

// The made-up sources below are written with their keywords in capitals and turned into code
// here, so that the scan of the real checkout (which reads this file too) sees no imports in them.
const code = (text: string) => text.replace(/\b(FROM|IMPORT|REQUIRE|MOCK)\b/g, (word) => word.toLowerCase());

describe('the workspaces of this repository', () => {
  it('declare exactly the @enrich/* packages and every third-party package they import, import none by a deep path, and reach into none by a relative one', () => {
    expect(workspaceDependencyProblems(repoRoot)).toEqual([]);
  });
});

describe('importSpecifiers', () => {
  it('reads every form of import in a source file', () => {
    const source = [
      "import { a } FROM '@enrich/a';",
      "import type { B } FROM '@enrich/b';",
      "export { c } FROM './c';",
      "IMPORT '@enrich/side-effect';",
      "const d = REQUIRE('@enrich/d');",
      "const e = await IMPORT('@enrich/e');",
      "jest.MOCK('@enrich/f');",
      'import {\n  g,\n  h,\n} FROM "@enrich/g";',
      "const i = REQUIRE.resolve('@enrich/i/package.json');",
    ].join('\n');
    expect(importSpecifiers(code(source)).sort()).toEqual(
      [
        '@enrich/a',
        '@enrich/b',
        './c',
        '@enrich/side-effect',
        '@enrich/d',
        '@enrich/e',
        '@enrich/f',
        '@enrich/g',
        '@enrich/i/package.json',
      ].sort(),
    );
  });
});

describe('workspaceDependencyProblems on a made-up checkout', () => {
  let root: string;
  const write = (file: string, content: unknown) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), typeof content === 'string' ? code(content) : JSON.stringify(content));
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'workspace-deps-'));
    write('package.json', { name: 'root', workspaces: ['packages/*', 'apps/*'], devDependencies: { '@enrich/a': '*' } });
    write('packages/a/package.json', { name: '@enrich/a' });
    write('packages/a/src/index.ts', 'export const a = 1;\n');
    write('packages/b/package.json', { name: '@enrich/b', dependencies: { '@enrich/a': '*' } });
    write('packages/b/src/index.ts', "import { a } FROM '@enrich/a';\nexport const b = a;\n");
    write('apps/app/package.json', { name: '@enrich/app', dependencies: { '@enrich/b': '*' }, devDependencies: { '@enrich/a': '*' } });
    write('apps/app/src/main.ts', "import { b } FROM '@enrich/b';\nimport { local } FROM './local';\nconsole.log(b, local);\n");
    write('apps/app/src/local.ts', 'export const local = 1;\n');
    write('apps/app/src/main.test.ts', "import { a } FROM '@enrich/a';\nimport { b } FROM '@enrich/b';\n");
    write('scripts/run.ts', "import { a } FROM '@enrich/a';\n");
    write('packages/a/node_modules/x/index.ts', "IMPORT '@enrich/nowhere';\n");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('finds nothing wrong where every rule is kept', () => {
    expect(workspaceDependencyProblems(root)).toEqual([]);
  });

  it('reports an import its package.json does not declare, and a declaration nothing imports', () => {
    write('packages/a/src/extra.ts', "export { app } FROM '@enrich/app';\n");
    write('packages/b/package.json', { name: '@enrich/b', dependencies: { '@enrich/a': '*', '@enrich/app': '*' } });
    write('scripts/run.ts', "import { b } FROM '@enrich/b';\n");
    expect(workspaceDependencyProblems(root)).toEqual([
      'package.json: devDependencies lacks "@enrich/b": "*"',
      'package.json: devDependencies lists "@enrich/a", which nothing there imports',
      'packages/a/package.json: dependencies lacks "@enrich/app": "*"',
      'packages/b/package.json: dependencies lists "@enrich/app", which nothing there imports',
    ]);
  });

  it('wants a package that only tests import in devDependencies, and code’s in dependencies, each as "*"', () => {
    write('apps/app/package.json', { name: '@enrich/app', dependencies: { '@enrich/a': '*' }, devDependencies: { '@enrich/b': '^1.0.0' } });
    expect(workspaceDependencyProblems(root)).toEqual([
      'apps/app/package.json: dependencies lacks "@enrich/b": "*"',
      'apps/app/package.json: dependencies lists "@enrich/a", which nothing there imports',
      'apps/app/package.json: devDependencies lacks "@enrich/a": "*"',
      'apps/app/package.json: devDependencies lists "@enrich/b", which belongs in dependencies',
    ]);
  });

  it('reports deep imports, unknown packages, and relative paths into another workspace', () => {
    // A subpath the package declares in its exports map is an entry of it: './small' is, './src/index' is not.
    write('packages/a/package.json', { name: '@enrich/a', exports: { '.': './src/index.ts', './small': './src/small.ts' } });
    write('packages/b/src/small-user.ts', "import { s } FROM '@enrich/a/small';\n");
    write('scripts/run.ts', "import { a } FROM '@enrich/a/src/index';\nimport { z } FROM '@enrich/zzz';\n");
    write('tests/helper.ts', "import { local } FROM '../apps/app/src/local';\nimport { run } FROM '../scripts/run';\n");
    write('packages/b/src/peek.ts', "import { local } FROM '../../../apps/app/src/local';\nimport { run } FROM '../../../scripts/run';\n");
    expect(workspaceDependencyProblems(root)).toEqual([
      'scripts/run.ts: deep import of @enrich/a/src/index (use @enrich/a, exporting what is needed from its entry)',
      'scripts/run.ts: @enrich/zzz is not a workspace of this repository',
      'tests/helper.ts: ../apps/app/src/local reaches into apps/app by relative path (use @enrich/app by name)',
      'packages/b/src/peek.ts: ../../../apps/app/src/local reaches into apps/app by relative path (use @enrich/app by name)',
      'packages/b/src/peek.ts: ../../../scripts/run reaches into the root package by relative path (use nothing of it)',
    ]);
  });

  describe('third-party packages', () => {
    beforeEach(() => {
      write('packages/a/package.json', { name: '@enrich/a', private: true, dependencies: { zod: '^4.0.0' } });
      write('packages/a/src/index.ts', "import { z } FROM 'zod';\nexport const a = z.string();\n");
    });

    it('finds nothing wrong where each is declared', () => {
      expect(workspaceDependencyProblems(root)).toEqual([]);
    });

    it('reports one its code imports but its package.json does not declare, and one declared that nothing imports', () => {
      write('packages/b/src/queue.ts', "import type { Queue } FROM 'bullmq';\n");
      write('packages/b/package.json', { name: '@enrich/b', private: true, dependencies: { '@enrich/a': '*', pino: '^10.0.0' } });
      write('scripts/run.ts', "import { a } FROM '@enrich/a';\nimport pg FROM 'pg';\n");
      expect(workspaceDependencyProblems(root)).toEqual([
        'package.json: devDependencies lacks "pg" (scripts/run.ts imports it)',
        'packages/b/package.json: dependencies lacks "bullmq" (packages/b/src/queue.ts imports it)',
        'packages/b/package.json: dependencies lists "pino", which nothing there imports',
      ]);
    });

    it('lets one only tests (or tooling beside src/) import be a devDependency, but not one its code imports', () => {
      write('packages/b/src/index.test.ts', "import request FROM 'supertest';\n");
      write('packages/b/vite.config.ts', "import { defineConfig } FROM 'vite';\n");
      write('packages/b/src/index.ts', "import { a } FROM '@enrich/a';\nimport express FROM 'express';\n");
      write('packages/b/package.json', {
        name: '@enrich/b',
        private: true,
        dependencies: { '@enrich/a': '*' },
        devDependencies: { express: '^5.0.0', supertest: '^7.0.0', vite: '^8.0.0' },
      });
      expect(workspaceDependencyProblems(root)).toEqual([
        'packages/b/package.json: devDependencies lists "express", which belongs in dependencies (packages/b/src/index.ts imports it)',
      ]);
    });

    it('lets a published workspace, a bundle of its code, keep what its code imports in devDependencies', () => {
      write('packages/b/src/csv.ts', "import { parse } FROM 'csv-parse';\n");
      write('packages/b/package.json', {
        name: '@enrich/b',
        dependencies: { '@enrich/a': '*' },
        devDependencies: { 'csv-parse': '^7.0.0' },
      });
      expect(workspaceDependencyProblems(root)).toEqual([]);
    });

    it('never reports a Node built-in, and counts a subpath as its package', () => {
      write(
        'packages/a/src/extra.ts',
        [
          "import { readFileSync } FROM 'node:fs';",
          "import path FROM 'path';",
          "import { setTimeout } FROM 'timers/promises';",
          "import { parse } FROM 'zod/v4';",
          "import type { Job } FROM 'bullmq/dist/esm/classes/job';",
          "import { trace } FROM '@opentelemetry/api/build/src/index';",
        ].join('\n'),
      );
      expect(workspaceDependencyProblems(root)).toEqual([
        'packages/a/package.json: dependencies lacks "@opentelemetry/api" (packages/a/src/extra.ts imports it)',
        'packages/a/package.json: dependencies lacks "bullmq" (packages/a/src/extra.ts imports it)',
      ]);
    });
  });
});
