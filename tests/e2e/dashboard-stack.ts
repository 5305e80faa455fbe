import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FixtureSites, freePort, runCommand, spawnService, stopApps } from '@enrich/testkit';
import { waitForApi } from '../../scripts/support/enrich-client';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { QUEUE_STORE, REDIS_URL, removeQueueKeys, TEST_WORKER_ENV } from '../support/test-stack';

// The service as `npm start` runs it: the dashboard built into apps/dashboard/dist, then the
// API (serving it at /dashboard/) and the workers as their own processes, on a database and a
// queue prefix of this run, with the fixture websites and a webhook receiver mapped in.

const READY_TIMEOUT_MS = 60_000;
export const LOG_FILE = path.join(os.tmpdir(), 'company-enrichment-e2e-dashboard.log');

export interface DashboardStack {
  baseUrl: string;
  database: TestDatabase;
  stop(): Promise<void>;
}

export async function buildDashboard(): Promise<void> {
  // A production build, as `npm start` makes it: Jest's NODE_ENV=test would give React's development build.
  const build = await runCommand('npm', ['run', '-s', 'build:dashboard'], {
    env: { ...process.env, NODE_ENV: 'production' },
    timeoutMs: 180_000,
  });
  if (build.code !== 0) throw new Error(`npm run build:dashboard failed:\n${build.stdout}\n${build.stderr}`);
}

/** `webhookHostMap`: WEBHOOK_HOST_MAP, names of local webhook receivers. */
export async function startDashboardStack(sites: FixtureSites, webhookHostMap = ''): Promise<DashboardStack> {
  const database = await createTestDatabase('e2e_dashboard');
  const queuePrefix = `t-e2e-dash-${randomBytes(3).toString('hex')}`;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...TEST_WORKER_ENV,
    // The apps announce readiness in their logs.
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    REDIS_URL,
    QUEUE_STORE,
    QUEUE_PREFIX: queuePrefix,
    PORT: String(port),
    HOST: '127.0.0.1',
    SCRAPER_HOST_MAP: sites.hostMap(),
    WEBHOOK_HOST_MAP: webhookHostMap,
    SIGNUP_MODE: 'open',
    // The main fixture site answers slowly on purpose (to be seen processing); well within this.
    SCRAPER_TIMEOUT_MS: '8000',
  };
  const log = createWriteStream(LOG_FILE);
  const service = spawnService(env, log, READY_TIMEOUT_MS);
  const apps = service.all;
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopApps(apps);
    await new Promise((resolve) => log.end(resolve));
    // PostgreSQL mode: the queues' schema goes with the test's database.
    if (QUEUE_STORE === 'redis') await removeQueueKeys(REDIS_URL, queuePrefix);
    await database.drop();
  };
  try {
    await service.ready;
    await waitForApi(baseUrl, READY_TIMEOUT_MS);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, database, stop };
}
