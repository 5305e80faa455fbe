import { BatchedReads } from './batched-reads';

/** A readMany that records each call's keys and answers from `values` as they are at the call. */
function recorder(values: Map<string, number>) {
  const calls: string[][] = [];
  const readMany = async (keys: string[]) => {
    calls.push(keys);
    return keys.map((key) => values.get(key) ?? 0);
  };
  return { calls, readMany };
}

describe('BatchedReads', () => {
  it('answers the reads asked within the window with one call, each with its own value', async () => {
    const { calls, readMany } = recorder(
      new Map([
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ]),
    );
    const reads = new BatchedReads(readMany, 20);
    expect(await Promise.all([reads.read('a'), reads.read('b'), reads.read('c')])).toEqual([1, 2, 3]);
    expect(calls).toEqual([['a', 'b', 'c']]);
  });

  it('never answers a read from a call made before it was asked', async () => {
    const values = new Map([['a', 1]]);
    const { calls, readMany } = recorder(values);
    const reads = new BatchedReads(readMany, 5);
    expect(await reads.read('a')).toBe(1);
    values.set('a', 2);
    expect(await reads.read('a')).toBe(2);
    expect(calls).toEqual([['a'], ['a']]);
  });

  it('sends a full batch at once, without waiting out the window', async () => {
    const { calls, readMany } = recorder(new Map());
    const reads = new BatchedReads(readMany, 60_000, 2);
    await Promise.all([reads.read('a'), reads.read('b')]);
    expect(calls).toEqual([['a', 'b']]);
  });

  it('fails every read of a call that failed, and the next reads make a call of their own', async () => {
    let fail = true;
    const reads = new BatchedReads(async (keys: string[]) => {
      if (fail) throw new Error('store down');
      return keys.map(() => 7);
    }, 5);
    const failed = await Promise.allSettled([reads.read('a'), reads.read('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await reads.read('a')).toBe(7);
  });

  it('flush() sends what waits now', async () => {
    const { calls, readMany } = recorder(new Map([['a', 4]]));
    const reads = new BatchedReads(readMany, 60_000);
    const read = reads.read('a');
    reads.flush();
    expect(await read).toBe(4);
    expect(calls).toEqual([['a']]);
  });
});
