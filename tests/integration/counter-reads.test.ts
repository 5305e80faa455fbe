import { CounterReads, SharedCounterStore, type WindowCounters, windowCounters } from '@enrich/api';
import { sleep } from '@enrich/testkit';
import type { Options } from 'express-rate-limit';
import { openSharedStateStores, type SharedStateStores, STORE_KINDS } from '../support/shared-state-stores';

// Reads of a rate-limit counter (what polls report without counting) are shared for a few
// milliseconds, so a team's thousands of polls a second cost the store little; a count made in
// the same process is seen at once, and one made by another replica once the reuse time is
// over. On each store: Redis and PostgreSQL.

const REUSE_MS = 200;
let stores: SharedStateStores;

beforeAll(async () => {
  stores = await openSharedStateStores('reads');
});
afterAll(() => stores?.close());

describe.each(STORE_KINDS)('on %s', (kind) => {
  const prefix = () => `{${stores.prefix}}:rl:${kind}:`;

  /** A replica's store: a connection of its own, counting the counter reads it sends the store; reads fail while `failing`. */
  async function replica(): Promise<{ store: SharedCounterStore; reads: () => number; failing: (on: boolean) => void }> {
    const counters = windowCounters(stores.state(kind, stores.prefix, 1));
    let reads = 0;
    let failing = false;
    const counted: WindowCounters = {
      ...counters,
      read: (key) => {
        reads += 1;
        return failing ? Promise.reject(new Error('the store went away')) : counters.read(key);
      },
    };
    const store = new SharedCounterStore(counted, prefix(), new CounterReads(REUSE_MS));
    await store.init({ windowMs: 60_000 } as Options);
    return {
      store,
      reads: () => reads,
      failing: (on) => {
        failing = on;
      },
    };
  }

  it('shares reads in flight and for the reuse time, then reads the store again', async () => {
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
    const { store, failing } = await replica();
    await store.increment('team-d');
    failing(true);
    await expect(store.get('team-d')).rejects.toThrow('the store went away');
    failing(false);
    expect((await store.get('team-d'))?.totalHits).toBe(1);
  });
});
