import { PageSlots } from './page-slots';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('PageSlots', () => {
  it('lets `size` holders in and queues the rest in arrival order', async () => {
    const slots = new PageSlots(2);
    const order: number[] = [];
    await slots.acquire();
    await slots.acquire();
    const third = slots.acquire().then(() => order.push(3));
    const fourth = slots.acquire().then(() => order.push(4));
    await tick();
    expect([slots.inUse, slots.waiting, order]).toEqual([2, 2, []]);
    slots.release();
    await third;
    expect([slots.inUse, slots.waiting, order]).toEqual([2, 1, [3]]);
    slots.release();
    await fourth;
    slots.release();
    slots.release();
    expect([slots.inUse, slots.waiting, order]).toEqual([0, 0, [3, 4]]);
  });

  it('drops a waiter whose signal aborts, without losing a slot', async () => {
    const slots = new PageSlots(1);
    await slots.acquire();
    const controller = new AbortController();
    const gaveUp = slots.acquire(controller.signal);
    controller.abort(new Error('caller gave up'));
    await expect(gaveUp).rejects.toThrow('caller gave up');
    expect(slots.waiting).toBe(0);
    slots.release();
    expect(slots.inUse).toBe(0);
    await expect(slots.acquire(AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });

  it('fails every waiter on failAll', async () => {
    const slots = new PageSlots(1);
    await slots.acquire();
    const waiting = [slots.acquire(), slots.acquire()];
    slots.failAll(new Error('pool closed'));
    for (const w of waiting) await expect(w).rejects.toThrow('pool closed');
    expect(slots.waiting).toBe(0);
  });

  it('refuses a size below one', () => {
    expect(() => new PageSlots(0)).toThrow(RangeError);
  });
});
