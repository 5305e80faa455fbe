import { randomBytes } from 'node:crypto';
import { connect, createServer, type Socket } from 'node:net';
import { apiEnv, createApp, createAppContext } from '@enrich/api';
import { issueApiKey } from '@enrich/api-keys';
import { loadConfig } from '@enrich/config';
import { createPrismaClient, type Db } from '@enrich/db';
import { createLogger } from '@enrich/logger';
import { createRedisConnection, RedisQueueStore } from '@enrich/queue';
import { freePort, sleep } from '@enrich/testkit';
import type { Express } from 'express';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { startPrivateRedis } from '../support/private-redis';
import { createTestDatabase, TEST_DATABASE_SERVER, type TestDatabase } from '../support/test-database';
import { REDIS_URL, removeQueueKeys } from '../support/test-stack';

// When Postgres or Redis cannot be reached, the API answers 503 SERVICE_UNAVAILABLE in the
// one error shape, quickly, never with a stack trace and never by hanging; the process keeps
// serving everything that does not need the missing service.

const SERVER = TEST_DATABASE_SERVER;
// A 503 must come within a few seconds; a hang is cut off here and reported as such.
const ANSWER_WITHIN_MS = 5_000;
const HANG_LIMIT_MS = 10_000;
// Shape-valid key (`ce_live_` + 32 base58 characters) that no database knows.
const SHAPED_KEY = `ce_live_${'A1b2C3d4E5f6G7h8J9k1L2m3N4p5Q6r7'}`;

// A port that nothing listens on.
const closedPort = freePort;

