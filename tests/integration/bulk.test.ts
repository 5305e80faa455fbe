import { apiEnv, createApp, createAppContext } from '@enrich/api';
import { loadConfig } from '@enrich/config';
import { createLogger } from '@enrich/logger';
import { bullPrefix, createRedisConnection, QueueName, RedisQueueStore, waitUntilConnected } from '@enrich/queue';
import { FixtureSites, sleep } from '@enrich/testkit';
import { FlowProducer } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { strictBatchStatus, strictBulkAccepted, strictError } from '../support/contract-schemas';
import { startPrivateRedis } from '../support/private-redis';
import { REDIS_URL, startTestStack, type TestStack } from '../support/test-stack';

// POST /enrich/bulk and GET /enrich/bulk/:id: accepting (JSON and CSV), exact counts, the
// batch as one BullMQ flow, progress from real job states, and a batch whose items partly fail.

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const page = (name: string, description: string) =>
  `<!doctype html><html><head><title>${name}</title><meta name="description" content="${description}"></head><body><h1>${name}</h1></body></html>`;

describe('accepting a batch (no workers: nothing is processed)', () => {
  let stack: TestStack;
  let key: string;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'bulkaccept', workers: false });
    key = await stack.key('enterprise');
  });
  afterAll(() => stack?.stop());

  it('takes 1,000 entries with valid, invalid and duplicated ones, with exact counts, rows and one flow', async () => {
    const valid = Array.from({ length: 900 }, (_, i) => `company-${i}.com`);
    const invalid = Array.from({ length: 40 }, (_, i) =>
      i % 4 === 0 ? 'localhost' : i % 4 === 1 ? '10.0.0.1' : i % 4 === 2 ? '' : 'no-suffix',
    );
    const nonStrings = [42, null, { domain: 'x.com' }, ['a.com'], true, 7, 8, 9, 10, 11];
    // Same domains written differently: scheme, www., case, path, trailing dot.
    const duplicates = Array.from({ length: 50 }, (_, i) => [`https://www.company-${i}.com/about`, `COMPANY-${i}.COM.`][i % 2]!);
    const domains = [...valid, ...invalid, ...nonStrings, ...duplicates];
    expect(domains).toHaveLength(1000);

    const res = await request(stack.app).post('/enrich/bulk').set(bearer(key)).send({ domains });
    expect(res.status).toBe(202);
    const body = strictBulkAccepted.parse(res.body);
    expect(body).toMatchObject({ status: 'processing', total: 1000, accepted: 900, quotaCharged: 900 });
    expect(body.statusEndpoint).toBe(`/api/enrich/bulk/${body.batchId}`);
    expect(body.batchId).toMatch(/^bat_/);
    expect(body.jobs.map((j) => j.domain)).toEqual(valid);
    expect(new Set(body.jobs.map((j) => j.jobId)).size).toBe(900);
    expect(body.invalid).toHaveLength(50);
    expect(body.invalid[0]).toMatchObject({ index: 900, entry: 'localhost', reason: 'no_public_suffix' });
    expect(body.invalid.find((i) => i.entry === '10.0.0.1')?.reason).toBe('ip_address');
    expect(body.invalid.find((i) => i.entry === '')?.reason).toBe('empty');
    expect(body.invalid.find((i) => i.index === 940)).toMatchObject({ entry: 42, reason: 'not_a_string' });
    // Arrays and objects are reported (and stored) as their JSON text.
    expect(body.invalid.find((i) => i.index === 942)).toMatchObject({ entry: '{"domain":"x.com"}', reason: 'not_a_string' });
    expect(body.invalid.find((i) => i.index === 943)).toMatchObject({ entry: '["a.com"]', reason: 'not_a_string' });
    expect(body.duplicates).toHaveLength(50);
    for (const dup of body.duplicates) {
      const first = body.jobs[dup.sameAs]!;
      expect(dup.domain).toBe(first.domain);
      expect(dup.jobId).toBe(first.jobId);
    }

    const db = stack.database.db;
    expect(await db.enrichmentJob.count({ where: { batchId: body.batchId } })).toBe(900);
    const batch = await db.batch.findUniqueOrThrow({ where: { id: body.batchId } });
    expect(batch).toMatchObject({ entriesReceived: 1000, duplicateEntries: 50, completedAt: null });

    // The batch is one flow: its parent waits on the 900 items' finalize jobs.
    const parent = await stack.context.queues.queue(QueueName.batch).getJob(`batch-${body.batchId}`);
    expect(parent).toBeDefined();
    expect(await parent!.getDependenciesCount()).toMatchObject({ unprocessed: 900 });
    expect(await parent!.getState()).toBe('waiting-children');

    // Progress is counted, nothing has run: all pending, first page of items in order.
    const status = await request(stack.app).get(`/api/enrich/bulk/${body.batchId}?limit=100&page=9`).set(bearer(key));
    expect(status.status).toBe(200);
    const view = strictBatchStatus.parse(status.body);
    expect(view).toMatchObject({ status: 'processing', total: 900, completed: 0, failed: 0, pending: 900, progress: 0, completedAt: null });
    expect(view.pagination).toEqual({ page: 9, limit: 100, total: 900, totalPages: 9 });
    expect(view.items.map((i) => i.domain)).toEqual(valid.slice(800, 900));
    expect(view.items.every((i) => i.status === 'processing' && i.data === undefined)).toBe(true);
    expect(view.invalid).toHaveLength(50);

    const past = await request(stack.app).get(`/enrich/bulk/${body.batchId}?page=10&limit=100`).set(bearer(key));
    expect(past.status).toBe(200);
    expect(past.body.items).toEqual([]);
    expect(past.body.pagination).toEqual({ page: 10, limit: 100, total: 900, totalPages: 9 });
  });

  it.each([
    ['1,001 domains', { domains: Array.from({ length: 1001 }, (_, i) => `d${i}.com`) }],
    ['an empty list', { domains: [] }],
    ['no list', {}],
    ['a list that is not an array', { domains: 'acme.com' }],
  ])('refuses %s with 400 VALIDATION_ERROR and creates nothing', async (_name, body) => {
    const before = await stack.database.db.batch.count();
    const res = await request(stack.app).post('/api/enrich/bulk').set(bearer(key)).send(body);
    expect(res.status).toBe(400);
    expect(strictError.parse(res.body).error.code).toBe('VALIDATION_ERROR');
    expect(await stack.database.db.batch.count()).toBe(before);
  });

  it('answers a batch of only invalid entries with a completed, empty batch', async () => {
    const res = await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(key))
      .send({ domains: ['localhost', 'not a domain'] });
    expect(res.status).toBe(202);
    expect(strictBulkAccepted.parse(res.body)).toMatchObject({ status: 'completed', total: 2, accepted: 0, jobs: [] });
    const view = await request(stack.app).get(res.body.statusEndpoint).set(bearer(key));
    expect(view.body).toMatchObject({ status: 'completed', total: 0, progress: 100, pending: 0 });
    expect(view.body.completedAt).not.toBeNull();
  });

  it('takes a CSV file: header names the column, other columns ignored, quoting, BOM and CRLF handled', async () => {
    const csv =
      '\uFEFFCompany,Website,Notes\r\n' +
      'Acme,https://www.acme-csv.com/,"likes ""quotes"", commas"\r\n' +
      'Globex,globex-csv.io,\r\n' +
      '\r\n' +
      'Nobody,,empty cell\r\n' +
      'Initech,localhost,bad\r\n' +
      'Acme again,ACME-CSV.COM,dup\r\n';
    const res = await request(stack.app).post('/enrich/bulk').set(bearer(key)).set('Content-Type', 'text/csv').send(csv);
    expect(res.status).toBe(202);
    const body = strictBulkAccepted.parse(res.body);
    expect(body).toMatchObject({ total: 5, accepted: 2 });
    expect(body.jobs.map((j) => j.domain)).toEqual(['acme-csv.com', 'globex-csv.io']);
    expect(body.invalid.map((i) => [i.entry, i.reason])).toEqual([
      ['', 'empty'],
      ['localhost', 'no_public_suffix'],
    ]);
    expect(body.duplicates.map((d) => d.domain)).toEqual(['acme-csv.com']);
  });

  it('prefers a domain column, and accepts url as the column name', async () => {
    const res = await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(key))
      .set('Content-Type', 'text/csv; charset=utf-8')
      .send('url,Domain\nhttps://ignored.com,chosen-col.com\n');
    expect(res.status).toBe(202);
    expect(res.body.jobs.map((j: { domain: string }) => j.domain)).toEqual(['chosen-col.com']);
    const url = await request(stack.app).post('/enrich/bulk').set(bearer(key)).set('Content-Type', 'text/csv').send('URL\nurl-col.com\n');
    expect(url.body.jobs.map((j: { domain: string }) => j.domain)).toEqual(['url-col.com']);
  });

  it.each([
    ['no domain column', 'name,city\nAcme,Berlin\n', 'VALIDATION_ERROR'],
    ['only a header', 'domain\n', 'VALIDATION_ERROR'],
    ['an empty file', '', 'VALIDATION_ERROR'],
    ['an unclosed quote', 'domain\n"acme.com\n', 'INVALID_CSV'],
    ['1,001 rows', `domain\n${Array.from({ length: 1001 }, (_, i) => `d${i}.com`).join('\n')}\n`, 'VALIDATION_ERROR'],
  ])('refuses a CSV with %s', async (_name, csv, code) => {
    const res = await request(stack.app).post('/enrich/bulk').set(bearer(key)).set('Content-Type', 'text/csv').send(csv);
    expect(res.status).toBe(400);
    expect(strictError.parse(res.body).error.code).toBe(code);
  });

  it('reports hostile entries as invalid, stores them safely, and accepts the valid ones beside them', async () => {
    const deepArray = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const deepObject = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    // Raw JSON text, so that the escapes reach the server as sent.
    const raw =
      '{"domains": ["hostile-a.com", "a\\u0000.com", "\\udfff", {"k\\u0000": "\\ud800"}, ' +
      `${deepArray}, ${deepObject}, {"toStringTag": "[object Decimal]"}, {"__prismaRawParameters__": true, "values": "[]"}, ` +
      '{"$type": "Nope", "value": 1}, {"a": {"__proto__": null}}, "hostile-b.com"]}';
    const res = await request(stack.app).post('/enrich/bulk').set(bearer(key)).set('Content-Type', 'application/json').send(raw);
    expect(res.status).toBe(202);
    const body = strictBulkAccepted.parse(res.body);
    expect(body.jobs.map((j) => [j.index, j.domain])).toEqual([
      [0, 'hostile-a.com'],
      [10, 'hostile-b.com'],
    ]);
    expect(body.invalid.map((i) => [i.index, i.reason])).toEqual([
      [1, 'invalid_characters'],
      [2, 'invalid_characters'],
      [3, 'not_a_string'],
      [4, 'not_a_string'],
      [5, 'not_a_string'],
      [6, 'not_a_string'],
      [7, 'not_a_string'],
      [8, 'not_a_string'],
      [9, 'not_a_string'],
    ]);
    // In strings U+0000 and lone surrogates become U+FFFD; arrays and objects are their JSON
    // text (escapes and all), cut at 200 characters.
    expect(body.invalid[0]!.entry).toBe('a\ufffd.com');
    expect(body.invalid[1]!.entry).toBe('\ufffd');
    expect(body.invalid[2]!.entry).toBe('{"k\\u0000":"\\ud800"}');
    expect(body.invalid[3]!.entry).toBe(`${'['.repeat(200)}…`);
    expect(body.invalid[4]!.entry).toBe(`${'{"a":'.repeat(40)}…`);
    expect(body.invalid[5]!.entry).toBe('{"toStringTag":"[object Decimal]"}');
    expect(body.invalid[6]!.entry).toBe('{"__prismaRawParameters__":true,"values":"[]"}');
    expect(body.invalid[7]!.entry).toBe('{"$type":"Nope","value":1}');
    expect(body.invalid[8]!.entry).toBe('{"a":{"__proto__":null}}');
    // The batch kept exactly what the answer reported.
    const batch = strictBatchStatus.parse((await request(stack.app).get(body.statusEndpoint).set(bearer(key))).body);
    expect(batch.invalid).toEqual(body.invalid);
  });

  it('reports CSV rows holding NUL bytes as invalid and accepts the others', async () => {
    const csv = 'domain\nhostile-csv-a.com\nbad\u0000.com\n\u0000\nhostile-csv-b.com\n';
    const res = await request(stack.app).post('/enrich/bulk').set(bearer(key)).set('Content-Type', 'text/csv').send(csv);
    expect(res.status).toBe(202);
    const body = strictBulkAccepted.parse(res.body);
    expect(body.jobs.map((j) => j.domain)).toEqual(['hostile-csv-a.com', 'hostile-csv-b.com']);
    expect(body.invalid.map((i) => [i.entry, i.reason])).toEqual([
      ['bad\ufffd.com', 'invalid_characters'],
      ['\ufffd', 'invalid_characters'],
    ]);
  });

  it('refuses other media types with 415', async () => {
    const res = await request(stack.app).post('/enrich/bulk').set(bearer(key)).set('Content-Type', 'text/plain').send('acme.com');
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 404 BATCH_NOT_FOUND for another team’s batch and for unknown ids; 401 without a key', async () => {
    const res = await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(key))
      .send({ domains: ['private-batch.com'] });
    const other = await stack.key('growth');
    // A batch id over 64 characters is refused before any lookup. (Not told by its last letter:
    // a real batch id may end in x too.)
    const tooLong = `/enrich/bulk/${'x'.repeat(65)}`;
    for (const path of [res.body.statusEndpoint, '/api/enrich/bulk/bat_nope', tooLong]) {
      const answer = await request(stack.app).get(path).set(bearer(other));
      expect(answer.status).toBe(path === tooLong ? 400 : 404);
      if (answer.status === 404) expect(strictError.parse(answer.body).error.code).toBe('BATCH_NOT_FOUND');
    }
    expect((await request(stack.app).get(res.body.statusEndpoint)).status).toBe(401);
    expect(
      (
        await request(stack.app)
          .post('/enrich/bulk')
          .send({ domains: ['a.com'] })
      ).status,
    ).toBe(401);
  });

  it('validates the page and limit of the items', async () => {
    const res = await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(key))
      .send({ domains: ['paged-batch.com'] });
    for (const query of ['page=0', 'page=abc', 'limit=0', 'limit=101', 'limit=2.5', 'page=1&page=2']) {
      const answer = await request(stack.app).get(`${res.body.statusEndpoint}?${query}`).set(bearer(key));
      expect([query, answer.status, answer.body.error?.code]).toEqual([query, 400, 'VALIDATION_ERROR']);
    }
  });

  it('answers 405 with Allow for other methods', async () => {
    const post = await request(stack.app)
      .post('/enrich/bulk')
      .set(bearer(key))
      .send({ domains: ['methods.com'] });
    const put = await request(stack.app).put('/enrich/bulk').set(bearer(key));
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, POST');
    const del = await request(stack.app).delete(post.body.statusEndpoint).set(bearer(key));
    expect(del.status).toBe(405);
    expect(del.headers.allow).toBe('GET, HEAD');
  });
});

