/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

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
  'company-search',
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
]);
const config: Config = {
  // Integration tests wait on retries, lock expiry and reconciliation; unit tests finish fast anyway.
  testTimeout: 60_000,
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
    },
    {
      // The dashboard in Chromium against the whole service started as `npm start` starts it.
      displayName: 'e2e',
      testEnvironment: 'node',
      transform,
      moduleNameMapper,
      testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
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
    },
  ],
};

export default config;