// A TCP proxy in front of Postgres that the test can cut, as a network partition or a
// database restart would: open connections die and new ones are refused.
async function startTcpProxy(target: { host: string; port: number }): Promise<{ port: number; cut(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

// ioredis destroys a closing socket after its disconnectTimeout (2 s) with a timer of its own;
// waiting it out at the end keeps Jest from reporting it as an open handle.
let lastDisconnectAt = 0;
afterAll(async () => {
  const wait = lastDisconnectAt + 2_100 - Date.now();
  if (wait > 0) await sleep(wait);
});

interface Assembled {
  app: Express;
  redis: Redis;
  queuePrefix: string;
  close(): Promise<void>;
}

// Assembled as apps/api/src/main.ts does it in Redis mode (the Redis outages below are this mode's).
function assemble(db: Db, databaseUrl: string, redisUrl: string): Assembled {
  const queuePrefix = `t-outage-${randomBytes(3).toString('hex')}`;
  const config = loadConfig(apiEnv, {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: queuePrefix,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  const logger = createLogger(config.LOG_LEVEL);
  const redis = createRedisConnection(redisUrl, 'producer');
  const queues = new RedisQueueStore(redis, queuePrefix);
  const app = createApp(createAppContext({ config, db, queues, logger }));
  return {
    app,
    redis,
    queuePrefix,
    async close() {
      lastDisconnectAt = Date.now();
      // The store's close may wait on a connection that never comes; do not let it hold afterAll.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        queues.close().catch(() => undefined),
        new Promise((r) => {
          timer = setTimeout(r, 2_000);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}

interface Timed {
  res: request.Response;
  ms: number;
}

// Sends the request and measures how long the answer took; a hang fails with a clear message.
async function timed(req: request.Test): Promise<Timed> {
  const started = Date.now();
  const res = await req
    .timeout({ response: HANG_LIMIT_MS, deadline: HANG_LIMIT_MS })
    .catch((error: { timeout?: number; message?: string }) => {
      if (error.timeout) throw new Error(`no answer within ${HANG_LIMIT_MS} ms (the request hung)`);
      throw error;
    });
  return { res, ms: Date.now() - started };
}

function expect503({ res, ms }: Timed, requestId: string, { internalDetailsAllowed = false } = {}): void {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
  expect(res.body.error.requestId).toBe(requestId);
  expect(res.headers['x-request-id']).toBe(requestId);
  expect(typeof res.body.error.message).toBe('string');
  const text = JSON.stringify(res.body);
  expect(text).not.toMatch(/\bat .+:\d+:\d+/); // no stack trace
  if (!internalDetailsAllowed) expect(text).not.toMatch(/node_modules|\.ts:\d+|ECONNREFUSED|127\.0\.0\.1/); // nothing internal leaks
}

async function expectStillServing(app: Express): Promise<void> {
  const unknown = await timed(request(app).get('/no/such/route').set('X-Request-Id', 'after-outage-404'));
  expect({ status: unknown.res.status, code: unknown.res.body?.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
  expect(unknown.res.body.error.requestId).toBe('after-outage-404');
  expect(unknown.ms).toBeLessThan(ANSWER_WITHIN_MS);
  const health = await timed(request(app).get('/healthz'));
  expect({ status: health.res.status, body: health.res.body }).toEqual({ status: 200, body: { status: 'ok' } });
}

describe('Postgres unreachable', () => {
  let db: Db;
  let api: Assembled;

  beforeAll(async () => {
    const databaseUrl = `postgresql://postgres@127.0.0.1:${await closedPort()}/enrich_test_outage_nowhere`;
    db = createPrismaClient(databaseUrl, { maxConnections: 2 });
    api = assemble(db, databaseUrl, REDIS_URL);
  });
  afterAll(async () => {
    await api?.close();
    await db?.$disconnect().catch(() => undefined);
    if (api) await removeQueueKeys(REDIS_URL, api.queuePrefix);
  });

  it('POST /enrich with a well-formed key answers 503 SERVICE_UNAVAILABLE with the request id, quickly', async () => {
    const answer = await timed(
      request(api.app)
        .post('/enrich')
        .set('Authorization', `Bearer ${SHAPED_KEY}`)
        .set('X-Request-Id', 'pg-down-post')
        .send({ domain: 'acme.com' }),
    );
    expect503(answer, 'pg-down-post');
    expect(answer.res.headers['retry-after']).toBeDefined();
  });

  it('GET /api/enrich/<id> answers 503 as well', async () => {
    const answer = await timed(
      request(api.app)
        .get('/api/enrich/8b3f3c1e-2f0a-4c1a-9a43-0d5b8c1e2f3a')
        .set('Authorization', `Bearer ${SHAPED_KEY}`)
        .set('X-Request-Id', 'pg-down-get'),
    );
    expect503(answer, 'pg-down-get');
  });

  it('GET /readyz answers 503 naming postgres as not ok (redis ok)', async () => {
    const answer = await timed(request(api.app).get('/readyz').set('X-Request-Id', 'pg-down-ready'));
    // details.checks says which service failed ('unreachable' / 'timed out'), never its address.
    expect503(answer, 'pg-down-ready', { internalDetailsAllowed: true });
    const checks = answer.res.body.error.details?.checks;
    expect(checks).toBeDefined();
    expect(checks.postgres).not.toBe('ok');
    expect(checks.redis).toBe('ok');
  });

  it('GET /healthz still answers 200, and other routes still answer (404 NOT_FOUND)', async () => {
    await expectStillServing(api.app);
  });

  it('keeps answering 503 (not hanging) under several concurrent requests', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        timed(
          request(api.app)
            .post('/enrich')
            .set('Authorization', `Bearer ${SHAPED_KEY}`)
            .set('X-Request-Id', `pg-down-${i}`)
            .send({ domain: 'acme.com' }),
        ),
      ),
    );
    for (const [i, answer] of answers.entries()) expect503(answer, `pg-down-${i}`);
    await expectStillServing(api.app);
  });
});

describe('Postgres up, but the configured database does not exist', () => {
  let db: Db;
  let api: Assembled;

  beforeAll(() => {
    const databaseUrl = `${SERVER}/enrich_test_${process.pid}_outage_missing_${randomBytes(4).toString('hex')}`;
    db = createPrismaClient(databaseUrl, { maxConnections: 2 });
    api = assemble(db, databaseUrl, REDIS_URL);
  });
  afterAll(async () => {
    await api?.close();
    await db?.$disconnect().catch(() => undefined);
    if (api) await removeQueueKeys(REDIS_URL, api.queuePrefix);
  });

  it('POST /enrich answers 503 SERVICE_UNAVAILABLE (not 500), and /readyz 503 naming postgres', async () => {
    expect503(
      await timed(
        request(api.app)
          .post('/enrich')
          .set('Authorization', `Bearer ${SHAPED_KEY}`)
          .set('X-Request-Id', 'db-missing-post')
          .send({ domain: 'acme.com' }),
      ),
      'db-missing-post',
    );
    const ready = await timed(request(api.app).get('/readyz').set('X-Request-Id', 'db-missing-ready'));
    expect503(ready, 'db-missing-ready', { internalDetailsAllowed: true });
    expect(ready.res.body.error.details.checks.postgres).not.toBe('ok');
    await expectStillServing(api.app);
  });
});

describe('Redis unreachable, Postgres fine', () => {
  let database: TestDatabase;
  let api: Assembled;
  let key: string;
  let teamId: string;

  beforeAll(async () => {
    database = await createTestDatabase('outage');
    const issued = await issueApiKey(database.db, `outage-${randomBytes(3).toString('hex')}`, 'growth');
    key = issued.key;
    teamId = issued.teamId;
    api = assemble(database.db, database.url, `redis://127.0.0.1:${await closedPort()}`);
  });
  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  it('POST /enrich answers 503 SERVICE_UNAVAILABLE quickly and leaves no job row behind', async () => {
    const answer = await timed(
      request(api.app)
        .post('/enrich')
        .set('Authorization', `Bearer ${key}`)
        .set('X-Request-Id', 'redis-down-post')
        .send({ domain: 'acme.com' }),
    ).catch((error: Error) => error);
    // Accepted means recorded and queued; a refused job is not recorded either. Both facts are
    // reported together so that a hang also shows whether it left a job row behind.
    const jobRows = await database.db.enrichmentJob.count({ where: { teamId } });
    const outcome = answer instanceof Error ? answer.message : { status: answer.res.status, code: answer.res.body?.error?.code };
    expect({ outcome, jobRows }).toEqual({ outcome: { status: 503, code: 'SERVICE_UNAVAILABLE' }, jobRows: 0 });
    expect503(answer as Timed, 'redis-down-post');
  });

  it('a job row is not left behind by concurrent refused submissions either', async () => {
    const answers = await Promise.all(
      ['a.com', 'b.com', 'c.com', 'd.com'].map((domain, i) =>
        timed(
          request(api.app)
            .post('/api/enrich')
            .set('Authorization', `Bearer ${key}`)
            .set('X-Request-Id', `redis-down-${i}`)
            .send({ domain }),
        ),
      ),
    );
    for (const [i, answer] of answers.entries()) expect503(answer, `redis-down-${i}`);
    expect(await database.db.enrichmentJob.count({ where: { teamId } })).toBe(0);
  });

  it('GET /readyz answers 503 naming redis as not ok (postgres ok)', async () => {
    const answer = await timed(request(api.app).get('/api/readyz').set('X-Request-Id', 'redis-down-ready'));
    expect503(answer, 'redis-down-ready', { internalDetailsAllowed: true });
    const checks = answer.res.body.error.details?.checks;
    expect(checks).toBeDefined();
    expect(checks.redis).not.toBe('ok');
    expect(checks.postgres).toBe('ok');
  });

  it('GET /usage, which reads the request windows, answers 503; the lists and the bulk preview need only Postgres', async () => {
    const usage = await timed(request(api.app).get('/usage').set('Authorization', `Bearer ${key}`).set('X-Request-Id', 'redis-down-usage'));
    expect503(usage, 'redis-down-usage');
    for (const path of ['/enrich', '/enrich/bulk']) {
      const answer = await timed(request(api.app).get(path).set('Authorization', `Bearer ${key}`));
      expect([path, answer.res.status, answer.res.body.data]).toEqual([path, 200, []]);
    }
    const preview = await timed(
      request(api.app)
        .post('/dashboard/api/bulk/preview')
        .set('Authorization', `Bearer ${key}`)
        .send({ domains: ['acme.com'] }),
    );
    expect({ status: preview.res.status, cost: preview.res.body.cost }).toEqual({ status: 200, cost: 1 });
  });

  it('authentication still works without Redis: a bad key is 401, not 503', async () => {
    const answer = await timed(request(api.app).post('/enrich').set('Authorization', `Bearer ${SHAPED_KEY}`).send({ domain: 'acme.com' }));
    expect({ status: answer.res.status, code: answer.res.body?.error?.code }).toEqual({ status: 401, code: 'AUTHENTICATION_FAILED' });
  });

  it('GET /healthz still answers 200, and other routes still answer (404 NOT_FOUND)', async () => {
    await expectStillServing(api.app);
  });
});

describe('Postgres lost while the API is running', () => {
  let database: TestDatabase;
  let proxied: Db;
  let api: Assembled;
  let proxy: { port: number; cut(): Promise<void> };
  let key: string;
  let jobId: string;

  beforeAll(async () => {
    database = await createTestDatabase('outagepg');
    key = (await issueApiKey(database.db, 'pg-lost', 'growth')).key;
    const direct = new URL(database.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const url = new URL(database.url);
    url.port = String(proxy.port);
    proxied = createPrismaClient(url.toString(), { maxConnections: 2 });
    api = assemble(proxied, url.toString(), REDIS_URL);
  });
  afterAll(async () => {
    await api?.close();
    await proxied?.$disconnect().catch(() => undefined);
    await proxy?.cut().catch(() => undefined);
    if (api) await removeQueueKeys(REDIS_URL, api.queuePrefix);
    await database?.drop();
  });

  it('accepts work while Postgres is there', async () => {
    const res = await request(api.app).post('/enrich').set('Authorization', `Bearer ${key}`).send({ domain: 'acme.com' });
    expect(res.status).toBe(202);
    jobId = res.body.jobId;
    expect((await request(api.app).get('/readyz')).status).toBe(200);
  });

  it('once the connection is cut, submit, poll and /readyz answer 503 quickly; /healthz and 404 still answer', async () => {
    await proxy.cut();
    expect503(
      await timed(
        request(api.app)
          .post('/enrich')
          .set('Authorization', `Bearer ${key}`)
          .set('X-Request-Id', 'pg-lost-post')
          .send({ domain: 'b.com' }),
      ),
      'pg-lost-post',
    );
    expect503(
      await timed(request(api.app).get(`/api/enrich/${jobId}`).set('Authorization', `Bearer ${key}`).set('X-Request-Id', 'pg-lost-get')),
      'pg-lost-get',
    );
    const ready = await timed(request(api.app).get('/readyz').set('X-Request-Id', 'pg-lost-ready'));
    expect503(ready, 'pg-lost-ready', { internalDetailsAllowed: true });
    expect(ready.res.body.error.details.checks.postgres).not.toBe('ok');
    await expectStillServing(api.app);
  });
});

describe('Redis lost while the API is running', () => {
  let database: TestDatabase;
  let redisServer: Awaited<ReturnType<typeof startPrivateRedis>>;
  let api: Assembled;
  let key: string;
  let teamId: string;

  beforeAll(async () => {
    database = await createTestDatabase('outageredis');
    const issued = await issueApiKey(database.db, 'redis-lost', 'growth');
    key = issued.key;
    teamId = issued.teamId;
    redisServer = await startPrivateRedis();
    api = assemble(database.db, database.url, redisServer.url);
  });
  afterAll(async () => {
    await api?.close();
    await redisServer?.stop();
    await database?.drop();
  });

  it('accepts work while Redis is there', async () => {
    const res = await request(api.app).post('/enrich').set('Authorization', `Bearer ${key}`).send({ domain: 'acme.com' });
    expect(res.status).toBe(202);
    expect(await database.db.enrichmentJob.count({ where: { teamId } })).toBe(1);
  });

  it('once Redis dies, submit answers 503 quickly and records no job; /readyz 503; other routes still answer', async () => {
    await redisServer.stop();
    const deadline = Date.now() + 3_000;
    while (api.redis.status === 'ready' && Date.now() < deadline) await sleep(20);
    expect(api.redis.status).not.toBe('ready');

    expect503(
      await timed(
        request(api.app)
          .post('/enrich')
          .set('Authorization', `Bearer ${key}`)
          .set('X-Request-Id', 'redis-lost-post')
          .send({ domain: 'b.com' }),
      ),
      'redis-lost-post',
    );
    expect(await database.db.enrichmentJob.count({ where: { teamId } })).toBe(1); // only the one accepted before
    const ready = await timed(request(api.app).get('/readyz').set('X-Request-Id', 'redis-lost-ready'));
    expect503(ready, 'redis-lost-ready', { internalDetailsAllowed: true });
    expect(ready.res.body.error.details.checks).toMatchObject({ postgres: 'ok' });
    expect(ready.res.body.error.details.checks.redis).not.toBe('ok');
    await expectStillServing(api.app);
  });
});
