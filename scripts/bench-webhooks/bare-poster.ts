// The baseline of bench:webhooks, run as its own process like worker-webhooks: the same signed
// messages POSTed straight to the receiver with standardwebhooks and Node's http, over
// keep-alive connections, no queue and no database. Reads its work from the JSON file named by
// BARE_INPUT: {url, secret, concurrency, ratePerSecond?, messages: [{id, body}]}; all at once
// with `concurrency` in flight, or one every 1/ratePerSecond s. Prints one JSON line: when
// each message was started (Date.now()), and the wall time of the whole run.

import { readFileSync } from 'node:fs';
import http from 'node:http';
import { Webhook } from 'standardwebhooks';

interface Input {
  url: string;
  secret: string;
  concurrency: number;
  ratePerSecond?: number;
  messages: { id: string; body: string }[];
}

const input = JSON.parse(readFileSync(process.env.BARE_INPUT!, 'utf8')) as Input;
const target = new URL(input.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: input.concurrency });
const signer = new Webhook(input.secret);

function post(message: { id: string; body: string }): Promise<void> {
  const now = new Date();
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(message.body)),
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signer.sign(message.id, now, message.body),
  };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers, agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(message.body);
  });
}

async function main(): Promise<void> {
  const startedAt: Record<string, number> = {};
  const started = performance.now();
  if (input.ratePerSecond) {
    const gap = 1000 / input.ratePerSecond;
    const inFlight: Promise<void>[] = [];
    for (const [i, message] of input.messages.entries()) {
      const due = started + i * gap;
      if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
      startedAt[message.id] = Date.now();
      inFlight.push(post(message));
    }
    await Promise.all(inFlight);
  } else {
    let next = 0;
    const lane = async () => {
      while (next < input.messages.length) {
        const message = input.messages[next++]!;
        startedAt[message.id] = Date.now();
        await post(message);
      }
    };
    await Promise.all(Array.from({ length: input.concurrency }, lane));
  }
  process.stdout.write(`${JSON.stringify({ wallMs: performance.now() - started, startedAt })}\n`);
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
