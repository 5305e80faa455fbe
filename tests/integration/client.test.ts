import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AuthenticationFailedError,
  type BulkProgress,
  type BulkResult,
  ConnectionError,
  EnrichClient,
  type EnrichError,
  InvalidDomainError,
  JobNotFoundError,
  type Monitor,
  verifyWebhook,
  WebhookVerificationError,
} from '@enrich/client';
import { newId } from '@enrich/db';
import { FixtureSites, WebhookReceiver } from '@enrich/testkit';
import { startTestStack, type TestStack } from '../support/test-stack';

// The official client (packages/client) against the real API, its workers and a webhook
// receiver: every method, a real 429 waited out by Retry-After, an upload whose answer was cut
// retried with its Idempotency-Key (one batch), and signature checks of the service's own deliveries.

const HOOKS = 'hooks.client-test.com';
const receiver = new WebhookReceiver();
const sites = new FixtureSites();
const page = (name: string) =>
  `<!doctype html><html><head><title>${name}</title><meta property="og:site_name" content="${name}">` +
  `<meta name="description" content="${name} builds scheduling software for dental clinics across Europe."></head>` +
  `<body><h1>${name}</h1></body></html>`;
const NAMES = ['client-one', 'client-two', 'client-three', 'client-four', 'client-five', 'client-hook', 'client-cut-a', 'client-cut-b'];
for (const name of NAMES) sites.site(`${name}.com`, { '/': page(name) });

let stack: TestStack;
let server: http.Server;
let baseUrl: string;
const clientFor = (apiKey: string, options = {}) => new EnrichClient({ baseUrl, apiKey, maxRetryDelayMs: 5000, ...options });

/** A fetch that records each call's path, when it was answered and with what status and Retry-After. */
function recordingFetch() {
  const calls: { path: string; query: URLSearchParams; at: number; status: number; retryAfter: string | null }[] = [];
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    calls.push({
      path: new URL(String(input)).pathname,
      query: new URL(String(input)).searchParams,
      at: Date.now(),
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
    });
    return response;
  };
  return { calls, fetch: recording };
}

beforeAll(async () => {
  await Promise.all([receiver.start(), sites.start()]);
  stack = await startTestStack({
    label: 'client',
    hostMap: sites.hostMap(),
    webhooks: true,
    // The free plan's 5 requests per window, with a window of 3 s: a 429 that lasts seconds.
    env: { WEBHOOK_HOST_MAP: receiver.hostMapEntry(HOOKS), RATE_LIMIT_MINUTE_MS: '3000' },
  });
  server = stack.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await stack?.stop();
  await Promise.all([receiver.stop(), sites.stop()]);
});

