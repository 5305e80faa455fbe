/** @jest-config-loader esbuild-register */
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import type { Config } from 'jest';
import { Client } from 'pg';

const transform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
};
// The client package's exports point at its build (dist), which a checkout does not hold: the
// repository's own code and tests read its source, as tsconfig.json's paths say.
const moduleNameMapper: Config['moduleNameMapper'] = { '^@enrich/client$': '<rootDir>/packages/client/src/index.ts' };

// Unit tests sit beside their code; integration tests (real Postgres, Redis and local fixture
// servers) live in tests/integration, each file with its own database and queue prefix;
// end-to-end tests (a real browser on the running service) in tests/e2e. The integration suite
// runs twice: with the queues in Redis, and with them in PostgreSQL (QUEUE_STORE=postgres).

const testFiles = (names: string[]) => names.map((name) => `/tests/integration/${name}\\.test\\.ts$`);
// Files about Redis itself (a cluster, its data lost, its outages): nothing of them applies
// when the queues live in PostgreSQL.
const REDIS_ONLY = testFiles(['redis-cluster', 'redis-loss', 'dependency-outage']);
// Files that run their tests on both stores themselves, or whose subject is not the store (the
// quality of extracted data, npm start's choice of store, SQL called directly, the schema and
// its migrator, the CLIs, input validation, the crawler and the browser), need no second run.
const BOTH_STORES = testFiles([
  'event-bus',
  'window-counters',
  'lease',
  'quality-corpus',
  'service-queues',
  'client-package',
  'client',
  'idempotency',
  'admin-cli',
  'admission-statement',
  'bad-input',
  'cli-csv',
  'cli-monitors',
  'company-search',
  'search-cursor',
  'crawl',
  'dashboard-app',
  'db-schema',
  'db-types',
  'docker-image',
  'fuzz',
  'memory-trend',
  'migrator',
  'render',
  'sql-transaction',
  'token-bucket',
]);
// Files that talk to Redis themselves (its keys, its channels, the shared state on both stores,
// `npm run demo` with REDIS_URL): on a machine without Redis they cannot run at all.
const NEEDS_REDIS = [
  ...REDIS_ONLY,
  ...testFiles([
    'bulk',
    'demo',
    'event-bus',
    'event-streams',
    'service-queues',
    'rate-limits',
    'counter-reads',
    'lease',
    'linkedin-source',
    'token-bucket',
    'window-counters',
  ]),
];

// Files that drive Chromium (renders of JavaScript-only pages; the e2e projects are all browser).
const NEEDS_BROWSER = testFiles(['pipeline-depth', 'worker-metrics', 'render']);

/** Whether something accepts a TCP connection at the URL's host and port within a second. */
function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Two test files at a time on these 2-CPU machines: most of an integration file's time is spent
 * waiting on its services, not computing. The busiest file holds about 100 PostgreSQL
 * connections, so a server that allows fewer than 250 (PostgreSQL's default is 100; `.ci/run`
 * raises it to 300, the embedded server allows 200) gets one file at a time. JEST_WORKERS
 * overrides the choice.
 */
async function workerCount(): Promise<number> {
  if (process.env.JEST_WORKERS) return Number(process.env.JEST_WORKERS);
  const server = process.env.TEST_DATABASE_SERVER ?? 'postgresql://postgres@127.0.0.1:5432';
  const client = new Client({ connectionString: `${server}/postgres`, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ max_connections: string }>('SHOW max_connections');
    return Number(rows[0]?.max_connections) < 250 ? 1 : 2;
  } catch {
    return 2; // nothing answers: the tests will run on the embedded server
  } finally {
    await client.end().catch(() => undefined);
  }
}

