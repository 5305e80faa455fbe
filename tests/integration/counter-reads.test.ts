import { CounterReads, SharedRedisStore } from '@enrich/api';
import { createRedisConnection, waitUntilConnected } from '@enrich/queue';
import type { Options } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { REDIS_URL } from '../support/test-stack';

// Reads of a rate-limit counter (what polls report without counting) are shared for a few
// milliseconds, so a team's thousands of polls a second cost Redis little; a count made in the
// same process is seen at once, and one made by another replica once the reuse time is over.

const PREFIX = `test-counter-reads-${process.pid}:`;
const REUSE_MS = 200;
let redis: Redis;
const connections: Redis[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A replica's store: a connection of its own, counting the counter reads it sends Redis. */
async function replica(): Promise<{ store: SharedRedisStore; reads: () => number }> {
  const connection = createRedisConnection(REDIS_URL, 'producer');
  connections.push(connection);
  await waitUntilConnected(connection, 5_000);
  let reads = 0;
  const call = connection.call.bind(connection) as (...args: unknown[]) => Promise<unknown>;
  // The real client, counted: the store sends its reads as EVALSHA (or EVAL) of its read script.
  (connection as unknown as { call: typeof call }).call = (...args: unknown[]) => {
    if (/^EVAL/i.test(String(args[0]))) reads += 1;
    return call(...args);
  };
  const store = new SharedRedisStore(connection, PREFIX, new CounterReads(REUSE_MS));
  await store.init({ windowMs: 60_000 } as Options);
  return { store, reads: () => reads };
}

beforeAll(async () => {
  redis = createRedisConnection(REDIS_URL, 'producer');
  await waitUntilConnected(redis, 5_000);
});
afterAll(async () => {
  await redis.del(...['team-a', 'team-b', 'team-c', 'team-d'].map((key) => `${PREFIX}${key}`));
  for (const connection of [redis, ...connections]) connection.disconnect();
});

it('shares reads in flight and for the reuse time, then reads Redis again', async () => {
  const { store, reads } = await replica();
  await store.increment('team-a');
  const before = reads();
  const together = await Promise.all([store.get('team-a'), store.get('team-a'), store.get('team-a')]);
  expect(together.map((info) => info?.totalHits)).toEqual([1, 1, 1]);
  expect((await store.get('team-a'))?.totalHits).toBe(1);
  expect(reads() - before).toBe(1);
  // Another key is its own read.
  expect((await store.get('team-b'))?.totalHits).toBeFalsy();
  expect(reads() - before).toBe(2);
  await sleep(REUSE_MS + 50);
  expect((await store.get('team-a'))?.totalHits).toBe(1);
  expect(reads() - before).toBe(3);
});

it('sees its own counts at once, a count given back too, and another replica`s after the reuse time', async () => {
  const one = await replica();
  const two = await replica();
  await one.store.increment('team-c');
  expect((await one.store.get('team-c'))?.totalHits).toBe(1);
  await one.store.increment('team-c');
  expect((await one.store.get('team-c'))?.totalHits).toBe(2);
  await one.store.decrement('team-c');
  expect((await one.store.get('team-c'))?.totalHits).toBe(1);

  // A read in flight while this process counts is not reused after the count.
  const during = one.store.get('team-c');
  await one.store.increment('team-c');
  await during;
  expect((await one.store.get('team-c'))?.totalHits).toBe(2);

  await two.store.increment('team-c');
  expect((await two.store.get('team-c'))?.totalHits).toBe(3);
  // The first replica may still show its read of a moment ago, never longer than the reuse time.
  expect([2, 3]).toContain((await one.store.get('team-c'))?.totalHits);
  await sleep(REUSE_MS + 50);
  expect((await one.store.get('team-c'))?.totalHits).toBe(3);
});

it('never reuses a failed read', async () => {
  const { store } = await replica();
  await store.increment('team-d');
  const connection = connections.at(-1)!;
  const call = connection.call.bind(connection) as (...args: unknown[]) => Promise<unknown>;
  let failing = true;
  (connection as unknown as { call: typeof call }).call = (...args: unknown[]) =>
    failing && /^EVAL/i.test(String(args[0])) ? Promise.reject(new Error('redis went away')) : call(...args);
  await expect(store.get('team-d')).rejects.toThrow('redis went away');
  failing = false;
  expect((await store.get('team-d'))?.totalHits).toBe(1);
});
