import { randomBytes } from 'node:crypto';
import { createTokenBucket, type TokenBucket } from '@enrich/pipeline';
import { openSharedStateStores, type SharedStateStores, STORE_KINDS } from '../support/shared-state-stores';

// The token bucket the fleet shares (the monitor sweep's pace) on each store, real Redis and
// real PostgreSQL, on a fake clock: every take says its time.

let stores: SharedStateStores;
beforeAll(async () => {
  stores = await openSharedStateStores('token-bucket');
});
afterAll(() => stores?.close());

const fresh = () => `${stores.prefix}-${randomBytes(3).toString('hex')}`;
const T0 = Date.parse('2026-12-05T10:00:00Z');
const at = (ms: number) => new Date(T0 + ms);

/** Takes one after the other, `wants[i]` at `times[i]` ms after T0; what each was granted. */
async function takes(bucket: TokenBucket, wants: number[], times: number[]): Promise<number[]> {
  const granted: number[] = [];
  for (const [i, want] of wants.entries()) granted.push(await bucket.take(want, at(times[i]!)));
  return granted;
}

describe.each(STORE_KINDS)('on %s', (kind) => {
  it('starts full, grants part of a take when that is all it holds, and refills at its rate', async () => {
    const bucket = createTokenBucket(stores.state(kind, fresh()), { name: 'checks', perSecond: 10, burst: 5 });
    // 10 a second: one token every 100 ms, whole tokens only; long idle banks no more than the burst.
    expect(await takes(bucket, [3, 8, 1, 8, 8, 100], [0, 0, 0, 250, 300, 60_000])).toEqual([3, 2, 0, 2, 1, 5]);
  });

  it('takes back what a caller did not use, never beyond the burst', async () => {
    const bucket = createTokenBucket(stores.state(kind, fresh()), { name: 'checks', perSecond: 1, burst: 4 });
    expect(await bucket.take(4, at(0))).toBe(4);
    await bucket.giveBack(3, at(0));
    expect(await bucket.take(10, at(0))).toBe(3);
    await bucket.giveBack(50, at(0));
    expect(await bucket.take(10, at(0))).toBe(4);
  });

  it('two workers share one budget: together no more than one alone', async () => {
    const prefix = fresh();
    const options = { name: 'checks', perSecond: 20, burst: 20 };
    const one = createTokenBucket(stores.state(kind, prefix), options);
    const two = createTokenBucket(stores.state(kind, prefix, 1), options);
    let taken = 0;
    for (let ms = 0; ms <= 5_000; ms += 50) {
      const [a, b] = await Promise.all([one.take(10, at(ms)), two.take(10, at(ms))]);
      taken += a + b;
    }
    // The burst, then 20 a second for 5 s.
    expect(taken).toBe(20 + 100);
  });

  it('a clock behind the last take refills nothing, so skew never raises the rate', async () => {
    const bucket = createTokenBucket(stores.state(kind, fresh()), { name: 'checks', perSecond: 10, burst: 10 });
    expect(await takes(bucket, [10, 10, 10, 10], [10_000, 0, 9_000, 10_500])).toEqual([10, 0, 0, 5]);
  });

  it('buckets of other names or deployments are their own', async () => {
    const prefix = fresh();
    const options = { perSecond: 1, burst: 2 };
    expect(await createTokenBucket(stores.state(kind, prefix), { ...options, name: 'a' }).take(5, at(0))).toBe(2);
    expect(await createTokenBucket(stores.state(kind, prefix), { ...options, name: 'b' }).take(5, at(0))).toBe(2);
    expect(await createTokenBucket(stores.state(kind, fresh()), { ...options, name: 'a' }).take(5, at(0))).toBe(2);
  });

  it('refuses a rate or burst it cannot keep', () => {
    expect(() => createTokenBucket(stores.state(kind, fresh()), { name: 'x', perSecond: 0, burst: 1 })).toThrow(RangeError);
    expect(() => createTokenBucket(stores.state(kind, fresh()), { name: 'x', perSecond: 1, burst: 0.5 })).toThrow(RangeError);
  });
});

it('on Redis the bucket is the hash {prefix}:bucket:name, which expires once it would be full anyway', async () => {
  const prefix = fresh();
  await createTokenBucket(stores.state('redis', prefix), { name: 'checks', perSecond: 10, burst: 10 }).take(4, at(0));
  expect(await stores.redis.hgetall(`{${prefix}}:bucket:checks`)).toEqual({ tokens: '6', at: String(T0) });
  expect(await stores.redis.pttl(`{${prefix}}:bucket:checks`)).toBeGreaterThan(60_000);
});

it('in PostgreSQL the bucket is a row of the unlogged table token_buckets, under its prefix', async () => {
  const prefix = fresh();
  await createTokenBucket(stores.state('postgres', prefix), { name: 'checks', perSecond: 10, burst: 10 }).take(4, at(0));
  const { rows } = await stores.pool.query('SELECT name, tokens, refilled_at FROM token_buckets WHERE prefix = $1', [prefix]);
  expect(rows).toEqual([{ name: 'checks', tokens: 6, refilled_at: at(0) }]);
});
