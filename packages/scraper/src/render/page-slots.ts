interface Waiter {
  grant: () => void;
  fail: (reason: unknown) => void;
}

/**
 * Counts open browser pages: at most `size` at once, the rest wait in arrival order. A waiter
 * whose signal aborts leaves the queue; `failAll` empties it when the pool closes.
 */
export class PageSlots {
  private active = 0;
  private readonly queue: Waiter[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`PageSlots size must be a positive integer, got ${size}`);
  }

  get inUse(): number {
    return this.active;
  }

  get waiting(): number {
    return this.queue.length;
  }

  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.active < this.size) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        const index = this.queue.indexOf(waiter);
        if (index >= 0) this.queue.splice(index, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        // The slot passes straight from the releaser to this waiter; `active` does not change.
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        fail: (reason) => {
          signal?.removeEventListener('abort', onAbort);
          reject(reason);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  release(): void {
    const next = this.queue.shift();
    if (next) next.grant();
    else if (this.active > 0) this.active--;
  }

  failAll(reason: unknown): void {
    for (const waiter of this.queue.splice(0)) waiter.fail(reason);
  }
}
