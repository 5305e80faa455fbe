import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropDatabase, ensureDatabase, expandVariants, migrate } from '@enrich/db';

// The hand-written statements live in `.sql` files beside the read modules that run them;
// pgtyped reads each statement's parameter and row types from a real PostgreSQL (a scratch
// database migrated by the project's migrator) and writes them to `<name>.queries.ts` beside it,
// from a copy of each file with its variants written out (expandVariants).

export const ROOT = path.resolve(__dirname, '../..');
const SOURCE_DIRS = ['apps', 'packages'];
const SERVER = process.env.TEST_DATABASE_SERVER ?? 'postgresql://postgres@127.0.0.1:5432';

/** The statement files, relative to the repository root. */
export function sqlFiles(): string[] {
  return SOURCE_DIRS.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.sql') && !file.includes('node_modules') && file.includes(`${path.sep}src${path.sep}`))
      .map((file) => path.join(dir, file)),
  ).sort();
}

export const queriesFileOf = (sqlFile: string): string => sqlFile.replace(/\.sql$/, '.queries.ts');

// The variants of a statement (`-- @variant`) are written out by expandVariants (@enrich/db).
export { expandVariants };

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pgtyped exited with ${code}:\n${output}`))));
  });
}

const DB_SRC = 'packages/db/src';

/**
 * The generated file with its statements built by @enrich/db's PreparedQuery (typed-statement.ts:
 * the statement's text made once) instead of pgtyped's runtime one; relative inside packages/db.
 */
function ownRuntime(sqlFile: string, text: string): string {
  const from = path.posix.dirname(sqlFile.split(path.sep).join('/'));
  const target = from.startsWith(DB_SRC)
    ? `./${path.posix.relative(from, `${DB_SRC}/typed-statement`)}`.replace(/^\.\/\.\./, '..')
    : '@enrich/db';
  const runtimeImport = "import { PreparedQuery } from '@pgtyped/runtime';";
  if (!text.includes(runtimeImport)) throw new Error(`pgtyped's output for ${sqlFile} no longer imports PreparedQuery as expected`);
  return text.replace(runtimeImport, `import { PreparedQuery } from '${target}';`);
}

/** Every statement file's generated types, keyed by the `.queries.ts` path relative to the root. */
export async function generateDbTypes(): Promise<Map<string, string>> {
  const name = `enrich_types_${process.pid}_${randomBytes(4).toString('hex')}`;
  const url = new URL(`${SERVER}/${name}`);
  const work = mkdtempSync(path.join(tmpdir(), 'db-types-'));
  await ensureDatabase(url.toString());
  try {
    await migrate(url.toString());
    const files = sqlFiles();
    for (const file of files) {
      mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      writeFileSync(path.join(work, file), expandVariants(readFileSync(path.join(ROOT, file), 'utf8')));
    }
    const config = {
      transforms: [{ mode: 'sql', include: '**/*.sql', emitTemplate: '{{dir}}/{{name}}.queries.ts' }],
      srcDir: '.',
      failOnError: true,
      db: {
        host: url.hostname,
        port: Number(url.port || 5432),
        user: decodeURIComponent(url.username || 'postgres'),
        password: decodeURIComponent(url.password) || undefined,
        dbName: name,
      },
    };
    writeFileSync(path.join(work, 'pgtyped.json'), JSON.stringify(config));
    // Run from the copy, so that the paths written in the files are the repository's own.
    await run(process.execPath, [path.join(ROOT, 'node_modules/@pgtyped/cli/lib/index.js'), '-c', 'pgtyped.json'], work);
    return new Map(
      files.map((file) => [queriesFileOf(file), ownRuntime(file, readFileSync(path.join(work, queriesFileOf(file)), 'utf8'))]),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
    await dropDatabase(url.toString());
  }
}
