import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { strictError } from '../support/contract-schemas';
import { type FuzzRequest, fuzzRequests } from '../support/fuzz-requests';
import { startTestStack, type TestStack } from '../support/test-stack';

// Every route, tried as an attacker would: a few thousand seeded requests (wrong types, deep
// nesting, huge strings, U+0000 and lone surrogates, broken percent-encoding, bad encodings
// and charsets, repeated parameters, odd methods). No answer may be a 5xx; every error is in
// the contract's shape with a known code; a bulk request mixing valid and hostile entries
// accepts every valid one. FUZZ_SEED and FUZZ_REQUESTS explore further:
//   FUZZ_SEED=7 FUZZ_REQUESTS=20000 npx jest tests/integration/fuzz.test.ts

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);
const CONCURRENCY = 6;
const REQUEST_TIMEOUT_MS = 15_000;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

let stack: TestStack;
let base: { port: number; agent: Agent; close: () => Promise<void> };
let key: string;

beforeAll(async () => {
  // Failed authentications are part of the fuzz; their per-address limit would turn the rest into 429s.
  stack = await startTestStack({ label: 'fuzz', workers: false, env: { AUTH_FAILURES_PER_MINUTE: '100000' } });
  key = await stack.key('enterprise', 'fuzz-team');
  // Limits high enough that no request is refused by them: a 429 would hide what the request reached.
  await stack.database.db.team.update({
    where: { name: 'fuzz-team' },
    data: { rateLimitPerMinute: 100_000_000, rateLimitPerDay: null, monthlyQuota: 100_000_000 },
  });
  const server = stack.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  base = {
    port: (server.address() as AddressInfo).port,
    agent,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
});
afterAll(async () => {
  await base?.close();
  await stack?.stop();
});

function send(req: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port: base.port, agent: base.agent, method: req.method, path: req.path, headers: req.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () => outgoing.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    outgoing.on('error', reject);
    // Bodies go chunked half the time and with a Content-Length otherwise; Node's client would
    // send a GET's (HEAD's, DELETE's, …) body unframed, so those always have a Content-Length.
    if (req.body && (req.body.length % 2 === 0 || !['POST', 'PUT', 'PATCH'].includes(req.method))) {
      outgoing.setHeader('content-length', req.body.length);
    }
    outgoing.end(req.body);
  });
}

// What is wrong with an answer, or undefined.
function problemWith(req: FuzzRequest, answer: Answer): string | undefined {
  if (answer.status >= 500) return `a ${answer.status}`;
  const requestId = answer.headers['x-request-id'];
  if (!requestId) return 'no X-Request-Id';
  if (answer.status === 429) return 'a 429: a limit hid what the request would have reached';
  if (answer.status >= 400 && req.method !== 'HEAD') {
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return 'an error whose body is not JSON';
    }
    const parsed = strictError.safeParse(body);
    if (!parsed.success) return `an error not in the contract's shape: ${parsed.error.issues[0]?.message}`;
    if (parsed.data.error.requestId !== requestId) return 'error.requestId is not X-Request-Id';
  }
  if (req.mustAccept) {
    if (answer.status !== 202) return `a bulk request with valid entries answered ${answer.status}`;
    const jobs = (JSON.parse(answer.text) as { jobs: { index: number; domain: string }[] }).jobs;
    const missing = req.mustAccept.filter(
      (entry) => !jobs.some((job) => job.domain === entry.domain && (entry.index ?? job.index) === job.index),
    );
    if (missing.length > 0) return `valid entries not accepted: ${JSON.stringify(missing)}`;
  }
  return undefined;
}

const shorten = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…(${text.length})` : text);

it(`answers ${REQUESTS} hostile requests (seed ${SEED}) without a 5xx, in the contract's shape`, async () => {
  const ctx = {
    key,
    jobId: await stack.submit(key, 'fuzz-known-job.com'),
    batchId: await (async () => {
      const res = await send({
        kind: 'setup',
        method: 'POST',
        path: '/enrich/bulk',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: Buffer.from('{"domains": ["fuzz-known-batch.com"]}'),
      });
      return (JSON.parse(res.text) as { batchId: string }).batchId;
    })(),
  };
  const requests = fuzzRequests(SEED, ctx, REQUESTS);
  const failures: { seq: number; kind: string; problem: string; report: string }[] = [];
  const statuses = new Map<number, number>();
  const kinds = new Map<string, number>();
  let mixedBulk = 0;

  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const seq = next++;
      const req = requests[seq]!;
      kinds.set(req.kind, (kinds.get(req.kind) ?? 0) + 1);
      let problem: string | undefined;
      let answer: Answer | undefined;
      try {
        answer = await send(req);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        problem = problemWith(req, answer);
        if (req.mustAccept && !problem) mixedBulk += 1;
      } catch (error) {
        problem = `no answer: ${(error as Error).message}`;
      }
      if (problem) {
        const headers = JSON.stringify(req.headers, (_key, value) => (typeof value === 'string' ? shorten(value, 80) : value));
        const body = req.body ? `\n  body ${JSON.stringify(shorten(req.body.toString('utf8')))}` : '';
        const report = `#${seq} ${req.kind}: ${problem}\n  ${req.method} ${shorten(req.path, 200)} ${headers}${body}\n  → ${answer?.status} ${shorten(answer?.text ?? '')}`;
        failures.push({ seq, kind: req.kind, problem, report });
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));

  if (process.env.FUZZ_VERBOSE) {
    const counts = new Map<string, number>();
    for (const { kind, problem } of failures)
      counts.set(`${kind}: ${problem.slice(0, 60)}`, (counts.get(`${kind}: ${problem.slice(0, 60)}`) ?? 0) + 1);
    console.log([...counts].map(([what, count]) => `${count}\t${what}`).join('\n'), '\nstatuses', Object.fromEntries(statuses));
  }
  const first = failures.sort((x, y) => x.seq - y.seq).slice(0, 15);
  expect(
    failures.length ? `${failures.length} of ${REQUESTS} requests failed; the first:\n\n${first.map((f) => f.report).join('\n\n')}` : '',
  ).toBe('');
  // It reached every route, and past authentication, parsing and validation to the handlers.
  expect([...kinds.keys()].sort()).toEqual(
    [
      'batch-csv',
      'bulk-csv',
      'bulk-json',
      'bulk-preview',
      'events',
      'get-batch',
      'get-job',
      'list',
      'lookup',
      'odd-method',
      'post-enrich',
      'search',
      'service',
      'unknown-path',
      'usage',
      'webhooks',
    ].sort(),
  );
  for (const status of [200, 202, 400, 401, 404, 405, 413, 415]) expect([status, statuses.get(status) ?? 0]).not.toEqual([status, 0]);
  expect(mixedBulk).toBeGreaterThan(REQUESTS / 40);
});
