import { randomBytes } from 'node:crypto';
import { postgresWindowCounters, SharedCounterStore, type WindowCounters, windowCounters } from '@enrich/api';
import { sleep } from '@enrich/testkit';
import type { Options } from 'express-rate-limit';
import { openSharedStateStores, type SharedStateStores, STORE_KINDS } from '../support/shared-state-stores';

// The rate-limit windows on each store, real Redis and real PostgreSQL: a window starts at its
// counter's first hit and the counter expires with it; every replica counts in the same window.

let stores: SharedStateStores;
beforeAll(async () => {
  stores = await openSharedStateStores('windows');
});
afterAll(() => stores?.close());

// Keys as the rate limits make them: under the deployment's braced prefix.
const fresh = () => `{${stores.prefix}}:rl:test:${randomBytes(4).toString('hex')}`;

describe.each(STORE_KINDS)('on %s', (kind) => {
  let counters: WindowCounters;
  beforeAll(() => {
    counters = windowCounters(stores.state(kind));
  });

  it('a window starts at its first hit, counts by the increment, and reads without counting', async () => {
    const key = fresh();
    expect(await counters.read(key)).toBeUndefined();
    expect(await counters.incrementBy(key, 10_000, 3)).toEqual({ total: 3, msLeft: 10_000 });
    const second = await counters.incrementBy(key, 10_000, 2);
    expect(second.total).toBe(5);
    expect(second.msLeft).toBeGreaterThan(9_000);
    expect(second.msLeft).toBeLessThanOrEqual(10_000);
    // A later increment does not move the window's end (a window started by a longer one keeps it).
    const third = await counters.incrementBy(key, 60_000, 1);
    expect(third.total).toBe(6);
    expect(third.msLeft).toBeLessThanOrEqual(10_000);
    const read = await counters.read(key);
    expect(read?.hits).toBe(6);
    expect(read?.msLeft).toBeGreaterThan(9_000);
    expect(read?.msLeft).toBeLessThanOrEqual(10_000);
    expect((await counters.read(key))?.hits).toBe(6);
  });

  it('the counter expires with its window; the next hit starts a new one', async () => {
    const key = fresh();
    await counters.incrementBy(key, 200, 4);
    await sleep(250);
    expect(await counters.read(key)).toBeUndefined();
    expect(await counters.incrementBy(key, 1_000, 1)).toEqual({ total: 1, msLeft: 1_000 });
  });

  it('a hit given back, and a reset', async () => {
    const key = fresh();
    await counters.incrementBy(key, 10_000, 3);
    await counters.decrement(key);
    expect((await counters.read(key))?.hits).toBe(2);
    await counters.reset(key);
    expect(await counters.read(key)).toBeUndefined();
    expect(await counters.incrementBy(key, 10_000, 1)).toEqual({ total: 1, msLeft: 10_000 });
    await counters.reset(fresh()); // a counter that does not exist: nothing to do
  });

  it('two replicas counting at once share one count: every increment gets its own total', async () => {
    const key = fresh();
    const other = windowCounters(stores.state(kind, stores.prefix, 1));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? counters : other).incrementBy(key, 10_000, 1 + (i % 3))),
    );
    const totals = answers.map((answer) => answer.total).sort((a, b) => a - b);
    expect(new Set(totals).size).toBe(40);
    expect(totals.at(-1)).toBe(Array.from({ length: 40 }, (_, i) => 1 + (i % 3)).reduce((a, b) => a + b, 0));
    expect((await other.read(key))?.hits).toBe(totals.at(-1));
  });

  it('the store: increments of one turn are one incrementBy, each request keeping its place', async () => {
    const calls: number[] = [];
    const counted: WindowCounters = {
      ...counters,
      incrementBy: (key, windowMs, count) => {
        calls.push(count);
        return counters.incrementBy(key, windowMs, count);
      },
    };
    const store = new SharedCounterStore(counted, `{${stores.prefix}}:rl:store-${randomBytes(3).toString('hex')}:`);
    store.init({ windowMs: 30_000 } as Options);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => store.increment('team-a')));
    expect(answers.map((answer) => answer.totalHits)).toEqual([1, 2, 3, 4, 5]);
    expect(calls).toEqual([5]);
    for (const answer of answers) expect(answer.resetTime!.getTime() - Date.now()).toBeGreaterThan(25_000);
    expect((await store.get('team-a'))?.totalHits).toBe(5);
    await store.decrement('team-a');
    expect((await store.get('team-a'))?.totalHits).toBe(4);
    await store.resetKey('team-a');
    expect(await store.get('team-a')).toEqual({ totalHits: 0, resetTime: undefined });
  });
});

it('in PostgreSQL, expired windows are swept away by later increments, now and then', async () => {
  const counters = postgresWindowCounters(stores.pool, 100);
  const [gone, kept] = [fresh(), fresh()];
  await counters.incrementBy(gone, 50, 1);
  await counters.incrementBy(kept, 60_000, 1);
  await sleep(150);
  await counters.incrementBy(kept, 60_000, 1);
  const rows = async () => {
    const { rows } = await stores.pool.query<{ key: string }>('SELECT key FROM rate_limit_windows WHERE key = ANY($1) ORDER BY key', [
      [gone, kept],
    ]);
    return rows.map((row) => row.key);
  };
  // The sweep runs beside the increment, not before its answer.
  for (let i = 0; i < 50 && (await rows()).includes(gone); i += 1) await sleep(20);
  expect(await rows()).toEqual([kept]);
});
