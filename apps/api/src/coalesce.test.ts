import { coalesce } from './coalesce';

describe('coalesce', () => {
  it('runs the calls of one turn as one batch, and a later call in a new batch', async () => {
    const batches: number[][] = [];
    const double = coalesce<number, number>(async (batch) => {
      batches.push(batch.map((call) => call.input));
      for (const call of batch) call.resolve(call.input * 2);
    });
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(await double(4)).toBe(8);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('settles each call on its own; a batch that throws rejects only the calls it left unsettled', async () => {
    const run = coalesce<number, number>(async (batch) => {
      for (const call of batch) if (call.input % 2 === 0) call.resolve(call.input);
      for (const call of batch) if (call.input === 3) call.reject(new Error('three'));
      throw new Error('the batch failed');
    });
    const results = await Promise.allSettled([run(1), run(2), run(3)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'the batch failed',
      2,
      'three',
    ]);
  });
});
