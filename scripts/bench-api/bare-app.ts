// The baseline of `npm run bench:api`: a bare Express 5 app doing the least an enrichment API
// could do per request, on the same Redis as the API. POST /enrich parses the JSON body and adds
// one BullMQ job (Queue.add), then answers 202 with a small JSON; GET /enrich/:id answers a fixed
// JSON body. The benchmark sets that body (PUT /_bench/answer) to the bytes the API answered for
// the same request, so both sides of a poll scenario send the same response size.
//
// Environment: REDIS_URL, QUEUE_PREFIX (its own, apart from the API's), PORT, HOST.
import { randomUUID } from 'node:crypto';
import { bullPrefix, createRedisConnection, waitUntilConnected } from '@enrich/queue';
import { Queue } from 'bullmq';
import express from 'express';

async function main(): Promise<void> {
  const redis = createRedisConnection(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 'producer');
  await waitUntilConnected(redis, 5000);
  const queue = new Queue('bare-enrich', { connection: redis, prefix: bullPrefix(process.env.QUEUE_PREFIX ?? 'bench-api-bare') });
  queue.on('error', () => undefined);
  let answer = Buffer.from('{"status":"processing"}');

  const app = express();
  app.post('/enrich', express.json(), async (req, res) => {
    const domain = (req.body as { domain?: unknown } | undefined)?.domain;
    if (typeof domain !== 'string') {
      res.status(400).json({ error: { code: 'VALIDATION_ERROR', message: 'domain is required' } });
      return;
    }
    const job = await queue.add('enrich', { domain }, { jobId: randomUUID() });
    res.status(202).json({ status: 'processing', jobId: job.id, domain, statusEndpoint: `/api/enrich/${job.id}` });
  });
  app.get('/enrich/:id', (_req, res) => {
    res.type('application/json').send(answer);
  });
  app.get('/enrich/bulk/:id', (_req, res) => {
    res.type('application/json').send(answer);
  });
  app.put('/_bench/answer', express.raw({ type: '*/*', limit: '10mb' }), (req, res) => {
    answer = Buffer.from(req.body as Buffer);
    res.status(204).end();
  });
  app.get('/readyz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  const port = Number(process.env.PORT ?? 3100);
  const server = app.listen(port, process.env.HOST ?? '127.0.0.1', () => console.log(`bare app listening on ${port}`));
  const shutdown = async () => {
    server.close();
    await queue.close().catch(() => undefined);
    redis.disconnect();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
