import { randomBytes } from 'node:crypto';
import { createEventHub, type EventHub, listenerName } from '@enrich/api';
import { sqlPool } from '@enrich/db';
import {
  type BatchItemEnded,
  batchEventChannel,
  JOB_EVENT_SEQ,
  type JobEvents,
  jobEventChannel,
  jobEvents,
  NOTIFY_PAYLOAD_MAX_BYTES,
  notificationPayload,
} from '@enrich/jobs';
import { createLogger } from '@enrich/logger';
import { bullPrefix, createRedisConnection, eventChannel, type QueueStoreKind, type SharedState, waitUntilConnected } from '@enrich/queue';
import { eventually, sleep } from '@enrich/testkit';
import type { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The event streams' transport on either shared store, without the app around it: what a
// worker announces (jobEvents) reaches the API's hub (createEventHub) on the listeners of its
// logical channel only; listen() resolves once the store would deliver; a killed subscriber
// connection comes back and the hub resyncs its listeners; shutdown closes it. PostgreSQL's
// NOTIFY adds its payload limit and payloads that are not announcements.

const logger = createLogger('silent');
// As tests/support/test-stack.ts reads it; not imported from there, which would load every app for a transport test.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const hubConfig = { REDIS_URL, REDIS_CLUSTER: false, SSE_HEARTBEAT_MS: 600_000 };
// A port nothing listens on: the store never confirms.
const DEAD_PORT = 9;

let database: TestDatabase;
let redis: Redis;
const hubs: EventHub[] = [];

beforeAll(async () => {
  database = await createTestDatabase('event-bus');
  redis = createRedisConnection(REDIS_URL, 'producer');
  await waitUntilConnected(redis, 5000);
});
afterAll(async () => {
  await Promise.all(hubs.map((hub) => hub.close()));
  redis?.disconnect();
  await database?.drop();
});

const newPrefix = () => `t-event-bus-${randomBytes(3).toString('hex')}`;

function stateOf(kind: QueueStoreKind, prefix: string, databaseUrl = database.url): SharedState {
  return kind === 'redis'
    ? { kind, prefix, redis }
    : { kind, prefix, pool: sqlPool(database.db), databaseUrl, channel: eventChannel(prefix) };
}

function hubOf(state: SharedState, config = hubConfig): EventHub {
  const hub = createEventHub(config, state, logger);
  hubs.push(hub);
  return hub;
}

/** A stream as the hub drives it, recording what it is told. */
class Recorder {
  readonly messages: string[] = [];
  resyncs = 0;
  closed = false;
  message(text: string): void {
    this.messages.push(text);
  }
  heartbeat(): void {}
  resync(): void {
    this.resyncs += 1;
  }
  close(): void {
    this.closed = true;
  }
}

const reportedErrors = () => {
  const errors: unknown[] = [];
  return { errors, onError: (error: unknown) => errors.push(error) };
};

function itemEnded(batchId: string, message = 'gave up'): BatchItemEnded {
  return {
    batchId,
    seq: 1,
    item: { jobId: '00000000-0000-4000-8000-000000000001', domain: 'a.com', status: 'failed', error: { code: 'SCRAPE_FAILED', message } },
    counts: { completed: 0, failed: 1, pending: 0 },
  };
}

/** Announces `seq` for `jobId` until `recorder` hears it: the subscription may still be being renewed. */
async function announceUntilHeard(events: JobEvents, jobId: string, recorder: Recorder): Promise<void> {
  const heard = recorder.messages.length;
  await eventually(
    async () => {
      await events.jobChanged(jobId, JOB_EVENT_SEQ.ended);
      await sleep(100);
      return recorder.messages.length > heard;
    },
    10_000,
    { what: 'an announcement heard again' },
  );
}

/** The subscriber connection of the hub on `state`, as its store lists it; killed by killSubscriber. */
async function subscriberConnections(state: SharedState): Promise<string[]> {
  if (state.kind === 'postgres') {
    const { rows } = await state.pool.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [listenerName(state.channel)],
    );
    return rows.map((row) => String(row.pid));
  }
  const clients = (await redis.client('LIST')) as string;
  return clients
    .split('\n')
    .filter((line) => line.includes(` name=${bullPrefix(state.prefix)}:api-events `))
    .map((line) => /\bid=(\d+)/.exec(line)![1]!);
}

