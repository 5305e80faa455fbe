import { sleep } from '@enrich/testkit';
import { createLimiter } from './concurrency-limit';

describe('createLimiter', () => {
  it('runs at most `max` tasks at once, in arrival order, and survives failures', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (id: number) => async () => {
      started.push(id);
      running += 1;
      peak = Math.max(peak, running);
      await sleep(10);
      running -= 1;
      if (id === 1) throw new Error('boom');
      return id;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((id) => limit(task(id))));
    expect(peak).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    // Slots are all free again.
    expect(await Promise.all([limit(async () => 'a'), limit(async () => 'b')])).toEqual(['a', 'b']);
  });
});
