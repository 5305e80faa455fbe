#!/usr/bin/env node
// The npm registry reachable from our build machines serves only Linux builds of native
// packages, so `npm install` leaves the other platforms' optional packages (@swc/core-darwin-*,
// @msgpackr-extract/*-win32-*, ...) out of package-lock.json, and `npm ci` then refuses the
// lock as out of sync. This adds the missing entries, with the os/cpu read from the package
// name, so that `npm ci` accepts the lock everywhere and skips them on other platforms.
// Run after any `npm install` that changes the lock: `npm run lock:complete`.
const fs = require('node:fs');
const path = require('node:path');

const lockPath = path.resolve(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os || !cpu) return undefined;
  const entry = { os: [os], cpu: [cpu] };
  if (os === 'linux') entry.libc = [parts.includes('musl') || parts.includes('musleabihf') ? 'musl' : 'glibc'];
  return entry;
}

function resolvedLocation(parentKey, name) {
  // Node resolution: nearest node_modules up the parent's path.
  let base = parentKey;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const index = base.lastIndexOf('/node_modules/');
    base = index === -1 ? '' : base.slice(0, index);
  }
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolvedLocation(key, name)) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue; // only exact versions can be recorded
    const tarball = `${name.split('/').pop()}-${spec}.tgz`;
    packages[`node_modules/${name}`] = {
      version: spec,
      resolved: `https://registry.npmjs.org/${name}/-/${tarball}`,
      ...platform,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform entries`);
