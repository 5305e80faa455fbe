import { randomUUID } from 'node:crypto';
import { get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resultColumns, writeBatchResults } from '@enrich/api';
import { FLAT_RECORD_COLUMNS } from '@enrich/record';
import { sleep } from '@enrich/testkit';
import { parse } from 'csv-parse/sync';
import express from 'express';
import request from 'supertest';
import { strictBulkAccepted, strictError } from '../support/contract-schemas';
import { startTestStack, type TestStack } from '../support/test-stack';

// GET /enrich/bulk/{batchId}/results.csv: one row per submitted entry in the order sent
// (valid, invalid, duplicate), the input columns as uploaded, the record flattened, status and
// error; safe to open in a spreadsheet; streamed page by page as the client reads.

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
let counter = 0;
const fresh = (label: string) => {
  counter += 1;
  return `${label}-${process.pid}-${counter}.com`;
};

let stack: TestStack;
let key: string;
let teamId: string;
beforeAll(async () => {
  // Room for the streaming test's wide rows.
  stack = await startTestStack({ label: 'resultscsv', workers: false, env: { BULK_BODY_LIMIT: '12mb' } });
  const name = `results-${randomUUID()}`;
  key = await stack.key('enterprise', name);
  teamId = (await stack.database.db.team.findUniqueOrThrow({ where: { name } })).id;
});
afterAll(() => stack?.stop());

async function submit(body: string | object, type = 'application/json') {
  const res = await request(stack.app)
    .post('/enrich/bulk')
    .set(bearer(key))
    .set('Content-Type', type)
    .send(typeof body === 'string' ? body : JSON.stringify(body));
  return strictBulkAccepted.parse(res.body);
}

// A job's end as the pipeline would leave it: completed with its company row, or failed.
async function complete(jobId: string, domain: string, company: Record<string, unknown>) {
  const db = stack.database.db;
  await db.company.create({ data: { domain, ...company } });
  await db.enrichmentJob.update({ where: { id: jobId }, data: { status: 'completed', completedAt: new Date() } });
}

async function csvOf(batchId: string, prefix = '') {
  const res = await request(stack.app).get(`${prefix}/enrich/bulk/${batchId}/results.csv`).set(bearer(key));
  expect(res.status).toBe(200);
  const rows = parse(res.text, { relax_column_count: false }) as string[][];
  const [header, ...data] = rows;
  return { res, header: header!, rows: data.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!]))) };
}

describe('a JSON list', () => {
  it('gives every entry in order: its domain as sent, the record, status and error', async () => {
    const [a, b] = [fresh('json-a'), fresh('json-b')];
    const batch = await submit({ domains: [a, 'localhost', `https://www.${a}/`, b, 42, '=cmd|calc'] });
    const [jobA, jobB] = batch.jobs;
    await complete(jobA!.jobId, a, {
      name: '=HYPERLINK("http://evil.example")',
      description: 'Anvils, rockets\nand more',
      technologies: ['React', 'Vite'],
      socialProfiles: { linkedin: 'https://www.linkedin.com/company/acme' },
      sources: ['website'],
      confidence: 55,
      foundedYear: 1949,
      phone: '+1 555 0100',
    });
    await stack.database.db.enrichmentJob.update({
      where: { id: jobB!.jobId },
      data: { status: 'failed', errorCode: 'SCRAPE_FAILED', errorMessage: 'the site kept failing', completedAt: new Date() },
    });

    const { res, header, rows } = await csvOf(batch.batchId);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="batch-${batch.batchId}.csv"`);
    expect(res.headers['x-ratelimit-limit']).toBe('1000');
    // The input column, then the record's (its domain renamed beside the input's), status, error.
    expect(header).toEqual(resultColumns(['domain']));
    expect(header.slice(0, 3)).toEqual(['domain', 'enriched_domain', 'name']);
    expect(header.slice(-2)).toEqual(['status', 'error']);
    expect(header).toHaveLength(1 + FLAT_RECORD_COLUMNS.length + 2);

    expect(rows.map((r) => [r.domain, r.status])).toEqual([
      [a, 'completed'],
      ['localhost', 'invalid'],
      [`https://www.${a}/`, 'duplicate'],
      [b, 'failed'],
      ['42', 'invalid'],
      ["'=cmd|calc", 'invalid'],
    ]);
    const [first, invalid, duplicate, failed] = rows;
    expect(first).toMatchObject({
      enriched_domain: a,
      name: `'=HYPERLINK("http://evil.example")`,
      description: 'Anvils, rockets\nand more',
      technologies: 'React; Vite',
      social_linkedin: 'https://www.linkedin.com/company/acme',
      social_twitter: '',
      sources: 'website',
      confidence: '55',
      foundedYear: '1949',
      phone: "'+1 555 0100",
      industry: '',
      error: '',
    });
    expect(invalid!.error).toMatch(/^no_public_suffix: /);
    expect(invalid!.name).toBe('');
    // A duplicate shares its job: the same record.
    expect({ ...duplicate, domain: '', status: '' }).toEqual({ ...first, domain: '', status: '' });
    expect(failed).toMatchObject({ enriched_domain: '', name: '', error: 'SCRAPE_FAILED: the site kept failing' });
    expect(rows[4]!.error).toMatch(/^not_a_string: /);

    // The same under /api.
    expect((await csvOf(batch.batchId, '/api')).rows).toEqual(rows);
  });
});