describe('a batch running against fixture sites', () => {
  const sites = new FixtureSites();
  const names = Array.from({ length: 8 }, (_, i) => `bulk-site-${i}.com`);
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  for (const [i, name] of names.entries()) {
    // The last two sites answer only once the test opens the gate, so progress is seen mid-way.
    const html = page(`Bulk Site ${i}`, `Bulk Site ${i} sells things number ${i} to businesses.`);
    const held = async (_req: unknown, res: import('node:http').ServerResponse) => {
      await gate;
      res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    };
    sites.site(name, { '/': i >= 6 ? held : html });
  }
  sites.site('broken-item.com', { '/': page('Broken Item', 'This item fails inside the pipeline.') });
  let stack: TestStack;

  beforeAll(async () => {
    await sites.start();
    stack = await startTestStack({ label: 'bulkrun', hostMap: sites.hostMap(), env: { SCRAPER_TIMEOUT_MS: '20000' } });
    // A real fault inside the pipeline for one item: Postgres refuses its source result, so its
    // scrape step fails every attempt and the job ends failed.
    await stack.database.db.$executeRawUnsafe(`
      CREATE FUNCTION refuse_broken_item() RETURNS trigger AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM enrichment_jobs WHERE id = NEW.job_id AND domain = 'broken-item.com') THEN
          RAISE EXCEPTION 'injected fault for broken-item.com';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await stack.database.db.$executeRawUnsafe(
      'CREATE TRIGGER refuse_broken_item BEFORE INSERT OR UPDATE ON source_results FOR EACH ROW EXECUTE FUNCTION refuse_broken_item()',
    );
  });
  afterAll(async () => {
    release();
    await stack?.stop();
    await sites.stop();
  });

  it('moves progress to 100 as items finish; a failing item neither fails nor blocks the batch', async () => {
    const key = await stack.key('growth');
    const domains = [...names, 'broken-item.com', 'nxdomain-item.invalid-tld-for-tests.com'];
    const res = await request(stack.app).post('/enrich/bulk').set(bearer(key)).send({ domains });
    expect(res.status).toBe(202);
    const { batchId, jobs } = strictBulkAccepted.parse(res.body);
    expect(jobs).toHaveLength(10);

    const view = async () =>
      strictBatchStatus.parse((await request(stack.app).get(`/enrich/bulk/${batchId}?limit=100`).set(bearer(key))).body);
    // Mid-way: everything but the two held sites has ended.
    let mid = await view();
    for (const deadline = Date.now() + 30_000; mid.pending > 2 && Date.now() < deadline; ) {
      await sleep(100);
      mid = await view();
    }
    expect(mid).toMatchObject({ status: 'processing', total: 10, pending: 2, completedAt: null });
    expect(mid.completed + mid.failed).toBe(8);
    expect(mid.progress).toBe(80);

    release();
    let done = mid;
    for (const deadline = Date.now() + 30_000; done.status !== 'completed' && Date.now() < deadline; ) {
      await sleep(100);
      done = await view();
    }
    expect(done).toMatchObject({ status: 'completed', total: 10, pending: 0, progress: 100 });
    expect(done.failed).toBe(1);
    expect(done.completed).toBe(9);
    expect(done.completedAt).not.toBeNull();

    const byDomain = new Map(done.items.map((item) => [item.domain, item]));
    for (const [i, name] of names.entries()) {
      expect(byDomain.get(name)).toMatchObject({
        status: 'completed',
        data: { name: `Bulk Site ${i}`, domain: name, sources: ['website'] },
      });
    }
    expect(byDomain.get('broken-item.com')).toMatchObject({ status: 'failed', error: { code: expect.any(String) } });
    expect(byDomain.get('broken-item.com')!.data).toBeUndefined();
    // A domain whose site cannot be reached completes with nulls, as a single job would.
    expect(byDomain.get('nxdomain-item.invalid-tld-for-tests.com')).toMatchObject({
      status: 'completed',
      data: { confidence: 0, sources: [] },
    });

    // Each item is also a job the single-job endpoint knows.
    const single = await request(stack.app)
      .get(`/api/enrich/${byDomain.get(names[0]!)!.jobId}`)
      .set(bearer(key));
    expect(single.body).toMatchObject({ status: 'completed', data: { name: 'Bulk Site 0' } });

    // The batch row settles too, and the batch job's own step runs once every item ended.
    const batch = await stack.database.db.batch.findUniqueOrThrow({ where: { id: batchId } });
    expect(batch.completedAt).not.toBeNull();
    const queue = stack.context.queues.queue(QueueName.batch);
    let state = '';
    for (const deadline = Date.now() + 10_000; state !== 'completed' && Date.now() < deadline; ) {
      state = (await (await queue.getJob(`batch-${batchId}`))?.getState()) ?? 'gone';
      if (state !== 'completed') await sleep(100);
    }
    expect(state).toBe('completed');
  });
});

describe('accepting is atomic', () => {
  // A single submission goes through the same admission as a batch: both are undone alike.
  it.each([
    { label: 'bulkatomic', path: '/enrich/bulk', body: { domains: ['atomic-1.com', 'atomic-2.com'] } },
    { label: 'singleatomic', path: '/enrich', body: { domain: 'atomic-1.com' } },
  ])('when the queue cannot take the flow, $path fails and no batch, job or quota count remains', async ({ label, path, body }) => {
    const stack = await startTestStack({ label, workers: false });
    // The API's flows go to a Redis of their own that stays connected but takes no writes,
    // so the flow add times out after the rows were written.
    const queueServer = await startPrivateRedis();
    const queueConnection = createRedisConnection(queueServer.url, 'producer');
    const admin = new Redis(queueServer.url);
    const flows = new FlowProducer({ connection: queueConnection, prefix: bullPrefix(stack.queuePrefix) });
    // Everything else of the store (rate-limit windows, …) stays on the shared Redis.
    class FlowsElsewhere extends RedisQueueStore {
      override flows() {
        return flows;
      }
    }
    try {
      await waitUntilConnected(queueConnection, 5000);
      const config = loadConfig(apiEnv, stack.workerEnv);
      const redis = createRedisConnection(REDIS_URL, 'producer');
      await waitUntilConnected(redis, 5000);
      const logger = createLogger('silent');
      const queues = new FlowsElsewhere(redis, stack.queuePrefix);
      const app = createApp(createAppContext({ config, db: stack.database.db, queues, logger }));
      const key = await stack.key('starter', 'atomic-team');
      await admin.client('PAUSE', 8000, 'WRITE');
      const started = Date.now();
      const res = await request(app).post(path).set(bearer(key)).send(body);
      redis.disconnect();
      expect(res.status).toBe(503);
      expect(strictError.parse(res.body).error.code).toBe('SERVICE_UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(6000);
      const db = stack.database.db;
      expect(await db.batch.count()).toBe(0);
      expect(await db.enrichmentJob.count()).toBe(0);
      expect((await db.usageMonth.findMany()).map((u) => u.enrichments)).toEqual([0]);
    } finally {
      await admin.client('UNPAUSE').catch(() => undefined);
      admin.disconnect();
      await flows.close();
      queueConnection.disconnect();
      await stack.stop();
      await queueServer.stop();
    }
  });
});