async function killSubscriber(state: SharedState): Promise<void> {
  const [connection] = await subscriberConnections(state);
  if (!connection) throw new Error('no subscriber connection to kill');
  if (state.kind === 'postgres') await state.pool.query('SELECT pg_terminate_backend($1)', [Number(connection)]);
  else await redis.client('KILL', 'ID', connection);
}

describe.each(['redis', 'postgres'] as const)('event streams on %s', (kind) => {
  it('delivers a job’s and a batch’s announcements to the listeners of their channel, and nobody else’s', async () => {
    const prefix = newPrefix();
    const state = stateOf(kind, prefix);
    const hub = hubOf(state);
    // Another deployment on the same store, listening to the same job under its own prefix.
    const otherPrefix = newPrefix();
    const other = hubOf(stateOf(kind, otherPrefix));
    const { errors, onError } = reportedErrors();
    const events = jobEvents(state, onError);
    const [jobA, jobB, batch] = ['job-a', 'job-b', 'bat_x'];
    const [a, b, items, elsewhere] = [new Recorder(), new Recorder(), new Recorder(), new Recorder()];
    await hub.listen(jobEventChannel(hub.prefix, jobA), a);
    await hub.listen(jobEventChannel(hub.prefix, jobB), b);
    await hub.listen(batchEventChannel(hub.prefix, batch), items);
    await other.listen(jobEventChannel(other.prefix, jobA), elsewhere);
    expect(hub.stats()).toEqual({ streams: 3, channels: 3 });

    await events.jobChanged(jobA, JOB_EVENT_SEQ.started);
    await events.batchItemEnded(itemEnded(batch));
    // Announcements arrive in order: once B has its own, anything misdirected would have arrived too.
    await events.jobChanged(jobB, JOB_EVENT_SEQ.processing);
    await eventually(() => b.messages.length === 1, 5000, { what: 'B’s announcement' });
    expect(a.messages).toEqual([String(JOB_EVENT_SEQ.started)]);
    expect(b.messages).toEqual([String(JOB_EVENT_SEQ.processing)]);
    expect(items.messages.map((text) => JSON.parse(text))).toEqual([itemEnded(batch)]);
    expect(elsewhere.messages).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('resolves listen() only once the store delivers: an announcement made right after it is heard', async () => {
    const state = stateOf(kind, newPrefix());
    const events = jobEvents(state, (error) => {
      throw error;
    });
    // A new hub each round: the first listen() opens the connection, the race at its widest.
    for (let round = 0; round < 5; round += 1) {
      const hub = hubOf(state);
      const recorder = new Recorder();
      await hub.listen(jobEventChannel(hub.prefix, `job-${round}`), recorder);
      await events.jobChanged(`job-${round}`, JOB_EVENT_SEQ.processing);
      await eventually(() => recorder.messages.length === 1, 5000, { what: `round ${round}` });
      await hub.close();
    }
  });

  it('comes back after its subscriber connection is killed: every listener is resynced, and announcements arrive again', async () => {
    const state = stateOf(kind, newPrefix());
    const hub = hubOf(state);
    const events = jobEvents(state, () => undefined);
    const [one, two, alsoTwo] = [new Recorder(), new Recorder(), new Recorder()];
    await hub.listen(jobEventChannel(hub.prefix, 'job-1'), one);
    await hub.listen(jobEventChannel(hub.prefix, 'job-2'), two);
    await hub.listen(jobEventChannel(hub.prefix, 'job-2'), alsoTwo);
    expect(await subscriberConnections(state)).toHaveLength(1);

    await killSubscriber(state);
    await eventually(() => [one, two, alsoTwo].every((r) => r.resyncs === 1), 10_000, { what: 'every listener resynced' });
    expect(await subscriberConnections(state)).toHaveLength(1);
    await announceUntilHeard(events, 'job-1', one);
    await announceUntilHeard(events, 'job-2', two);
    expect(alsoTwo.messages).toEqual(two.messages);
  });

  it('refuses a stream (503) when the store does not confirm its channel in time', async () => {
    const config = { ...hubConfig, REDIS_URL: `redis://127.0.0.1:${DEAD_PORT}` };
    const hub = hubOf(stateOf(kind, newPrefix(), `postgresql://postgres@127.0.0.1:${DEAD_PORT}/nothing`), config);
    const started = Date.now();
    await expect(hub.listen('anything', new Recorder())).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryable: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect(hub.stats()).toEqual({ streams: 0, channels: 0 });
  });

  it('closes its listeners and its connection on shutdown, then refuses new streams', async () => {
    const state = stateOf(kind, newPrefix());
    const hub = hubOf(state);
    const recorder = new Recorder();
    await hub.listen(jobEventChannel(hub.prefix, 'job-1'), recorder);
    expect(await subscriberConnections(state)).toHaveLength(1);
    await hub.close();
    expect(recorder.closed).toBe(true);
    await eventually(async () => (await subscriberConnections(state)).length === 0, 5000, { what: 'the connection gone' });
    await expect(hub.listen(jobEventChannel(hub.prefix, 'job-1'), new Recorder())).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});

describe('event streams on postgres: NOTIFY', () => {
  it('uses PostgreSQL’s own payload limit: a payload just under it arrives, one at it is reported and dropped', async () => {
    const pool = sqlPool(database.db);
    // The server's limit is the constant's: the longest allowed passes, one byte more is refused.
    await pool.query('SELECT pg_notify($1, $2)', ['t_event_bus_limit', 'x'.repeat(NOTIFY_PAYLOAD_MAX_BYTES)]);
    await expect(pool.query('SELECT pg_notify($1, $2)', ['t_event_bus_limit', 'x'.repeat(NOTIFY_PAYLOAD_MAX_BYTES + 1)])).rejects.toThrow(
      /payload string too long/,
    );

    const state = stateOf('postgres', newPrefix());
    const hub = hubOf(state);
    const { errors, onError } = reportedErrors();
    const events = jobEvents(state, onError);
    const recorder = new Recorder();
    const channel = batchEventChannel(hub.prefix, 'bat_big');
    await hub.listen(channel, recorder);
    // The error message's length that makes the payload exactly `bytes` long (one byte per 'x').
    const payloadBytes = (message: string) =>
      Buffer.byteLength(notificationPayload(channel, JSON.stringify(itemEnded('bat_big', message))));
    const sized = (bytes: number) => 'x'.repeat(bytes - payloadBytes(''));

    await events.batchItemEnded(itemEnded('bat_big', sized(NOTIFY_PAYLOAD_MAX_BYTES + 1)));
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/over PostgreSQL's limit/);
    await events.batchItemEnded(itemEnded('bat_big', sized(NOTIFY_PAYLOAD_MAX_BYTES)));
    await eventually(() => recorder.messages.length === 1, 5000, { what: 'the largest allowed announcement' });
    expect(JSON.parse(recorder.messages[0]!)).toEqual(itemEnded('bat_big', sized(NOTIFY_PAYLOAD_MAX_BYTES)));
    expect(errors).toHaveLength(1);
  });

  it('ignores notifications on its channel that are not announcements', async () => {
    const state = stateOf('postgres', newPrefix());
    if (state.kind !== 'postgres') throw new Error('a postgres state');
    const hub = hubOf(state);
    const recorder = new Recorder();
    const channel = jobEventChannel(hub.prefix, 'job-1');
    await hub.listen(channel, recorder);
    for (const payload of ['not json', '{"c": 1, "m": "2"}', JSON.stringify({ c: channel }), '"a string"', 'null', '']) {
      await state.pool.query('SELECT pg_notify($1, $2)', [state.channel, payload]);
    }
    await state.pool.query('SELECT pg_notify($1, $2)', [state.channel, notificationPayload(channel, '2')]);
    await eventually(() => recorder.messages.length > 0, 5000, { what: 'the announcement' });
    expect(recorder.messages).toEqual(['2']);
  });
});