describe('a CSV upload', () => {
  it('keeps the uploaded columns and rows, naming extra cells and renaming ours that clash', async () => {
    const c = fresh('csv-c');
    const csv =
      'Company,Website,Notes,Name\r\n' +
      `=Evil Corp,${c},"a, ""b""",-1\r\n` +
      'Bad row,localhost,,@x\r\n' +
      `Dup,https://${c}/path,"multi\nline",z,extra cell\r\n`;
    const batch = await submit(csv, 'text/csv');
    expect(batch).toMatchObject({ total: 3, accepted: 1 });

    const { header, rows } = await csvOf(batch.batchId);
    expect(header.slice(0, 6)).toEqual(['Company', 'Website', 'Notes', 'Name', 'column_5', 'domain']);
    // The uploaded Name column keeps its name; the record's is enriched_name.
    expect(header).toContain('enriched_name');
    expect(header.filter((h) => h.toLowerCase() === 'name')).toEqual(['Name']);
    expect(rows).toEqual([
      expect.objectContaining({
        Company: "'=Evil Corp",
        Website: c,
        Notes: 'a, "b"',
        Name: "'-1",
        column_5: '',
        domain: '',
        status: 'processing',
      }),
      expect.objectContaining({ Company: 'Bad row', Website: 'localhost', Notes: '', Name: "'@x", status: 'invalid' }),
      expect.objectContaining({
        Company: 'Dup',
        Website: `https://${c}/path`,
        Notes: 'multi\nline',
        column_5: 'extra cell',
        status: 'duplicate',
      }),
    ]);
    expect(rows[1]!.error).toMatch(/^no_public_suffix: /);
  });

  it('a header cell starting with = is made safe too', async () => {
    const batch = await submit(`domain,=SUM(1)\n${fresh('csv-h')},1\n`, 'text/csv');
    const { header } = await csvOf(batch.batchId);
    expect(header.slice(0, 2)).toEqual(['domain', "'=SUM(1)"]);
  });
});

