import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '../..');

// The client as published (npm run client:check): built, packed, and clean under publint and Are
// the Types Wrong; its types are the API's OpenAPI document's, regenerated and compared.

const run = promisify(execFile);

// In a process of their own: the generator and the linters are ES modules that load others on demand.
const tsx = (...args: string[]) => run(process.execPath, [require.resolve('tsx/cli'), ...args], { cwd: ROOT });

it('has the types of the API’s OpenAPI document (npm run client:types writes them)', async () => {
  const check = await tsx('scripts/client-types.ts', '--check').catch((error: { stdout: string }) => error);
  expect(check.stdout.trim()).toBe('packages/client/src/api-types.ts matches the OpenAPI document');
}, 60_000);

it('builds to a package that publint and Are the Types Wrong find nothing wrong with, loadable by import and require', async () => {
  const { stdout } = await tsx('scripts/check-client-package.mts');
  const report = JSON.parse(stdout) as { files: string[]; publint: unknown[]; attw: unknown[] };
  expect({ publint: report.publint, attw: report.attw }).toEqual({ publint: [], attw: [] });
  expect(report.files).toEqual(
    expect.arrayContaining(['dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts', 'package.json']),
  );
  expect(report.files.some((file) => file.startsWith('src/'))).toBe(false);

  const dist = path.join(ROOT, 'packages/client/dist');
  const probe = "typeof m.EnrichClient + ' ' + typeof m.verifyWebhook + ' ' + typeof m.QuotaExceededError";
  const required = await run(process.execPath, ['-e', `const m = require(${JSON.stringify(`${dist}/index.cjs`)}); console.log(${probe})`]);
  const imported = await run(process.execPath, [
    '--input-type=module',
    '-e',
    `const m = await import(${JSON.stringify(`${dist}/index.js`)}); console.log(${probe})`,
  ]);
  expect([required.stdout.trim(), imported.stdout.trim()]).toEqual(['function function function', 'function function function']);
}, 180_000);
