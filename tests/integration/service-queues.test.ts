import { freePort } from '@enrich/testkit';
import { serviceQueues } from '../../scripts/support/service-queues';
import { REDIS_URL } from '../support/test-stack';

// Where `npm start` keeps the queues: Redis when REDIS_URL is given (it must answer) or one
// answers at the default address, else PostgreSQL (tests/e2e/no-postgres-start.test.ts, where
// nothing answers); QUEUE_STORE=postgres chooses it outright.
const saved = { REDIS_URL: process.env.REDIS_URL, QUEUE_STORE: process.env.QUEUE_STORE };
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const withEnv = (env: { REDIS_URL?: string; QUEUE_STORE?: string }) => {
  delete process.env.REDIS_URL;
  delete process.env.QUEUE_STORE;
  Object.assign(process.env, env);
};

it('takes a configured Redis that answers, and tells the processes started next', async () => {
  withEnv({ REDIS_URL });
  const choice = await serviceQueues();
  expect(choice).toEqual({ kind: 'redis', description: `Redis at ${new URL(REDIS_URL).host} (REDIS_URL)` });
  expect(process.env.QUEUE_STORE).toBe('redis');
});

it('refuses a configured Redis that does not answer, rather than fall back to PostgreSQL', async () => {
  withEnv({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
  await expect(serviceQueues()).rejects.toThrow(/is not reachable \(REDIS_URL or QUEUE_STORE=redis is set\)/);
});

it('keeps the queues in PostgreSQL when asked to, whatever Redis answers', async () => {
  withEnv({ REDIS_URL, QUEUE_STORE: 'postgres' });
  expect(await serviceQueues()).toEqual({ kind: 'postgres', description: 'PostgreSQL (QUEUE_STORE=postgres)' });
});
