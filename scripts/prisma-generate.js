#!/usr/bin/env node
// `prisma generate` only needs WebAssembly, but the CLI first tries to download a native schema
// engine, which fails offline (and in air-gapped builds). Pointing PRISMA_SCHEMA_ENGINE_BINARY at
// any existing file skips that download. Everyone runs generate through this script.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;

const result = spawnSync(process.execPath, [require.resolve('prisma/build/index.js', { paths: [root] }), 'generate'], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (result.status !== 0) {
  process.stdout.write(result.stdout ?? '');
  process.exit(result.status ?? 1);
}
console.log('prisma client generated in packages/db/src/generated');
