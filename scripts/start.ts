// `npm start`: prepare the database, then run the API, one scrape worker, one AI worker and one webhook
// delivery worker side by side.
// In production each app runs on its own (see README, "Running the apps separately").
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { apiEnv } from '@enrich/api';
import { ConfigError, loadConfig } from '@enrich/config';
import { ensureDatabase, migrate, type PostgresChoice } from '@enrich/db';
import { aiWorkerEnv } from '@enrich/worker-ai';
import { workerEnv } from '@enrich/worker-scrape';
import { webhookWorkerEnv } from '@enrich/worker-webhooks';
import { buildDashboardIfChanged } from './support/dashboard-build';
import { describePostgres, servicePostgres } from './support/service-postgres';
import { serviceQueues } from './support/service-queues';

const root = path.resolve(__dirname, '..');

async function prepare(): Promise<{ port: number }> {
  const api = loadConfig(apiEnv);
  // Refuse to start on a bad worker setting before anything runs.
  loadConfig(workerEnv);
  loadConfig(aiWorkerEnv);
  loadConfig(webhookWorkerEnv);
  try {
    if (await ensureDatabase(api.DATABASE_URL)) console.log(`created database ${new URL(api.DATABASE_URL).pathname.slice(1)}`);
    const applied = await migrate(api.DATABASE_URL);
    if (applied.length) console.log(`applied migrations: ${applied.join(', ')}`);
  } catch (error) {
    throw new Error(`PostgreSQL at DATABASE_URL is not usable: ${(error as Error).message}`);
  }
  return { port: api.PORT };
}

function run(name: string, entry: string): ChildProcess {
  // tsx as a loader in the app's own process, so signals reach the app directly.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], { cwd: root, stdio: 'inherit', env: process.env });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} exited (${signal ?? code}); stopping`);
    stopAll(code ?? 1);
  });
  return child;
}

let stopping = false;
let database: PostgresChoice | undefined;
const children: ChildProcess[] = [];
// The embedded PostgreSQL stops last, once the apps have finished with it.
const stopDatabase = () => (database ? database.stop().catch(() => undefined) : Promise.resolve());
function stopAll(exitCode: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => stopDatabase().then(() => process.exit(exitCode)), 10_000).unref();
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))))
    .then(stopDatabase)
    .then(() => process.exit(exitCode));
}

// The dashboard is rebuilt when its sources changed; without it the API still runs and
// /dashboard/ says what to run. Returns the banner's line about it.
async function dashboard(port: number): Promise<string> {
  try {
    const result = await buildDashboardIfChanged({ root });
    if (result.status === 'absent') return 'not in this checkout (apps/dashboard)';
    if (result.status === 'built') console.log('dashboard built');
    return `http://localhost:${port}/dashboard/`;
  } catch (error) {
    console.error(`dashboard build failed: ${(error as Error).message}`);
    return 'build failed; /dashboard/ answers 503 until `npm run build:dashboard` succeeds';
  }
}

async function main(): Promise<void> {
  // Without DATABASE_URL: the PostgreSQL at the default address, or else an embedded one that
  // runs as long as this process does. The processes started here are given what was chosen.
  database = await servicePostgres('start', (line) => console.log(line));
  const postgres = describePostgres(database);
  // Without Redis, the queues and the state the processes share live in PostgreSQL too.
  const queues = await serviceQueues();
  const { port } = await prepare();
  const dashboardNote = await dashboard(port);
  children.push(
    run('api', 'apps/api/src/main.ts'),
    run('worker-scrape', 'apps/worker-scrape/src/main.ts'),
    run('worker-ai', 'apps/worker-ai/src/main.ts'),
    run('worker-webhooks', 'apps/worker-webhooks/src/main.ts'),
  );
  const aiOn = Boolean(process.env.ANTHROPIC_API_KEY?.trim());
  console.log(
    [
      '',
      `Company enrichment API on http://localhost:${port} (worker-scrape, worker-ai and worker-webhooks running beside it)`,
      `  PostgreSQL: ${postgres}`,
      `  Queues:     ${queues.description}`,
      aiOn ? '  AI source: on (ANTHROPIC_API_KEY is set)' : '  AI source: off (set ANTHROPIC_API_KEY to turn it on)',
      '  Create an API key:  npm run admin -- create-key --team my-team',
      `  Enrich a domain:    curl -X POST http://localhost:${port}/enrich -H "Authorization: Bearer <key>" -H "Content-Type: application/json" -d '{"domain":"example.com"}'`,
      `  API description:    http://localhost:${port}/openapi.json`,
      `  Dashboard:          ${dashboardNote}`,
      '',
    ].join('\n'),
  );
  // `on`, not `once`: a Ctrl-C reaches this process twice (from the terminal, and relayed by
  // tsx), and a second signal without a handler would end it before the database is stopped.
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
}

main().catch(async (error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  await stopDatabase();
  process.exit(1);
});
