import { randomBytes } from 'node:crypto';
import { createLease } from '@enrich/pipeline';
import { sleep } from '@enrich/testkit';
import { openSharedStateStores, type SharedStateStores, STORE_KINDS } from '../support/shared-state-stores';

// Leases (the reconciler's: one pass per interval across the fleet) on each store, real Redis
// and real PostgreSQL.

let stores: SharedStateStores;
beforeAll(async () => {
  stores = await openSharedStateStores('lease');
});
afterAll(() => stores?.close());

const fresh = () => `${stores.prefix}-${randomBytes(3).toString('hex')}`;

describe.each(STORE_KINDS)('on %s', (kind) => {
  it('is taken once while unexpired, and again once it has expired', async () => {
    // A ttl well above the machine's stalls under a full suite (a 300 ms one was passed by a
    // stall between two takes), and each wait measured from the take it follows.
    const ttl = 1500;
    const lease = createLease(stores.state(kind, fresh()));
    const taken = Date.now();
    expect(await lease.take('reconciler-lock', ttl)).toBe(true);
    expect(await lease.take('reconciler-lock', ttl)).toBe(false);
    await sleep(150);
    if (Date.now() - taken < ttl - 100) expect(await lease.take('reconciler-lock', ttl)).toBe(false);
    await sleep(Math.max(0, taken + ttl + 100 - Date.now()));
    expect(await lease.take('reconciler-lock', ttl)).toBe(true);
    expect(await lease.take('reconciler-lock', ttl)).toBe(false);
  });

  it('two workers taking at once: exactly one wins, every time', async () => {
    const prefix = fresh();
    const one = createLease(stores.state(kind, prefix));
    const two = createLease(stores.state(kind, prefix, 1));
    for (let round = 0; round < 5; round += 1) {
      const takes = await Promise.all([one, two, one, two, one, two].map((lease) => lease.take(`pass-${round}`, 60_000)));
      expect(takes.filter(Boolean)).toHaveLength(1);
    }
    // And once an expired lease is taken again.
    expect(await one.take('short', 50)).toBe(true);
    await sleep(100);
    const again = await Promise.all([one, two, one, two].map((lease) => lease.take('short', 60_000)));
    expect(again.filter(Boolean)).toHaveLength(1);
  });

  it('names and deployments hold leases of their own', async () => {
    const prefix = fresh();
    const lease = createLease(stores.state(kind, prefix));
    expect(await lease.take('a', 60_000)).toBe(true);
    expect(await lease.take('b', 60_000)).toBe(true);
    expect(await createLease(stores.state(kind, fresh())).take('a', 60_000)).toBe(true);
    expect(await lease.take('a', 60_000)).toBe(false);
  });

  it('refuses a ttl that is not a positive whole number of ms', async () => {
    const lease = createLease(stores.state(kind, fresh()));
    await expect(lease.take('a', 0)).rejects.toThrow(RangeError);
    await expect(lease.take('a', 1.5)).rejects.toThrow(RangeError);
  });
});

it('on Redis the lease is the key {prefix}:name, as the reconciler’s lock has always been', async () => {
  const prefix = fresh();
  expect(await createLease(stores.state('redis', prefix)).take('reconciler-lock', 5_000)).toBe(true);
  const ttl = await stores.redis.pttl(`{${prefix}}:reconciler-lock`);
  expect(ttl).toBeGreaterThan(4_000);
  expect(ttl).toBeLessThanOrEqual(5_000);
  expect(await stores.redis.get(`{${prefix}}:reconciler-lock`)).toBe(String(process.pid));
});

it('in PostgreSQL the lease is a row of the unlogged table leases, under its prefix', async () => {
  const prefix = fresh();
  expect(await createLease(stores.state('postgres', prefix)).take('reconciler-lock', 5_000)).toBe(true);
  const { rows } = await stores.pool.query<{ name: string; left_ms: number }>(
    `SELECT name, extract(epoch FROM expires_at - clock_timestamp()) * 1000 AS left_ms FROM leases WHERE prefix = $1`,
    [prefix],
  );
  expect(rows.map((row) => row.name)).toEqual(['reconciler-lock']);
  expect(Number(rows[0]!.left_ms)).toBeGreaterThan(4_000);
  expect(Number(rows[0]!.left_ms)).toBeLessThanOrEqual(5_000);
});