const config: Config = {
  // Integration tests wait on retries, lock expiry and reconciliation; unit tests finish fast anyway.
  testTimeout: 60_000,
  // Files run in worker processes that are replaced once they hold more than this after a file:
  // modules a file loads (Prisma's client, the apps) are not all freed between files, and in one
  // long-lived process they outgrew Node's default heap. Jest's own process keeps the results only.
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      moduleNameMapper,
      testMatch: ['<rootDir>/packages/*/src/**/*.test.ts', '<rootDir>/apps/*/src/**/*.test.ts'],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      moduleNameMapper,
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
    },
    {
      displayName: 'integration (queues in PostgreSQL)',
      testEnvironment: 'node',
      transform,
      moduleNameMapper,
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...REDIS_ONLY, ...BOTH_STORES],
      setupFiles: ['<rootDir>/tests/support/queue-store-postgres.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
    },
    {
      // The dashboard in Chromium against the whole service started as `npm start` starts it.
      displayName: 'e2e',
      testEnvironment: 'node',
      transform,
      moduleNameMapper,
      testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
    },
    {
      // The same journeys on a service whose queues live in PostgreSQL (`npm start` with nothing
      // but Node.js, tests/e2e/no-postgres-start.test.ts, runs so already).
      displayName: 'e2e (queues in PostgreSQL)',
      testEnvironment: 'node',
      transform,
      moduleNameMapper,
      testMatch: ['<rootDir>/tests/e2e/dashboard.test.ts'],
      setupFiles: ['<rootDir>/tests/support/queue-store-postgres.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
    },
  ],
};

type Project = Exclude<NonNullable<Config['projects']>[number], string>;
const names = (patterns: string[]) => patterns.map((pattern) => /\/([^/\\]+)\\\.test/.exec(pattern)?.[1]).join(', ');

/**
 * With Redis and Chromium (CI, and every machine `.ci/run` prepared): the projects above. On a
 * machine with only Node.js: without Redis, the integration suite and the dashboard run once,
 * with the queues in PostgreSQL, and the files in NEEDS_REDIS do not run; without Chromium, the
 * files in NEEDS_BROWSER do not run. The global teardown names them after the summary. With
 * CI=true a missing service is an error: CI skips nothing.
 */
export default async function jestConfig(): Promise<Config> {
  const maxWorkers = await workerCount();
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const hasRedis = await answers(redisUrl);
  const hasBrowser = existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
  if (hasRedis && hasBrowser) return { ...config, maxWorkers };
  const missing = [!hasRedis && `Redis at ${new URL(redisUrl).host}`, !hasBrowser && 'Chromium (/usr/bin/chromium or CHROMIUM_PATH)'];
  if (process.env.CI === 'true') throw new Error(`missing ${missing.filter(Boolean).join(' and ')}: with CI=true every suite runs`);
  const lines: string[] = [];
  if (!hasRedis)
    lines.push(
      `Not run, because no Redis answers at ${new URL(redisUrl).host} (they test Redis itself or read its keys): ${names(NEEDS_REDIS)}; the rest ran with the queues in PostgreSQL.`,
    );
  if (!hasBrowser)
    lines.push(`Not run, because no Chromium was found (/usr/bin/chromium or CHROMIUM_PATH): ${names(NEEDS_BROWSER)} and the e2e tests.`);
  process.env.TEST_SKIPPED_SUITES = lines.join('\n');
  const ignored = [...(hasRedis ? [] : NEEDS_REDIS), ...(hasBrowser ? [] : NEEDS_BROWSER)];
  const projects = (config.projects as Project[]).flatMap((project): Project[] => {
    const name = String(project.displayName);
    if (name.startsWith('e2e') && !hasBrowser) return [];
    if (hasRedis) {
      if (name.startsWith('integration'))
        return [
          {
            ...project,
            testPathIgnorePatterns: [...((project.testPathIgnorePatterns as string[] | undefined) ?? ['/node_modules/']), ...ignored],
          },
        ];
      return [project];
    }
    // Without Redis the Redis-store projects go; the integration files run once, in PostgreSQL,
    // and so do the e2e files (the dashboard's journeys already in a project of their own).
    if (name === 'integration' || name === 'e2e (queues in PostgreSQL)') return [];
    if (name === 'integration (queues in PostgreSQL)') return [{ ...project, testPathIgnorePatterns: ['/node_modules/', ...ignored] }];
    if (name === 'e2e') return [{ ...project, setupFiles: ['<rootDir>/tests/support/queue-store-postgres.ts'] }];
    return [project];
  });
  return { ...config, maxWorkers, projects };
}
