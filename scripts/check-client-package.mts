// `npm run client:check`: the client as it would be published. Builds it, packs it with npm
// (what `files` ships), then lints the package with publint (its exports map, files, fields)
// and with Are the Types Wrong (every entry resolves to types of its own module format under
// node10, node16 CJS and ESM, and bundlers). Prints what each found; exits 1 on any problem.
// tests/integration/client-package.test.ts runs it in `npm test`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { publint } from 'publint';
import { buildClient, CLIENT_DIR } from './build-client.ts';
import { runMain } from './support/run-main.ts';

runMain(async () => {
  await buildClient();
  const out = mkdtempSync(path.join(os.tmpdir(), 'client-pack-'));
  try {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: CLIENT_DIR, encoding: 'utf8' }),
    ) as { filename: string; files: { path: string }[] }[];
    const tarball = path.join(out, packed[0]!.filename);
    const bytes = new Uint8Array(readFileSync(tarball));
    // Inside an npm tarball the package's root is `package`.
    const lint = await publint({ pkgDir: 'package', level: 'suggestion', strict: true, pack: { tarball: bytes.slice().buffer } });
    const types = await checkPackage(createPackageFromTarballData(bytes));
    const problems = 'problems' in types ? types.problems : [];
    const report = {
      files: packed[0]!.files.map((file) => file.path).sort(),
      publint: lint.messages.map((message) => ({ type: message.type, code: message.code, path: message.path.join('.') })),
      attw: problems.map((problem) => ({
        kind: problem.kind,
        ...('entrypoint' in problem ? { entrypoint: problem.entrypoint } : {}),
        ...('resolutionKind' in problem ? { resolutionKind: problem.resolutionKind } : {}),
      })),
    };
    console.log(JSON.stringify(report, null, 2));
    return report.publint.length === 0 && report.attw.length === 0 ? 0 : 1;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