describe('EnrichClient against the API', () => {
  it('enriches, waits on the event stream, reads back, lists and searches', async () => {
    const key = await stack.key('enterprise');
    const client = clientFor(key);
    const ended = await client.enrich('https://www.client-one.com/about');
    expect(ended).toMatchObject({ status: 'completed', domain: 'client-one.com', data: { name: 'client-one' } });
    const accepted = await client.enrich('client-two.com', { wait: false });
    expect(accepted).toMatchObject({ status: 'processing', domain: 'client-two.com' });
    // The wait follows the job's event stream: no poll of the job is made.
    const recorder = recordingFetch();
    const following = clientFor(key, { fetch: recorder.fetch });
    const polled = await following.waitForJob(accepted.jobId, { fields: ['name', 'industry'] });
    expect(recorder.calls.map((call) => call.path)).toEqual([`/api/enrich/${accepted.jobId}/events`]);
    expect(polled.status === 'completed' && polled.data).toMatchObject({ domain: 'client-two.com', name: 'client-two', industry: null });
    expect(await client.job(accepted.jobId)).toMatchObject({ status: 'completed' });
    expect(await client.lookup('client-one.com', { fields: 'name' })).toMatchObject({ domain: 'client-one.com', name: 'client-one' });

    const jobs = [];
    for await (const job of client.jobs({ pageSize: 1 })) jobs.push(job.domain);
    expect(jobs).toEqual(['client-two.com', 'client-one.com']);
    const found = [];
    const searching = recordingFetch();
    for await (const company of clientFor(key, { fetch: searching.fetch }).search({ q: 'client', fields: 'name' }, { pageSize: 1 }))
      found.push(company.domain);
    expect(found.sort()).toEqual(['client-one.com', 'client-two.com']);
    // Walked by cursor: the first page asked for without one, the next with the first's nextCursor.
    expect(searching.calls.map((call) => [call.query.has('page'), call.query.has('cursor')])).toEqual([
      [false, false],
      [false, true],
    ]);
    expect((await client.usage()).month.enrichments).toBe(2);
  }, 60_000);

  it('runs a bulk list in chunks, one result per entry in any order, and reads batches back', async () => {
    const client = clientFor(await stack.key('enterprise'));
    const progress: BulkProgress[] = [];
    const entries = ['client-three.com', 'localhost', 'client-four.com', 'https://client-three.com/', 'client-five.com'];
    const results: BulkResult[] = [];
    for await (const result of client.bulk(entries, { chunkSize: 2, pollIntervalMs: 100, onProgress: (p) => progress.push(p) }))
      results.push(result);
    expect(results.map((r) => [r.index, r.domain, r.status]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [0, 'client-three.com', 'completed'],
      [1, null, 'invalid'],
      [2, 'client-four.com', 'completed'],
      [3, 'client-three.com', 'completed'],
      [4, 'client-five.com', 'completed'],
    ]);
    expect(results.find((r) => r.index === 4)?.data).toMatchObject({ name: 'client-five' });
    expect(progress.at(-1)).toMatchObject({ total: 5, done: 5, completed: 4, invalid: 1, failed: 0 });
    const batchIds = progress.at(-1)!.batches;
    expect(batchIds).toHaveLength(3);

    const batches = [];
    for await (const batch of client.batches({ pageSize: 2 })) batches.push(batch.batchId);
    expect(batches.sort()).toEqual([...batchIds].sort());
    const items = [];
    for await (const item of client.batchItems(batchIds[0]!, {}, { pageSize: 1 })) items.push(item.domain);
    expect(items).toEqual(['client-three.com']);
    expect(await client.batch(batchIds[0]!)).toMatchObject({ status: 'completed', completed: 1 });
    expect((await client.batchResultsCsv(batchIds[0]!)).split('\n')[0]).toContain('domain');
    const csv = await client.submitBatch({ csv: 'website\nclient-four.com\n' });
    expect(csv).toMatchObject({ accepted: 1, jobs: [{ domain: 'client-four.com' }] });
  }, 60_000);

  it('throws each failure as its class, with the code, status and request id', async () => {
    const client = clientFor(await stack.key('enterprise'));
    const notFound = (await client.job('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e)) as EnrichError;
    expect(notFound).toBeInstanceOf(JobNotFoundError);
    expect(notFound).toMatchObject({ status: 404, code: 'JOB_NOT_FOUND', requestId: expect.any(String) });
    await expect(client.submit('localhost')).rejects.toBeInstanceOf(InvalidDomainError);
    await expect(clientFor('ek_not_a_key').usage()).rejects.toBeInstanceOf(AuthenticationFailedError);
    await expect(new EnrichClient({ baseUrl: 'http://127.0.0.1:9', maxRetries: 1, maxRetryDelayMs: 10 }).usage()).rejects.toBeInstanceOf(
      ConnectionError,
    );
  });

  it('waits out a real 429 by its Retry-After', async () => {
    const recorder = recordingFetch();
    const client = clientFor(await stack.key('free'), { fetch: recorder.fetch });
    const accepted = [];
    // Six submissions: the sixth is refused for the rest of the 3 s window, and sent again after it.
    for (let i = 0; i < 6; i += 1) accepted.push(await client.submit(`client-${['one', 'two', 'three', 'four', 'five', 'hook'][i]}.com`));
    expect(accepted).toHaveLength(6);
    const refused = recorder.calls.findIndex((call) => call.status === 429);
    expect(recorder.calls.map((call) => call.status)).toEqual([202, 202, 202, 202, 202, 429, 202]);
    const waited = recorder.calls[refused + 1]!.at - recorder.calls[refused]!.at;
    expect(waited).toBeGreaterThanOrEqual(Number(recorder.calls[refused]!.retryAfter) * 1000 - 50);
  }, 30_000);

  it('sends a bulk upload again after its answer was cut, and the API admits it once', async () => {
    const key = await stack.key('enterprise');
    // A proxy that passes the first upload to the API and cuts the connection instead of answering.
    let cut = 0;
    const proxy = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const upstream = await fetch(baseUrl + req.url, {
        method: req.method,
        headers: Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'connection')) as Record<
          string,
          string
        >,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      if (req.method === 'POST' && cut === 0) {
        cut += 1;
        req.socket.destroy();
        return;
      }
      res.writeHead(upstream.status, Object.fromEntries(upstream.headers)).end(body);
    });
    proxy.listen(0, '127.0.0.1');
    await once(proxy, 'listening');
    try {
      const client = new EnrichClient({ baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, apiKey: key });
      const accepted = await client.submitBatch(['client-cut-a.com', 'client-cut-b.com']);
      expect(cut).toBe(1);
      const batch = await stack.database.db.batch.findUniqueOrThrow({ where: { id: accepted.batchId } });
      expect(await stack.database.db.batch.count({ where: { teamId: batch.teamId } })).toBe(1);
      expect(await stack.database.db.enrichmentJob.count({ where: { teamId: batch.teamId } })).toBe(2);
    } finally {
      proxy.closeAllConnections();
      proxy.close();
    }
  }, 30_000);

  it('manages webhook endpoints, and verifies the service’s own deliveries, refusing altered ones', async () => {
    const client = clientFor(await stack.key('enterprise'));
    const endpoint = await client.webhooks.create({ url: `https://${HOOKS}/client`, events: ['job.completed'] });
    expect((await client.webhooks.list()).map((w) => w.id)).toEqual([endpoint.id]);
    expect(await client.webhooks.update(endpoint.id, { description: 'CRM sync' })).toMatchObject({ description: 'CRM sync' });
    expect(await client.webhooks.get(endpoint.id)).toMatchObject({ url: `https://${HOOKS}/client` });

    await client.enrich('client-hook.com', { refresh: true });
    const [delivery] = await receiver.waitFor((received) => received.some((r) => r.path === '/client'), 20_000);
    const hit = receiver.received.find((r) => r.path === '/client')!;
    const headers = hit.headers as Record<string, string>;
    expect(await verifyWebhook(hit.body, headers, endpoint.secret)).toMatchObject({
      type: 'job.completed',
      data: { domain: 'client-hook.com' },
    });
    expect(await client.webhooks.verify(hit.body, headers, endpoint.secret)).toMatchObject({ type: 'job.completed' });
    const refusal = (body: unknown, secret = endpoint.secret, now?: number) =>
      verifyWebhook(body as string, headers, secret, { now }).then(
        () => 'accepted',
        (error: unknown) => (error instanceof WebhookVerificationError ? 'refused' : String(error)),
      );
    expect(await refusal(hit.body.replace('client-hook.com', 'client-evil.com'))).toBe('refused');
    expect(await refusal(hit.body, `whsec_${Buffer.from('x'.repeat(24)).toString('base64')}`)).toBe('refused');
    expect(await refusal(hit.body, endpoint.secret, Date.now() + 3_600_000)).toBe('refused');
    expect(await refusal(JSON.parse(hit.body))).toBe('refused');
    expect(delivery).toBeDefined();

    const deliveries = [];
    for await (const d of client.webhooks.deliveries(endpoint.id)) deliveries.push(d);
    expect(deliveries.map((d) => d.eventType)).toEqual(['job.completed']);
    expect(await client.webhooks.resend(endpoint.id, deliveries[0]!.id)).toMatchObject({ eventType: 'job.completed' });
    const rotated = await client.webhooks.rotateSecret(endpoint.id);
    expect(rotated.secret).not.toBe(endpoint.secret);
    await client.webhooks.delete(endpoint.id);
    expect(await client.webhooks.list()).toEqual([]);
  }, 60_000);

  it('watches domains (a list or a CSV), walks their pages, changes, pauses, resumes and removes them; walks a company’s changes', async () => {
    const teamName = `client-monitors-${randomUUID()}`;
    const client = clientFor(await stack.key('growth', teamName));
    const added = await client.monitors.add(['mon-a.com', 'https://www.mon-b.com/', 'localhost'], { interval: 'weekly', fields: ['name'] });
    expect(added.added.map((m) => [m.domain, m.interval, m.fields])).toEqual([
      ['mon-a.com', 'weekly', ['name']],
      ['mon-b.com', 'weekly', ['name']],
    ]);
    expect(added.invalid.map((e) => e.entry)).toEqual(['localhost']);
    const one = await client.monitors.add('mon-a.com', { interval: 'daily' });
    expect(one.alreadyWatched).toEqual([{ domain: 'mon-a.com', id: added.added[0]!.id }]);
    const csv = await client.monitors.add(
      { csv: 'Company,Website\nC,mon-c.com\nD,mon-d.com\n' },
      { interval: 'monthly', fields: ['name', 'employeeCount'] },
    );
    expect(csv.added.map((m) => [m.domain, m.interval, m.fields])).toEqual([
      ['mon-c.com', 'monthly', ['name', 'employeeCount']],
      ['mon-d.com', 'monthly', ['name', 'employeeCount']],
    ]);

    const all: Monitor[] = [];
    for await (const monitor of client.monitors.list({}, { pageSize: 3 })) all.push(monitor);
    expect(all.map((m) => m.domain).sort()).toEqual(['mon-a.com', 'mon-b.com', 'mon-c.com', 'mon-d.com']);
    const first = await client.monitors.page({ limit: 3 });
    expect(first.data).toHaveLength(3);
    expect(first.pagination.nextCursor).not.toBeNull();
    const id = added.added[0]!.id;
    expect(await client.monitors.get(id)).toMatchObject({ domain: 'mon-a.com', state: 'active' });
    expect(await client.monitors.pause(id)).toMatchObject({ state: 'paused', pausedReason: 'user' });
    const paused: Monitor[] = [];
    for await (const monitor of client.monitors.list({ state: 'paused' })) paused.push(monitor);
    expect(paused.map((m) => m.id)).toEqual([id]);
    expect(await client.monitors.resume(id)).toMatchObject({ state: 'active', pausedReason: null });
    expect(await client.monitors.update(id, { fields: ['employeeCount'] })).toMatchObject({ fields: ['employeeCount'] });
    const byDomain: Monitor[] = [];
    for await (const monitor of client.monitors.list({ domain: 'mon-c.com' })) byDomain.push(monitor);
    expect(byDomain.map((m) => m.domain)).toEqual(['mon-c.com']);
    await client.monitors.remove(id);
    await expect(client.monitors.get(id)).rejects.toMatchObject({ status: 404, code: 'MONITOR_NOT_FOUND' });
    await expect(client.monitors.add(['x.com'], { interval: 'weekly', fields: ['confidence'] })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });

    // A company's history and the team's feed, walked across pages, newest first.
    const { db } = stack.database;
    await db.company.create({ data: { domain: 'mon-b.com', name: 'Mon B' } });
    const team = await db.team.findFirstOrThrow({ where: { name: teamName } });
    const jobId = randomUUID();
    await db.enrichmentJob.create({ data: { id: jobId, teamId: team.id, domain: 'mon-b.com' } });
    for (let day = 1; day <= 5; day += 1) {
      await db.companyChange.create({
        data: {
          id: newId('chg'),
          domain: 'mon-b.com',
          field: 'employeeCount',
          oldValue: `${day}`,
          newValue: `${day + 1}`,
          observedAt: new Date(Date.UTC(2026, 11, day)),
          sources: ['linkedin'],
          jobId,
        },
      });
    }
    const history = [];
    for await (const change of client.changes('WWW.mon-b.com', { pageSize: 2 })) history.push(change.newValue);
    expect(history).toEqual(['6', '5', '4', '3', '2']);
    const feed = [];
    for await (const change of client.teamChanges({ pageSize: 4 })) feed.push([change.domain, change.newValue]);
    expect(feed[0]).toEqual(['mon-b.com', '6']);
    expect(feed).toHaveLength(5);
    const refusing = clientFor(await stack.key('growth'));
    await expect(refusing.changes('mon-b.com').next()).rejects.toMatchObject({ status: 404, code: 'COMPANY_NOT_FOUND' });
  });
});
