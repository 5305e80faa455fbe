/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const transform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
};

// Unit tests sit beside their code; integration tests (real Postgres, Redis and local fixture
// servers) live in tests/integration, each file with its own database and queue prefix;
// end-to-end tests (a real browser on the running service) in tests/e2e.
const config: Config = {
  // Integration tests wait on retries, lock expiry and reconciliation; unit tests finish fast anyway.
  testTimeout: 60_000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/packages/*/src/**/*.test.ts', '<rootDir>/apps/*/src/**/*.test.ts'],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
    },
    {
      // The dashboard in Chromium against the whole service started as `npm start` starts it.
      displayName: 'e2e',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
    },
  ],
};

export default config;