describe('access', () => {
  it('another team’s batch and an unknown one are 404 BATCH_NOT_FOUND; a wrong method 405', async () => {
    const batch = await submit({ domains: [fresh('access')] });
    const other = await stack.key('growth');
    for (const [who, id] of [
      [other, batch.batchId],
      [key, 'bat_01m7zzzzzzzzzzzzzzzzzzzzzzzzzz'],
    ] as const) {
      const res = await request(stack.app).get(`/enrich/bulk/${id}/results.csv`).set(bearer(who));
      expect(res.status).toBe(404);
      expect(strictError.parse(res.body).error.code).toBe('BATCH_NOT_FOUND');
    }
    expect((await request(stack.app).get(`/enrich/bulk/${batch.batchId}/results.csv`)).status).toBe(401);
    const post = await request(stack.app).post(`/enrich/bulk/${batch.batchId}/results.csv`).set(bearer(key));
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});

describe('streaming', () => {
  const ROWS = 1000;
  const PAGE = 10;
  let batchId: string;
  let server: ReturnType<express.Express['listen']>;
  let pages = 0;

  beforeAll(async () => {
    // Wide rows (about 10 kB each, 10 MB in all): more than the sockets' buffers hold (a few
    // MB on loopback), so a client that stops reading holds the writer back.
    const filler = 'x'.repeat(10_000);
    const csv = `website,filler\n${Array.from({ length: ROWS }, (_, i) => `stream-${process.pid}-${i}.com,${filler}`).join('\n')}\n`;
    batchId = (await submit(csv, 'text/csv')).batchId;
    const app = express();
    app.get('/results', (_req, res) => {
      writeBatchResults(stack.database.db, teamId, batchId, res, { pageSize: PAGE, onPage: () => (pages += 1) }).catch(() => res.destroy());
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );

  const open = () =>
    new Promise<IncomingMessage>((resolve, reject) => {
      httpGet({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/results' }, resolve).on('error', reject);
    });

  it('reads the next page only as the client takes the rows, and gives them all in order', async () => {
    pages = 0;
    const res = await open();
    res.pause();
    // Until the socket buffers are full and the writer has stopped: on a loaded machine that
    // takes longer than on an idle one (a fixed 800 ms once caught it still filling).
    let whilePaused = -1;
    for (let waited = 0; waited < 10_000 && (pages !== whilePaused || pages === 0); waited += 400) {
      whilePaused = pages;
      await sleep(400);
    }
    await sleep(400);
    // Held: no page read while the client takes nothing, well before the end.
    expect(pages).toBe(whilePaused);
    expect(whilePaused).toBeGreaterThan(0);
    expect(whilePaused).toBeLessThan(ROWS / PAGE);
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.resume();
    await new Promise((resolve) => res.on('end', resolve));
    // Every full page, then the empty one that says the end was reached.
    expect(pages).toBe(ROWS / PAGE + 1);
    const rows = parse(Buffer.concat(chunks).toString('utf8')) as string[][];
    expect(rows).toHaveLength(ROWS + 1);
    expect(rows.slice(1).map((row) => row[0])).toEqual(Array.from({ length: ROWS }, (_, i) => `stream-${process.pid}-${i}.com`));
  });

  it('stops reading pages when the client goes away', async () => {
    pages = 0;
    const res = await open();
    await new Promise((resolve) => res.once('data', resolve));
    res.destroy();
    await sleep(700);
    const afterClose = pages;
    expect(afterClose).toBeLessThan(ROWS / PAGE);
    await sleep(300);
    expect(pages).toBe(afterClose);
  });

  it('through the API, a client leaving mid-stream does no harm', async () => {
    const listening = stack.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    try {
      const port = (listening.address() as AddressInfo).port;
      const res = await new Promise<IncomingMessage>((resolve, reject) => {
        httpGet({ host: '127.0.0.1', port, path: `/enrich/bulk/${batchId}/results.csv`, headers: bearer(key) }, resolve).on(
          'error',
          reject,
        );
      });
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => res.once('data', resolve));
      res.destroy();
      await sleep(200);
      const again = await request(listening).get(`/enrich/bulk/${batchId}/results.csv`).set(bearer(key));
      expect(again.status).toBe(200);
      expect(again.text.split('\r\n').filter(Boolean)).toHaveLength(ROWS + 1);
    } finally {
      await new Promise<void>((resolve) => {
        listening.close(() => resolve());
        listening.closeAllConnections();
      });
    }
  });
});
